/**
 * Benchmark of the bulk status change by filter (declarations issue: 10,000 declarations in one
 * transaction in under 5 s), on the million-row database of the list benchmark.
 *
 *   node --import tsx bench/declaration-bulk-state.ts [--db postgres|pglite] [--rows 1000000] [--target 10000] [--runs 3] [--reuse]
 *
 * Each run picks a date window holding exactly `target` declarations of the most common status, posts
 * `POST /api/admin/v2/declaration/edit/state` with that filter over HTTP (new status 36, a note),
 * times the reply, then checks that every one of them moved and has its status-history entry.
 * Successive runs take the next older window, so every run moves rows that have not moved yet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { manualSourcesOf } from '@app/contract/declaration-workflow';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/api/src/config';
import { fillBenchData, officeDateTime, one, openBenchDatabase, serverVersion, serveBenchApp } from './bench-db';

const TARGET_MS = 5_000;
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
    target: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    reuse: { type: 'boolean', default: false },
  },
});
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const kind: 'postgres' | 'pglite' = args.db;
const rowCount = Number(args.rows);
const target = Number(args.target);
const runs = Math.max(1, Number(args.runs));
const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };
const timeZone = config.APP_TIMEZONE;

const { database, fresh, cleanup } = await openBenchDatabase(kind, { reuse: args.reuse, connections: 4 });
const db = database.db;
console.log(`Bulk status change benchmark: ${kind}, ${rowCount.toLocaleString('en')} rows, ${target.toLocaleString('en')} per change, ${runs} runs`);
await database.migrate();
if (fresh) {
  console.log('Generating data…');
  const g = await fillBenchData(db, rowCount);
  console.log(`Generation: ${g.seconds.toFixed(1)} s (${g.parts})`);
}
const { app, base, token } = await serveBenchApp(db, config);

// The most common status of the generated data that may go to 36 ('held at customs') is the one
// moved (issue 13: the rule table's sources; handed-over and returned parcels would be skipped).
const sources = manualSourcesOf(36);
const from = await one<{ status_id: number; n: number }>(db, sql`
  select status_id, count(*)::int as n from declarations
  where deleted_at is null and status_id in (${sql.join(sources.map((s) => sql`${s}`), sql`, `)})
  group by status_id order by n desc limit 1`);
const fromStatus = Number(from.status_id);
console.log(`Moving declarations of status ${fromStatus} (${Number(from.n).toLocaleString('en')} of them)`);
interface Run { window: string; matched: number; moved: number; history: number; ms: number }
const results: Run[] = [];
let before = new Date(Date.now() + 86_400_000);
for (let i = 0; i < runs; i++) {
  // The window [from, to] in office time that holds `target` listed declarations of status 7, newest first.
  const to = officeDateTime(before, timeZone);
  const edge = await one<{ created_at: string | Date } | undefined>(db, sql`
    select created_at from declarations
    where status_id = ${fromStatus} and deleted_at is null and created_at <= ${before.toISOString()}::timestamptz
    order by created_at desc, id desc offset ${target - 1} limit 1`);
  if (!edge) throw new Error(`fewer than ${target} declarations of status ${fromStatus} left`);
  const fromDate = new Date(edge.created_at);
  const fromText = officeDateTime(fromDate, timeZone);
  const note = `bench-${Date.now()}-${i}`;
  const matched = Number((await one<{ n: number }>(db, sql`
    select count(*)::int as n from declarations
    where status_id = ${fromStatus} and deleted_at is null
      and created_at >= (${fromText}::timestamp at time zone ${timeZone}) and created_at <= (${to}::timestamp at time zone ${timeZone}) + interval '999 milliseconds'`)).n);
  const body = new URLSearchParams({ state_id: String(fromStatus), date_from: fromText, date_to: to, new_state_id: '36', new_descr: note });
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/v2/declaration/edit/state`, {
    method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`bulk change failed: ${res.status} ${await res.text()}`);
  const moved = ((await res.json()) as { data: { count: number } }).data.count;
  const history = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from status_history where model_id = 2 and state_id = 36 and note = ${note}`)).n);
  results.push({ window: `${fromText} → ${to}`, matched, moved, history, ms });
  console.log(`run ${i + 1}: ${moved.toLocaleString('en')} moved (matched ${matched.toLocaleString('en')}, history ${history.toLocaleString('en')}) in ${ms.toFixed(0)} ms`);
  before = new Date(fromDate.getTime() - 1000);
}
const version = await serverVersion(db);
await app.close();
await database.close();
cleanup();

const misses = results.filter((r) => !(r.ms < TARGET_MS) || r.moved !== r.history || r.moved < target);
const date = new Date().toISOString().slice(0, 10);
const report = [
  `# Bulk status change benchmark: ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${date}`,
  '',
  `- Call: \`POST /api/admin/v2/declaration/edit/state\` with \`state_id=${fromStatus}\` (the most common status) and a date window, \`new_state_id=36\` and a note, over HTTP on loopback`,
  `- Database: ${version}; ${rowCount.toLocaleString('en')} declarations`,
  `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  `- Target: ${target.toLocaleString('en')} declarations in one transaction in under ${TARGET_MS / 1000} s, each with its status-history entry`,
  '',
  '| run | window (office time) | matched | moved | history entries | ms |',
  '| ---: | --- | ---: | ---: | ---: | ---: |',
  ...results.map((r, i) => `| ${i + 1} | ${r.window} | ${r.matched.toLocaleString('en')} | ${r.moved.toLocaleString('en')} | ${r.history.toLocaleString('en')} | ${r.ms.toFixed(0)} |`),
  '',
  misses.length ? `**Missed:** runs ${misses.map((r) => results.indexOf(r) + 1).join(', ')}` : 'Every run met the target.',
  '',
].join('\n');
const file = path.join(import.meta.dirname, 'results', `bulk-state-${kind}-${date}.md`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, report);
console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), file)}`);
if (misses.length) process.exitCode = 1;
