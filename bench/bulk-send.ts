/**
 * Benchmark of a bulk SMS to 100,000 customers (issue 20 item 4 / Performance): the time from the
 * POST to the last message accepted by the SMS simulator, and the declarations list's p95 before
 * and while the bulk is sending (target: < 2 min; the list at most 20% slower).
 *
 *   node --import tsx bench/bulk-send.ts [--db postgres|pglite] [--rows 300000] [--recipients 100000]
 *                                        [--connections 10] [--seconds 8] [--concurrency 64] [--reuse]
 *
 * The database is PostgreSQL `bench_bulk_send` on 127.0.0.1:5432 (its own, so other benchmarks'
 * databases are left alone) or PGlite in a temp dir, filled with the project's generator (100,000
 * customers, `rows` declarations); `recipients` customers get a phone and send_sms. The simulators of
 * the four channels run in a child process (as a provider would be elsewhere), the list load in
 * another (bench/load-process.ts); the API with its job runner runs in this process, as main.ts runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/api/src/config';
import { fillBenchData, one, serverVersion, runLoad, type LoadFigures, openBenchDatabase, serveBenchApp } from './bench-db';

const TARGET_SECONDS = 120;
const TARGET_SLOWDOWN = 0.2;
const PG_DB = 'bench_bulk_send';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '300000' },
    recipients: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '64' },
    reuse: { type: 'boolean', default: false },
    'simulator-only': { type: 'boolean', default: false },
  },
});

// ---------------------------------------------------------------- the simulators' child process
if (args['simulator-only']) {
  const { startNotifySimulators } = await import('../apps/api/src/integrations/notify/simulators');
  const sims = await startNotifySimulators();
  process.stdout.write(`${JSON.stringify({ config: sims.config })}\n`);
  // 'count' on stdin → the number of SMS received so far
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text: string) => {
    for (const line of text.split('\n').filter(Boolean)) {
      if (line === 'count') process.stdout.write(`${JSON.stringify({ sms: sims.sms.messages().length })}\n`);
    }
  });
  process.stdin.on('end', () => void sims.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
  const kind: 'postgres' | 'pglite' = args.db;
  const rowCount = Number(args.rows);
  const recipients = Number(args.recipients);
  const connections = Math.max(1, Number(args.connections));
  const seconds = Math.max(2, Number(args.seconds));

  // simulators elsewhere
  const simProcess = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--simulator-only'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const simLines = lineReader(simProcess);
  const simConfig = (JSON.parse(await simLines.next()) as { config: Record<string, string> }).config;
  const smsCount = async () => {
    simProcess.stdin!.write('count\n');
    return (JSON.parse(await simLines.next()) as { sms: number }).sms;
  };

  const { database, fresh, cleanup } = await openDatabase(kind, args.reuse);
  const db = database.db;
  console.log(`Bulk send benchmark: ${kind}, ${rowCount.toLocaleString('en')} declarations, ${recipients.toLocaleString('en')} recipients, ` +
    `list load ${connections} connections × ${seconds} s, send concurrency ${args.concurrency}; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await database.migrate();
  if (fresh) {
    console.log('Generating data…');
    const g = await fillBenchData(db, rowCount);
    console.log(`Generation: ${g.seconds.toFixed(1)} s (${g.parts})`);
  }
  // `recipients` customers take SMS (a valid, unique number each); the others do not.
  await db.execute(sql`
    update users u set send_sms = (r.rn <= ${recipients}), phone = '99470' || lpad(u.id::text, 7, '0')
    from (select id, row_number() over (order by id) as rn from users where admin = 0 and deleted_at is null and not blocked) r
    where u.id = r.id`);
  await db.execute(sql`delete from notification_messages where bulk_id is not null`);
  await db.execute(sql`delete from bulk_sends`);
  await db.execute(sql`delete from jobs where name like 'bulk-notifications.%'`);
  if (kind === 'postgres') await db.execute(sql`vacuum analyze users`);

  const config = {
    ...readConfig({}), ...simConfig, LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600,
    NOTIFY_CONCURRENCY: Number(args.concurrency), NOTIFY_TIMEOUT_MS: 10_000,
  } as ReturnType<typeof readConfig>;
  const { app, base, token } = await serveBenchApp(db, config);
  const listUrl = `${base}/api/admin/v2/declaration/list?page=1&per_page=50`;

  // warm-up, then the list alone
  await runLoad(listUrl, token, connections, 2);
  const before = await runLoad(listUrl, token, connections, seconds);
  console.log(`List alone: p50 ${ms(before.p50)} ms, p95 ${ms(before.p95)} ms, ${before.rps.toFixed(0)} req/s`);

  app.jobs.start(200);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await fetch(`${base}/api/admin/bulk_sms/send`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ search_id: 'all', body: 'Hörmətli {customer_name}, yeni kampaniya başladı!' }),
  });
  const replyMs = performance.now() - t0;
  if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { id: number; recipients_total: number } };
  console.log(`POST bulk_sms/send answered in ${replyMs.toFixed(0)} ms: bulk #${data.id}, ${data.recipients_total.toLocaleString('en')} recipients`);

  // the list under load in back-to-back windows for as long as the bulk sends, and its progress meanwhile
  let sending = true;
  const windows: (Load & { at: number })[] = [];
  const loads = (async () => {
    while (sending) windows.push({ ...(await runLoad(listUrl, token, connections, seconds)), at: (performance.now() - t0) / 1000 });
  })();
  let status = '';
  let expandedAt = NaN;
  let last = { sent: 0, failed: 0 };
  for (;;) {
    const row = await one<{ status: string; sent: number; failed: number; enqueued: number; recipients_total: number }>(db,
      sql`select status, sent, failed, enqueued, recipients_total from bulk_sends where id = ${data.id}`);
    if (row.status !== 'queued' && Number.isNaN(expandedAt)) expandedAt = performance.now() - t0;
    last = { sent: Number(row.sent), failed: Number(row.failed) };
    status = row.status;
    if (status === 'done' || status === 'failed' || status === 'cancelled') break;
    if (performance.now() - t0 > 15 * 60_000) throw new Error('gave up after 15 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const totalSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  sending = false;
  await loads;
  const after = await runLoad(listUrl, token, connections, seconds);
  const received = await smsCount();
  // windows that ended while the bulk was still sending (the last one may reach past its end)
  const inside = windows.filter((w) => w.at <= totalSeconds + seconds / 2);
  const p95s = inside.map((w) => w.p95).sort((a, b) => a - b);
  const medianP95 = p95s.length ? p95s[Math.floor((p95s.length - 1) / 2)]! : NaN;
  const requestsWhile = inside.reduce((n, w) => n + w.requests, 0);
  await app.close();
  simProcess.stdin!.end();
  await database.close();
  cleanup();

  const baseline = Math.max(before.p95, after.p95);
  const slowdown = medianP95 / baseline - 1;
  const lines = [
    `# Bulk SMS of ${data.recipients_total.toLocaleString('en')} recipients (${kind})`,
    '',
    `${new Date().toISOString()} · ${kind === 'postgres' ? await serverVersionSafe() : 'PGlite'} · Node ${process.version} · ${os.cpus().length} CPUs · load average before ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    '',
    '| measure | value | target |',
    '| --- | ---: | ---: |',
    `| POST bulk_sms/send reply | ${replyMs.toFixed(0)} ms | |`,
    `| recipients expanded (status running) | ${(expandedAt / 1000).toFixed(1)} s | |`,
    `| all sent (status ${status}) | ${totalSeconds.toFixed(1)} s | < ${TARGET_SECONDS} s |`,
    `| throughput | ${((last.sent + last.failed) / totalSeconds).toFixed(0)} msg/s | |`,
    `| API process CPU (job runner + the list load's requests) | ${(cpuMs / 1000).toFixed(1)} s, ${(cpuMs / Math.max(1, last.sent + last.failed)).toFixed(3)} ms per message | |`,
    `| sent / failed / received by the simulator | ${last.sent.toLocaleString('en')} / ${last.failed} / ${received.toLocaleString('en')} | |`,
    `| list p95 alone, before / after | ${ms(before.p95)} / ${ms(after.p95)} ms (p50 ${ms(before.p50)} / ${ms(after.p50)}; ${before.rps.toFixed(0)} / ${after.rps.toFixed(0)} req/s) | |`,
    `| list p95 while sending: median of ${inside.length} windows of ${seconds} s (each) | ${ms(medianP95)} ms (${p95s.map(ms).join(', ')}; ${requestsWhile} requests) | ≤ +${TARGET_SLOWDOWN * 100}% |`,
    `| p95 while sending vs the worse of before/after | ${Number.isFinite(slowdown) ? `${slowdown >= 0 ? '+' : ''}${(slowdown * 100).toFixed(0)}%` : '–'} | |`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const out = path.join(import.meta.dirname, 'results', `bulk-send-${kind}-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`Written to ${path.relative(process.cwd(), out)}`);
  process.exit(0);

  async function serverVersionSafe() {
    try {
      return await serverVersion(db);
    } catch {
      return 'PostgreSQL';
    }
  }
}

function openDatabase(kind: 'postgres' | 'pglite', reuse: boolean) {
  return openBenchDatabase(kind, { reuse, connections: 10, name: PG_DB });
}

function ms(x: number): string {
  return Number.isFinite(x) ? x.toFixed(1) : '–';
}

type Load = LoadFigures;


/** Lines of a child's stdout, one at a time. */
function lineReader(child: ChildProcess) {
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  const ready: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let i: number;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      const next = waiting.shift();
      if (next) next(line);
      else ready.push(line);
    }
  });
  return { next: () => new Promise<string>((resolve) => { const line = ready.shift(); if (line !== undefined) resolve(line); else waiting.push(resolve); }) };
}
