/**
 * Benchmark of the declaration exports (documents issue):
 *  1. an export task of `rows` declarations (default 100,000) on PostgreSQL completes with the API
 *     process's peak memory (VmHWM) under 300 MB;
 *  2. a direct download of 10,000 rows streams its first bytes within 2 s.
 *
 *   node --import tsx bench/declaration-exports.ts [--rows 100000] [--reuse]
 *
 * Builds the database `bench_documents` on 127.0.0.1:5432 with the project's generator, then runs
 * the real API as a separate process (apps/api/src/main.ts) so its memory is measured alone.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import ExcelJS from 'exceljs';
import { openPostgres } from '../apps/api/src/db/client';
import { fillBenchData, logIn, one, serverVersion } from './bench-db';

const PEAK_TARGET_MB = 300;
const FIRST_BYTES_TARGET_MS = 2_000;
const DIRECT_ROWS = 10_000;
const DB_NAME = 'bench_documents';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_URL = `postgres://postgres@127.0.0.1:5432/${DB_NAME}`;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, reuse: { type: 'boolean', default: false }, port: { type: 'string', default: '9195' }, compiled: { type: 'boolean', default: false }, 'node-flags': { type: 'string', default: '--expose-gc' } } });
const rowCount = Number(args.rows);

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount === 1;
const fresh = !(args.reuse && exists);
if (fresh) {
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
}
await admin.end();
const database = await openPostgres(DB_URL, 4);
await database.migrate();
if (fresh) {
  console.log(`Generating ${rowCount.toLocaleString('en')} declarations…`);
  const g = await fillBenchData(database.db, rowCount);
  console.log(`Generation: ${g.seconds.toFixed(1)} s (${g.parts})`);
}
const listed = await one<{ n: number }>(database.db, sql`select count(*)::int as n from declarations where deleted_at is null`);
// The newest DIRECT_ROWS declarations: the window a direct download is asked for.
const edge = await one<{ t: string }>(database.db, sql`
  select to_char(created_at at time zone 'Asia/Baku', 'YYYY-MM-DD HH24:MI:SS') as t
  from declarations where deleted_at is null order by created_at desc, id desc offset ${DIRECT_ROWS - 1} limit 1`);
const version = await serverVersion(database.db);
await database.close();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
const probeFile = path.join(dataDir, 'memory.jsonl');
// `npm start` runs the API's TypeScript through tsx (which keeps its transforms and source maps in
// the process); --compiled runs the same code bundled by esbuild into plain JavaScript instead.
const entry = args.compiled ? await bundleApi() : 'apps/api/src/main.ts';
// --node-flags: V8/Node options of the API process; by default those of `npm start` (scripts/start.mjs).
// --node-flags= (empty) measures V8's default heap policy.
const nodeFlags = args['node-flags'].split(' ').filter(Boolean);
const runtime = `${args.compiled ? 'plain node, bundled by esbuild' : 'node --import tsx'}, ${nodeFlags.length ? nodeFlags.join(' ') : 'no V8 flags'}`;
// The bundle is imported from `-e` so that no module of it sees itself as the main script (the
// marketplace simulator starts its own server when it is).
const main = args.compiled ? ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(path.join(ROOT, entry)).href)})`] : [entry];
const api = spawn(process.execPath, [...nodeFlags, ...(args.compiled ? [] : ['--import', 'tsx']), '--import', './bench/memory-probe.mjs', ...main], {
  cwd: ROOT,
  env: { ...process.env, MEMORY_PROBE_FILE: probeFile, DATABASE_URL: DB_URL, DATA_DIR: dataDir, PORT: args.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', WEB_DIST: '/nonexistent' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${args.port}`;
const status = (key: 'VmHWM' | 'VmRSS') => {
  const text = fs.readFileSync(`/proc/${api.pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
};
try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/api/health`)).status < 500) break; } catch { /* not up yet */ }
    if (i > 120) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const token = await logIn(base);
  const headers = { authorization: `Bearer ${token}` };
  // Let start-up garbage settle before taking the resting figure.
  await new Promise((r) => setTimeout(r, 3_000));
  const startRss = status('VmRSS');
  const restHwm = status('VmHWM');
  const marks: Record<string, number> = { rest: Date.now() };

  // 1. Direct download of the newest 10,000 rows: time to the first body bytes and to the end.
  const started = performance.now();
  marks.direct = Date.now();
  const res = await fetch(`${base}/api/admin/declaration/export?date_from=${encodeURIComponent(edge.t)}`, { headers });
  if (res.status !== 200) throw new Error(`direct export: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let firstBytesMs = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstBytesMs) firstBytesMs = performance.now() - started;
    chunks.push(value);
  }
  const directMs = performance.now() - started;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const directRows = wb.worksheets[0]!.actualRowCount - 1;

  // 2. Export task of every declaration, polled until ready.
  const directHwm = status('VmHWM');
  // The peak of the task alone: reset VmHWM (Linux clear_refs 5), so the log-in's argon2 hash
  // (64 MiB of native memory, freed at once) and start-up do not count as the export's peak.
  fs.writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
  const taskStarted = performance.now();
  marks.task = Date.now();
  const queued = await fetch(`${base}/api/admin/declaration/export?as_task=1`, { headers });
  if (queued.status !== 202) throw new Error(`export task: ${queued.status} ${await queued.text()}`);
  const taskId = ((await queued.json()) as { data: { task_id: number } }).data.task_id;
  let task: { status: { id: number }; rows: number | null; error: string | null } | undefined;
  let peakRss = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    peakRss = Math.max(peakRss, status('VmRSS'));
    const list = (await (await fetch(`${base}/api/admin/export/declaration/task_list?per_page=5`, { headers })).json()) as { data: { id: number; status: { id: number }; rows: number | null; error: string | null }[] };
    task = list.data.find((t) => t.id === taskId);
    if (task && (task.status.id === 134 || task.status.id === 133)) break;
  }
  const taskMs = performance.now() - taskStarted;
  marks.end = Date.now();
  await new Promise((r) => setTimeout(r, 300));
  const fileBytes = (await (await fetch(`${base}/api/admin/export/declaration/download/${taskId}`, { headers })).arrayBuffer()).byteLength;
  const peak = status('VmHWM');
  const peakBeforeTask = Math.max(restHwm, directHwm);

  const lines = [
    `# Declaration exports benchmark (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${version}; ${listed.n.toLocaleString('en')} declarations; API in its own process (apps/api/src/main.ts, ${runtime}).`,
    '',
    '| measure | result | target | |',
    '| --- | --- | --- | --- |',
    `| direct download of ${directRows.toLocaleString('en')} rows: first bytes | ${Math.round(firstBytesMs)} ms | < ${FIRST_BYTES_TARGET_MS} ms | ${firstBytesMs < FIRST_BYTES_TARGET_MS ? 'ok' : 'MISSED'} |`,
    `| direct download of ${directRows.toLocaleString('en')} rows: whole file | ${Math.round(directMs)} ms | | |`,
    `| export task of ${(task?.rows ?? 0).toLocaleString('en')} rows (status ${task?.status.id}) | ${(taskMs / 1000).toFixed(1)} s, ${(fileBytes / 1024 / 1024).toFixed(1)} MB file | | |`,
    `| API process peak memory during the export task (VmHWM reset when the task starts) | ${peak.toFixed(0)} MB (RSS at rest ${startRss.toFixed(0)} MB; sampled RSS peak ${peakRss.toFixed(0)} MB) | < ${PEAK_TARGET_MB} MB | ${peak < PEAK_TARGET_MB ? 'ok' : 'MISSED'} |`,
    `| API process peak before the task (start-up, log-in, direct download) | ${peakBeforeTask.toFixed(0)} MB | | |`,
    '',
    'Where the memory is (process.memoryUsage() sampled every 100 ms inside the API process, MB; max of each figure over the phase):',
    '',
    '| phase | rss | heap total | heap used | external | of which ArrayBuffers |',
    '| --- | --- | --- | --- | --- | --- |',
    ...memoryPhases(probeFile, marks),
  ];
  console.log(lines.join('\n'));
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, `bench/results/exports-postgres${args.compiled ? '-compiled' : ''}${nodeFlags.length ? '' : '-default-v8'}-${new Date().toISOString().slice(0, 10)}.md`), `${lines.join('\n')}\n`);
  if (task?.error) console.log(`task error: ${task.error}`);
} finally {
  // Wait for the API to exit: a next run on the same port must not reach this one.
  const exited = new Promise((r) => api.once('exit', r));
  api.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function memoryPhases(file: string, marks: Record<string, number>): string[] {
  type Sample = { t: number; rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  const samples = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Sample);
  const phases: [string, number, number][] = [
    ['at rest (3 s after start-up)', marks.rest! - 1_000, marks.rest!],
    ['direct download of 10,000 rows', marks.direct!, marks.task!],
    ['export task', marks.task!, marks.end!],
  ];
  return phases.map(([name, from, to]) => {
    const inPhase = samples.filter((s) => s.t >= from && s.t <= to);
    const max = (k: keyof Sample) => Math.max(0, ...inPhase.map((s) => s[k])).toFixed(0);
    return `| ${name} | ${max('rss')} | ${max('heapTotal')} | ${max('heapUsed')} | ${max('external')} | ${max('arrayBuffers')} |`;
  });
}

/** Bundles the API into one plain-JavaScript file (dependencies stay in node_modules). */
async function bundleApi(): Promise<string> {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const external = Object.keys(pkg.dependencies).filter((n) => n !== '@app/contract').flatMap((n) => [n, `${n}/*`]);
  // Beside the bundle: the migrations it reads (import.meta.dirname) and the packages it imports.
  const out = path.join(ROOT, 'apps/api/src/db', `.bench-bundle-${process.pid}.mjs`);
  await build({ entryPoints: [path.join(ROOT, 'apps/api/src/main.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', external, outfile: out, logLevel: 'warning' });
  process.on('exit', () => fs.rmSync(out, { force: true }));
  return path.relative(ROOT, out);
}
