/**
 * Benchmark of file imports against the event loop (issue 13, item 7): while a big spreadsheet is
 * uploaded to an import endpoint, another client pings a cheap endpoint every 10 ms; no ping may
 * wait more than 100 ms.
 *
 *   node --import tsx bench/import-event-loop.ts [--db pglite|postgres] [--endpoint customs|declaration-import] [--port 9196]
 *
 * Runs the real API (apps/api/src/main.ts) as a separate process, on PGlite in a temp dir (default)
 * or on PostgreSQL (`bench_imports` on 127.0.0.1:5432, dropped and created again), with the demo
 * data, so the ping latencies and the memory are the API's alone. Files (generated once into
 * $TMPDIR/bench-import-files):
 *   (a) a ~20 MB .xlsx: a track code and five columns of random text per row (hard to compress);
 *   (b) 600,000 rows of one column of track codes (shared strings, as Excel writes them);
 *   (c) ~20 MB under the row cap (19,999 rows of 67 columns): a file that is read whole.
 * Both endpoints read the first column.
 * For each file it prints: the upload's answer and time, max / p99 / p50 ping latency during the
 * upload, pings over 100 ms, the server's own longest event-loop delay (bench/event-loop-probe.mjs)
 * and the API process's peak RSS during the upload (VmHWM reset before); first, the pings with no
 * upload, as the baseline of the machine's load.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { logIn } from './bench-db';

const TARGET_MS = 100;
const PING_EVERY_MS = 10;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const FILE_DIR = path.join(os.tmpdir(), 'bench-import-files');
const PG_DB = 'bench_imports';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    endpoint: { type: 'string', default: 'customs' },
    port: { type: 'string', default: '9196' },
    'node-flags': { type: 'string', default: '--expose-gc' },
  },
});
if (!['pglite', 'postgres'].includes(args.db)) throw new Error('--db pglite|postgres');
if (!['customs', 'declaration-import'].includes(args.endpoint)) throw new Error('--endpoint customs|declaration-import');

// ---------------------------------------------------------------- the files

interface BenchFile { name: string; label: string; file: string; rows: number }

async function writeSheet(file: string, rows: number, useSharedStrings: boolean, row: (i: number) => (string | number)[]): Promise<void> {
  const tmp = `${file}.part`;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useSharedStrings, useStyles: false });
  const ws = wb.addWorksheet('Sheet1');
  for (let i = 0; i < rows; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  fs.renameSync(tmp, file);
}

const code = (i: number) => `AZ${3_000_000_000 + i}`;

async function benchFiles(): Promise<BenchFile[]> {
  fs.mkdirSync(FILE_DIR, { recursive: true });
  const big = path.join(FILE_DIR, 'random-20mb.xlsx');
  const BIG_ROWS = 238_000;
  if (!fs.existsSync(big)) {
    console.log('Generating (a) ~20 MB .xlsx…');
    await writeSheet(big, BIG_ROWS, false, (i) => [code(i), ...[1, 2, 3, 4, 5].map(() => randomBytes(9).toString('base64'))]);
  }
  const tall = path.join(FILE_DIR, 'codes-600k.xlsx');
  const TALL_ROWS = 600_000;
  if (!fs.existsSync(tall)) {
    console.log('Generating (b) 600,000-row .xlsx…');
    await writeSheet(tall, TALL_ROWS, true, (i) => [code(i)]);
  }
  // (c) a file read whole: just under the row cap, ~20 MB because its rows are wide.
  const wide = path.join(FILE_DIR, 'wide-20mb-under-cap.xlsx');
  const WIDE_ROWS = 19_999;
  if (!fs.existsSync(wide)) {
    console.log('Generating (c) ~20 MB .xlsx of 19,999 wide rows…');
    await writeSheet(wide, WIDE_ROWS, false, (i) => [code(i), ...Array.from({ length: 66 }, () => randomBytes(9).toString('base64'))]);
  }
  return [
    { name: 'c', label: '(c) 19,999 rows (under the cap) × track code + 66 columns of random text', file: wide, rows: WIDE_ROWS },
    { name: 'a', label: '(a) track code + 5 columns of random text', file: big, rows: BIG_ROWS },
    { name: 'b', label: '(b) one column of track codes', file: tall, rows: TALL_ROWS },
  ];
}

// ---------------------------------------------------------------- the API process

async function prepareDatabase(): Promise<string | undefined> {
  if (args.db !== 'postgres') return undefined;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_DB} with (force)`);
  await admin.query(`create database ${PG_DB}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${PG_DB}`;
}

const files = await benchFiles();
const databaseUrl = await prepareDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-imports-'));
const probeFile = path.join(dataDir, 'event-loop.jsonl');
const api = spawn(process.execPath, [...args['node-flags'].split(' ').filter(Boolean), '--import', 'tsx', '--import', './bench/event-loop-probe.mjs', 'apps/api/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env, EVENT_LOOP_PROBE_FILE: probeFile, DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir, PORT: args.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn',
    SEED_DEMO: 'auto', DEMO_DECLARATIONS: '2000', DEMO_CUSTOMERS: '200', WEB_DIST: '/nonexistent',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${args.port}`;
const procStatus = (key: 'VmHWM' | 'VmRSS') => {
  const text = fs.readFileSync(`/proc/${api.pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
};

function multipart(fields: Record<string, string>, file: Buffer, fileName: string): { body: Buffer; contentType: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="document_file"; filename="${fileName}"\r\ncontent-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Result { label: string; mb: number; rows: number; status: number; answer: string; uploadMs: number; pings: number; max: number; p99: number; p50: number; over: number; loopMax: number; peakRss: number; restRss: number }

/** The server's longest event-loop delay between two times (the probe's 100 ms slices). */
function serverLoopMax(from: number, to: number): number {
  const lines = fs.existsSync(probeFile) ? fs.readFileSync(probeFile, 'utf8').trim().split('\n') : [];
  return lines.map((l) => JSON.parse(l) as { t: number; max: number }).filter((s) => s.t >= from && s.t <= to + 100).reduce((m, s) => Math.max(m, s.max), 0);
}

/** The same pings with no upload: what the machine's load alone does to them. */
async function idlePings(ms: number): Promise<{ max: number; p99: number; loopMax: number }> {
  const latencies: number[] = [];
  const from = Date.now();
  while (Date.now() - from < ms) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, PING_EVERY_MS));
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { max: sorted.at(-1) ?? 0, p99: percentile(sorted, 99), loopMax: serverLoopMax(from, Date.now()) };
}

async function measure(f: BenchFile, url: string, fields: Record<string, string>, headers: Record<string, string>): Promise<Result> {
  const data = fs.readFileSync(f.file);
  const { body, contentType } = multipart(fields, data, path.basename(f.file));
  const payload = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 1_000));
  const restRss = procStatus('VmRSS');
  fs.writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
  const latencies: number[] = [];
  let uploading = true;
  // The pinger: one request at a time, a new one 10 ms after the last answer (a stall shows as one long ping).
  const pinger = (async () => {
    while (uploading) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, PING_EVERY_MS));
    }
  })();
  await new Promise((r) => setTimeout(r, 200));
  const startedAt = Date.now();
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: payload as unknown as BodyInit });
  const text = await res.text();
  const uploadMs = performance.now() - started;
  const loopMax = serverLoopMax(startedAt, Date.now());
  await new Promise((r) => setTimeout(r, 100));
  uploading = false;
  await pinger;
  const peakRss = procStatus('VmHWM');
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label: f.label, mb: data.length / 1024 / 1024, rows: f.rows, status: res.status, answer: text.slice(0, 90).replace(/\|/g, '/'), uploadMs,
    pings: sorted.length, max: sorted.at(-1) ?? 0, p99: percentile(sorted, 99), p50: percentile(sorted, 50), over: sorted.filter((l) => l > TARGET_MS).length, loopMax, peakRss, restRss,
  };
}

try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/api/health`)).status < 500) break; } catch { /* not up yet */ }
    if (i > 240) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const token = await logIn(base);
  const headers = { authorization: `Bearer ${token}` };
  let url = '/api/admin/customs/upload';
  const fields: Record<string, string> = {};
  if (args.endpoint === 'declaration-import') url = '/api/admin/declaration/import/match';
  // Warm up the route (first-call compilation) with a small file.
  await measure({ ...files[1]!, file: await smallFile(), rows: 10, label: 'warm-up' }, url, fields, headers);

  const idle = await idlePings(10_000);
  const results: Result[] = [];
  for (const f of files) results.push(await measure(f, url, fields, headers));

  const lines = [
    `# Imports and the event loop — ${args.db}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Endpoint \`POST ${url}\`; pings \`GET /api/health\` one at a time, ${PING_EVERY_MS} ms apart; target: no ping over ${TARGET_MS} ms.`,
    `Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; Node ${process.version}.`,
    '',
    `No upload (10 s of pings, same load): ping max ${idle.max.toFixed(0)} ms, p99 ${idle.p99.toFixed(0)} ms; server event-loop delay max ${idle.loopMax.toFixed(0)} ms.`,
    '',
    '| file | MB | rows | answer | upload ms | pings | ping max ms | p99 | p50 | pings > 100 ms | server event-loop delay max ms | RSS before → peak MB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.label} | ${r.mb.toFixed(1)} | ${r.rows.toLocaleString('en')} | ${r.status} ${r.answer} | ${r.uploadMs.toFixed(0)} | ${r.pings} | **${r.max.toFixed(0)}** | ${r.p99.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.over} | ${r.loopMax.toFixed(0)} | ${r.restRss.toFixed(0)} → ${r.peakRss.toFixed(0)} |`),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const out = path.join(ROOT, 'bench', 'results', `import-event-loop-${args.db}-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`Written to ${path.relative(ROOT, out)}`);
  process.exitCode = results.some((r) => r.max > TARGET_MS) ? 1 : 0;
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function smallFile(): Promise<string> {
  const file = path.join(FILE_DIR, 'small.xlsx');
  if (!fs.existsSync(file)) await writeSheet(file, 10, true, (i) => [code(i)]);
  return file;
}
