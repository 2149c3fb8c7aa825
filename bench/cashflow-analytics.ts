/**
 * Load benchmark of the cash-flow analytics (issue 17 item 6: "the analytics over a year answers in
 * < 300 ms"): GET /api/admin/cashbox_statistics and /cashbox_statistics/daily over a year of
 * operations, plus the cash-flow transactions list (GET /api/admin/cashbox_operations).
 *
 *   node --import tsx bench/cashflow-analytics.ts [--db postgres|pglite] [--rows 300000] [--duration 10]
 *                                                 [--connections 10] [--only name,name] [--reuse]
 *
 * Builds a fresh database (PostgreSQL `bench_cashflow` on 127.0.0.1:5432, or PGlite in a temp dir):
 * reference data and the demo (registers 1, 2 AZN, 3 USD and the TRY one, the category tree, the
 * demo's ~2,000 operations), then `rows` cash operations in one set-based insert spread over the
 * last 365 days and the four registers (income, expense, ~3% transfers, ~2% cancelled), each with
 * one post entry per movement (the list's previous balance reads them; their balances are not a
 * consistent ledger: nothing here checks it). Starts the real app in-process and, per scenario,
 * prints the HTTP latency under `connections` concurrent clients (autocannon in a separate process)
 * beside the raw time of the same service call on the database. Writes bench/results/cashflow-*.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZCashboxDailyQuery, ZCashboxStatisticsQuery, ZCashflowListQuery } from '@app/contract/cashflow';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/api/src/config';
import { type Db } from '../apps/api/src/db/client';
import { seedDemoData } from '../apps/api/src/db/seed/demo-seed';
import { seedReferenceData } from '../apps/api/src/db/seed/reference-data';
import { listCashflowTransactions, readCashboxDaily, readCashboxStatistics } from '../apps/api/src/modules/cashflow/service';
import { officeDateTime as officeDateTimeIn, one, serverVersion, runLoad as runBenchLoad, openBenchDatabase, serveBenchApp } from './bench-db';

const TARGET_P95_MS = 300;
const DAYS = 365;
const MAX_DURATION_S = 10;
const RAW_RUNS = 20;
const WARM_UP_S = 3;
const PG_BENCH_DB = 'bench_cashflow';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '300000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const kind: 'postgres' | 'pglite' = args.db;
const rowCount = Number(args.rows);
const duration = Math.min(MAX_DURATION_S, Math.max(1, Number(args.duration)));
const connections = Math.max(1, Number(args.connections));
if (!Number.isInteger(rowCount) || rowCount < 1000) throw new Error('--rows must be an integer ≥ 1000');

type Params = Record<string, string | number>;
type Call = 'statistics' | 'daily' | 'list';
interface Scenario { name: string; about: string; call: Call; params: Params }
interface Outcome {
  scenario: Scenario;
  p50: number; p95: number; p99: number; rps: number; requests: number; non2xx: number; errors: number;
  rawMs: number; size: string;
}
const PATHS: Record<Call, string> = {
  statistics: '/api/admin/cashbox_statistics', daily: '/api/admin/cashbox_statistics/daily', list: '/api/admin/cashbox_operations',
};

const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };
const timeZone = config.APP_TIMEZONE;
const officeDateTime = (date: Date) => officeDateTimeIn(date, timeZone);

// ---------------------------------------------------------------- data
function openDatabase() {
  return openBenchDatabase(kind, { reuse: Boolean(args.reuse), connections, name: PG_BENCH_DB });
}

/**
 * `count` cash operations, set-based, over the last DAYS days: registers 1-4 evenly, 55% income,
 * categories from the demo tree (children and the childless top-level ones), ~3% transfers to the
 * next register, ~2% cancelled; then one post entry per movement of every new operation.
 */
async function generateOperations(db: Db, count: number): Promise<void> {
  const before = Number((await one<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from cash_operations`)).n);
  const r = (salt: number) => sql.raw(`((hashint8extended(g::bigint, ${salt}) & 9007199254740991)::float8 / 9007199254740992.0)`);
  await db.execute(sql`
    with regs as (select array_agg(r.id order by r.id) as ids, array_agg(r.currency_id order by r.id) as cur from (
                    select id, currency_id from cash_registers where deleted_at is null order by id limit 4) r),
         cats as (select array_agg(c.id order by c.id) as ids from cash_categories c
                  where c.deleted_at is null and (c.parent_id is not null or not exists (select 1 from cash_categories k where k.parent_id = c.id))),
         staff as (select id from users where email = 'admin@example.az')
    insert into cash_operations (type, cash_register_id, currency_id, amount, payment_type, category_id, is_transfer, transfer_cash_register_id,
      transfer_currency_id, transfer_amount, transfer_category_id, transfer_rate, reason, description, user_id, status_id, operated_at, created_at, cancelled_at)
    select x.type, regs.ids[x.ri], regs.cur[x.ri], x.amount, 1, cats.ids[1 + floor(${r(4)} * array_length(cats.ids, 1))::int],
           x.is_transfer, case when x.is_transfer then regs.ids[x.ti] end, case when x.is_transfer then regs.cur[x.ti] end,
           case when x.is_transfer then x.amount end, case when x.is_transfer then cats.ids[1] end, null,
           case when x.is_transfer then 'transfer' else 'manual' end, case when ${r(5)} < 0.3 then 'Bench əməliyyatı ' || g end,
           (select id from staff), case when ${r(6)} < 0.02 then 21 else 18 end, x.at, x.at, null
    from (
      select g, 1 + (g % 4) as ri, 1 + ((g + 1) % 4) as ti, ${r(3)} < 0.03 as is_transfer,
             case when ${r(3)} < 0.03 then 2 when ${r(1)} < 0.55 then 1 else 2 end as type,
             round((1 + ${r(2)} * 499)::numeric, 2) as amount,
             now() - (${r(7)} * ${DAYS}) * interval '1 day' as at
      from generate_series(1, ${count}) g
    ) x cross join regs cross join cats
    order by x.at`);
  await db.execute(sql`
    insert into cash_register_entries (cash_register_id, operation_id, amount, balance_before, balance_after, kind, user_id, created_at)
    select m.register_id, m.id, m.amount, 1000, 1000 + m.amount, 'post', m.user_id, m.created_at from (
      select o.id, o.cash_register_id as register_id, case when o.type = 1 then o.amount else -o.amount end as amount, o.user_id, o.created_at, 0 as ord
      from cash_operations o where o.id > ${before}
      union all
      select o.id, o.transfer_cash_register_id, o.transfer_amount, o.user_id, o.created_at, 1
      from cash_operations o where o.id > ${before} and o.is_transfer) m
    order by m.id, m.ord`);
}

async function fillData(db: Db, count: number): Promise<string> {
  const t0 = performance.now();
  await seedReferenceData(db);
  await seedDemoData(db, { customers: 50, declarations: 0 });
  const t1 = performance.now();
  await generateOperations(db, count);
  const t2 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const t3 = performance.now();
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return `reference data + demo ${s(t1 - t0)} s, ${count.toLocaleString('en')} cash operations with their entries ${s(t2 - t1)} s, vacuum analyze ${s(t3 - t2)} s`;
}

// ---------------------------------------------------------------- scenarios
function buildScenarios(): Scenario[] {
  const now = new Date();
  const today = officeDateTime(now).slice(0, 10);
  const yearAgo = officeDateTime(new Date(now.getTime() - (DAYS - 1) * 86_400_000)).slice(0, 10);
  const monthAgo = officeDateTime(new Date(now.getTime() - 30 * 86_400_000)).slice(0, 10);
  const year = { start: `${yearAgo} 00:00:00`, end: `${today} 23:59:59` };
  const month = { start: `${monthAgo} 00:00:00`, end: `${today} 23:59:59` };
  return [
    { name: 'stats-year', about: 'cashbox_statistics, register 1, the last 365 days (categories tree)', call: 'statistics', params: { cashbox_id: 1, start_date: year.start, end_date: year.end } },
    { name: 'stats-month', about: 'cashbox_statistics, register 1, the last 31 days', call: 'statistics', params: { cashbox_id: 1, start_date: month.start, end_date: month.end } },
    { name: 'stats-all-time', about: 'cashbox_statistics, register 3 (USD), no period', call: 'statistics', params: { cashbox_id: 3 } },
    { name: 'daily-year', about: 'daily, register 1, the last 365 days, with the end-of-day balance (the analytics chart)', call: 'daily', params: { cashbox_id: 1, operation_date: `${year.start},${year.end}` } },
    { name: 'daily-year-all', about: 'daily, every register, the last 365 days', call: 'daily', params: { operation_date: `${year.start},${year.end}` } },
    { name: 'daily-drilldown', about: 'daily, register 2, expense, payment type 1, the last 365 days', call: 'daily', params: { cashbox_id: 2, operation: 2, payment_type: 1, operation_date: `${year.start},${year.end}` } },
    { name: 'list-month', about: 'cashbox_operations page 1, last 31 days (the list’s first view)', call: 'list', params: { operation_date: `${month.start},${month.end}` } },
    { name: 'list-register', about: 'cashbox_operations page 1, register 4 (a register’s double-click), all time', call: 'list', params: { cashbox_id: 4 } },
  ];
}

// ---------------------------------------------------------------- measuring
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function callService(db: Db, scenario: Scenario): Promise<string> {
  if (scenario.call === 'statistics') {
    const reply = await readCashboxStatistics(db, ZCashboxStatisticsQuery.parse(scenario.params), timeZone);
    return `${reply.categories.length} categories`;
  }
  if (scenario.call === 'daily') {
    const reply = await readCashboxDaily(db, ZCashboxDailyQuery.parse(scenario.params), timeZone);
    return `${reply.data.length} days, ${reply.total.count.toLocaleString('en')} movements`;
  }
  const reply = await listCashflowTransactions(db, ZCashflowListQuery.parse(scenario.params), timeZone);
  return `total ${reply.total.toLocaleString('en')} (${reply.total_kind ?? 'exact'})`;
}

async function measureRaw(db: Db, scenario: Scenario): Promise<{ ms: number; size: string }> {
  const times: number[] = [];
  let size = '';
  for (let i = 0; i < RAW_RUNS; i++) {
    const t = performance.now();
    size = await callService(db, scenario);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: percentile(times, 50), size };
}

const runLoad = (url: string, token: string, seconds = duration) => runBenchLoad(url, token, connections, seconds);

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

function table(outcomes: Outcome[]): string {
  const head = '| scenario | p50 ms | p95 ms | p99 ms | req/s | non-2xx | raw ms | size | p95 target |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |';
  const target = kind === 'postgres' ? `< ${TARGET_P95_MS}` : '–';
  const lines = outcomes.map((o) => `| ${o.scenario.name} | ${fmt(o.p50)} | ${fmt(o.p95)} | ${fmt(o.p99)} | ${fmt(o.rps, 0)} | ` +
    `${o.non2xx + o.errors} | ${fmt(o.rawMs, 2)} | ${o.size} | ${target} |`);
  return [head, rule, ...lines].join('\n');
}

// ---------------------------------------------------------------- main
const startLoad = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
const { database, fresh, cleanup } = await openDatabase();
const db = database.db;
console.log(`Cash-flow analytics benchmark: ${kind}, ${rowCount.toLocaleString('en')} operations, ${connections} connections, ${duration} s per scenario`);
await database.migrate();
let generation = 'reused an existing database (--reuse)';
if (fresh) {
  console.log('Generating data…');
  const t = performance.now();
  const parts = await fillData(db, rowCount);
  generation = `${((performance.now() - t) / 1000).toFixed(1)} s (${parts})`;
}
console.log(`Generation: ${generation}`);
const actualRows = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from cash_operations`)).n);

const { app, base, token } = await serveBenchApp(db, config);
const urlOf = (s: Scenario) => `${base}${PATHS[s.call]}?${new URLSearchParams(Object.entries(s.params).map(([k, v]) => [k, String(v)])).toString()}`;

const only = args.only?.split(',').map((s) => s.trim());
const scenarios = buildScenarios().filter((s) => !only || only.includes(s.name));
await runLoad(urlOf(scenarios[0]!), token, WARM_UP_S);
const outcomes: Outcome[] = [];
for (const scenario of scenarios) {
  const raw = await measureRaw(db, scenario);
  const load = await runLoad(urlOf(scenario), token);
  outcomes.push({ scenario, ...load, rawMs: raw.ms, size: raw.size });
  console.log(`${scenario.name.padEnd(18)} p50 ${fmt(load.p50).padStart(6)}  p95 ${fmt(load.p95).padStart(6)}  p99 ${fmt(load.p99).padStart(6)} ms  ` +
    `${fmt(load.rps, 0).padStart(5)} req/s  non-2xx ${load.non2xx + load.errors}  raw ${fmt(raw.ms, 2)} ms  ${raw.size}`);
}

const version = await serverVersion(db);
await app.close();
await database.close();
cleanup();

const misses = kind === 'postgres' ? outcomes.filter((o) => !(o.p95 < TARGET_P95_MS) || o.non2xx + o.errors > 0) : [];
const date = new Date().toISOString().slice(0, 10);
const report = [
  `# Cash-flow analytics benchmark: ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${date}`,
  '',
  `- Endpoints: \`GET /api/admin/cashbox_statistics\`, \`/cashbox_statistics/daily\`, \`/cashbox_operations\`; ${connections} concurrent connections, ${duration} s per scenario (autocannon in a separate process, loopback)`,
  `- Database: ${version}`,
  `- Data: ${actualRows.toLocaleString('en')} cash operations over ${DAYS} days on 4 registers; generation ${generation}`,
  `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; load average at the start ${startLoad}, at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (other work on the machine inflates the HTTP figures; the raw column is the query's own time)`,
  `- Raw: median of ${RAW_RUNS} calls of the service function on the database, no HTTP`,
  kind === 'postgres' ? `- Target: p95 < ${TARGET_P95_MS} ms (issue 17: the analytics over a year)` : '- No target for PGlite (single connection)',
  '',
  table(outcomes),
  '',
  '| scenario | what it asks |',
  '| --- | --- |',
  ...outcomes.map((o) => `| ${o.scenario.name} | ${o.scenario.about} |`),
  '',
  misses.length ? `**Missed the target:** ${misses.map((o) => o.scenario.name).join(', ')}` : (kind === 'postgres' ? 'Every scenario met the target.' : ''),
  '',
].join('\n');
const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `cashflow-analytics-${kind}-${date}.md`);
fs.writeFileSync(file, report);
console.log(`\n${table(outcomes)}\n\nWritten to ${path.relative(process.cwd(), file)}`);
if (misses.length) {
  console.error(`\np95 target missed by: ${misses.map((o) => `${o.scenario.name} (p95 ${fmt(o.p95)} ms)`).join(', ')}`);
  process.exitCode = 1;
}
