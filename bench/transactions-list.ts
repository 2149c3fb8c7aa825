/**
 * Load benchmark of GET /api/admin/v2/pay/getlist, the transactions (balance operations) list
 * (issue 17: p95 < 100 ms at 1,000,000 balance operations on PostgreSQL with 10 clients).
 *
 *   node --import tsx bench/transactions-list.ts [--db postgres|pglite] [--rows 1000000] [--duration 10]
 *                                                [--connections 10] [--only name,name] [--reuse] [--proposed-indexes]
 *
 * Builds a fresh database (PostgreSQL `bench_transactions` on 127.0.0.1:5432, or PGlite in a temp
 * dir): reference data, the demo staff, 100,000 customers, then `rows` balance operations in one
 * set-based insert over the last 730 days (documents only: the list reads balance_operations; the
 * ledger entries are not part of what it reads). Starts the real app in-process and, per scenario,
 * prints the HTTP latency under `connections` concurrent clients beside the raw time of the same
 * query on the database. Same machinery as bench/declaration-list.ts (see bench/README.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZTransactionListQuery } from '@app/contract/transactions';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/api/src/config';
import { type Db } from '../apps/api/src/db/client';
import { seedDemoData } from '../apps/api/src/db/seed/demo-seed';
import { seedReferenceData } from '../apps/api/src/db/seed/reference-data';
import { findTransactionPage, resolveCustomerIds, resolveSections } from '../apps/api/src/modules/transactions/queries';
import { CUSTOMERS, DAYS, officeDateTime as officeDateTimeIn, one, serverVersion, runLoad as runBenchLoad, openBenchDatabase, serveBenchApp } from './bench-db';

const TARGET_P95_MS = 100;
const MAX_DURATION_S = 10;
const RAW_RUNS = 20;
const WARM_UP_S = 3;
const PG_BENCH_DB = 'bench_transactions';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    /** Adds the index proposed for the money migration (created_at, id) before measuring. */
    'proposed-indexes': { type: 'boolean', default: false },
  },
});
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const kind: 'postgres' | 'pglite' = args.db;
const rowCount = Number(args.rows);
const duration = Math.min(MAX_DURATION_S, Math.max(1, Number(args.duration)));
const connections = Math.max(1, Number(args.connections));
if (!Number.isInteger(rowCount) || rowCount < 1000) throw new Error('--rows must be an integer ≥ 1000');

type Params = Record<string, string | number>;
interface Scenario { name: string; about: string; params: Params; path?: string; isRaw?: boolean }
interface Outcome {
  scenario: Scenario;
  p50: number; p95: number; p99: number; rps: number; requests: number; non2xx: number; errors: number;
  rawMs: number; total: number; totalKind: string;
}

const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };
const timeZone = config.APP_TIMEZONE;
const officeDateTime = (date: Date) => officeDateTimeIn(date, timeZone);

// ---------------------------------------------------------------- data
function openDatabase() {
  return openBenchDatabase(kind, { reuse: Boolean(args.reuse), connections, name: PG_BENCH_DB });
}

/**
 * `count` balance operations, set-based: customers spread evenly, created over the last `DAYS`
 * days; ~60% income; currencies 45% USD, 30% TRY, 25% AZN (the handover's pairs); statuses mostly
 * confirmed (18) with some pending, refunded and cancelled; a third belong to a handover payment.
 */
async function generateOperations(db: Db, count: number): Promise<void> {
  const { min, max } = await one<{ min: number; max: number }>(db, sql`select min(id)::int as min, max(id)::int as max from users where admin = 0`);
  const staff = await one<{ id: number }>(db, sql`select id from users where email = 'admin@example.az'`);
  const span = Number(max) - Number(min) + 1;
  const r = (salt: number) => sql.raw(`((hashint8extended(g::bigint, ${salt}) & 9007199254740991)::float8 / 9007199254740992.0)`);
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance, cashback,
                                    object_model, object_id, description, created_by, confirmed_by, created_at, cancelled_at)
    select ${Number(min)}::int + floor(${r(1)} * ${span}::int)::int,
           type, payment_type, status_id, currency, amount,
           round(amount * case currency when 'USD' then 1.7 when 'TRY' then 0.041 else 1 end, 2),
           case when currency = 'AZN' then null else round((${r(6)} * 300)::numeric, 2) end,
           0,
           case when handover then 'declaration_payment' end, case when handover then (g / 3)::int end,
           case when ${r(7)} < 0.3 then 'Balans əməliyyatı ' || g end,
           ${Number(staff.id)}::int, case when status_id = 18 then ${Number(staff.id)}::int end,
           now() - (${r(2)} * ${DAYS}) * interval '1 day',
           case when status_id = 21 then now() end
    from (
      select g,
             case when ${r(3)} < 0.6 then 1 else 2 end as type,
             (array[1, 3, 8, 1, 5, 7, 4, 2])[1 + floor(${r(4)} * 8)::int] as payment_type,
             (array[18, 18, 18, 18, 18, 18, 18, 17, 19, 21])[1 + floor(${r(5)} * 10)::int] as status_id,
             (array['USD', 'USD', 'USD', 'TRY', 'TRY', 'AZN', 'USD', 'TRY', 'AZN', 'USD'])[1 + floor(${r(8)} * 10)::int] as currency,
             round((1 + ${r(9)} * 199)::numeric, 2) as amount,
             g % 3 = 0 as handover
      from generate_series(1, ${count}) g
    ) x`);
}

async function fillData(db: Db, count: number): Promise<string> {
  const t0 = performance.now();
  await seedReferenceData(db);
  await seedDemoData(db, { customers: CUSTOMERS, declarations: 0 });
  const t1 = performance.now();
  await generateOperations(db, count);
  const t2 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const t3 = performance.now();
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return `reference data + ${CUSTOMERS.toLocaleString('en')} customers ${s(t1 - t0)} s, ${count.toLocaleString('en')} balance operations ${s(t2 - t1)} s, vacuum analyze ${s(t3 - t2)} s`;
}

// ---------------------------------------------------------------- scenarios
async function buildScenarios(db: Db): Promise<Scenario[]> {
  const today = officeDateTime(new Date()).slice(0, 10);
  const monthAgo = officeDateTime(new Date(Date.now() - 30 * 86_400_000)).slice(0, 10);
  const createdAt = `${monthAgo} 00:00:00,${today} 23:59:59`;
  const sample = await one<{ code: string; name: string; surname: string }>(db, sql`
    select u.code, u.name, u.surname from balance_operations o join users u on u.id = o.user_id
    where o.id = (select (max(id) / 2)::bigint from balance_operations)`);
  const userName = `${sample.name} ${sample.surname.slice(0, 3)}`;
  return [
    { name: 'default', about: 'created_at desc, page 1 of 25, last 31 days (the web app’s first view)', params: { created_at: createdAt } },
    { name: 'all-time', about: 'created_at desc, page 1, no filter (estimated total)', params: {} },
    { name: 'deep-page', about: 'last 31 days, page 400 (offset 9,975)', params: { created_at: createdAt, page: 400 } },
    { name: 'customer-code', about: `user_id=${sample.code} (one customer’s operations by customer code)`, params: { user_id: sample.code } },
    { name: 'customer-name', about: `user_name contains “${userName}”`, params: { user_name: userName } },
    { name: 'pending', about: 'state_id=17 (pending), all time', params: { state_id: 17 } },
    { name: 'expense-31d', about: 'type=2 (expense), last 31 days', params: { type: 2, created_at: createdAt } },
    { name: 'terminal-usd-31d', about: 'payment_type=3, currency=USD, last 31 days', params: { payment_type: 3, currency: 'USD', created_at: createdAt } },
    { name: 'section-handover', about: 'model_id=7 (the handover’s operations), all time', params: { model_id: 7 } },
    { name: 'amount-desc-31d', about: 'sort_column=amount desc, last 31 days', params: { sort_column: 'amount', sort_order: 'desc', created_at: createdAt } },
    { name: 'amount-desc-all-time', about: 'sort_column=amount desc, no filter', params: { sort_column: 'amount', sort_order: 'desc' } },
    { name: 'stats-customer', about: `GET pay/stats?user_id=${sample.code} (the statistics popover)`, path: '/api/admin/pay/stats', params: { user_id: sample.code }, isRaw: false },
    { name: 'charts-balance', about: 'GET charts/balance (today’s sums, all balances)', path: '/api/admin/charts/balance', params: {}, isRaw: false },
  ];
}

// ---------------------------------------------------------------- measuring
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measureRaw(db: Db, params: Params): Promise<{ ms: number; total: number; kind: string }> {
  const query = ZTransactionListQuery.parse(params);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof findTransactionPage>> | undefined;
  for (let i = 0; i < RAW_RUNS; i++) {
    const t = performance.now();
    const resolved = { customerIds: await resolveCustomerIds(db, query), objectModels: resolveSections(query.model_id) };
    last = await findTransactionPage(db, query, timeZone, resolved);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: percentile(times, 50), total: last!.total.total, kind: last!.total.kind };
}

const runLoad = (url: string, token: string, seconds = duration) => runBenchLoad(url, token, connections, seconds);

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

function table(outcomes: Outcome[]): string {
  const head = '| scenario | p50 ms | p95 ms | p99 ms | req/s | non-2xx | raw SQL ms | total | total_kind | p95 target |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |';
  const target = kind === 'postgres' ? `< ${TARGET_P95_MS}` : '–';
  const lines = outcomes.map((o) => `| ${o.scenario.name} | ${fmt(o.p50)} | ${fmt(o.p95)} | ${fmt(o.p99)} | ${fmt(o.rps, 0)} | ` +
    `${o.non2xx + o.errors} | ${fmt(o.rawMs, 2)} | ${Number.isFinite(o.total) ? o.total.toLocaleString('en') : '–'} | ${o.totalKind} | ${target} |`);
  return [head, rule, ...lines].join('\n');
}

// ---------------------------------------------------------------- main
const { database, fresh, cleanup } = await openDatabase();
const db = database.db;
console.log(`Transactions list benchmark: ${kind}, ${rowCount.toLocaleString('en')} rows, ${connections} connections, ${duration} s per scenario`);
await database.migrate();
let generation = 'reused an existing database (--reuse)';
if (fresh) {
  console.log('Generating data…');
  const t = performance.now();
  const parts = await fillData(db, rowCount);
  generation = `${((performance.now() - t) / 1000).toFixed(1)} s (${parts})`;
}
console.log(`Generation: ${generation}`);
/**
 * The indexes proposed for the money migration: the list's default order (created_at desc, id desc)
 * read from the index alone — an index-only scan instead of an incremental sort over heap rows
 * (a deep page of the last 31 days: ~260 ms → ~5 ms of SQL) — and the amount sort.
 */
const PROPOSED_INDEXES = [
  sql`create index if not exists balance_operations_created_id_idx on balance_operations (created_at, id)`,
  // sort by amount (all time ~420 ms → 0.1 ms; last 31 days ~450 ms → 1 ms)
  sql`create index if not exists balance_operations_amount_idx on balance_operations (amount, id)`,
];
if (args['proposed-indexes']) {
  for (const statement of PROPOSED_INDEXES) await db.execute(statement);
  await db.execute(sql`vacuum analyze balance_operations`);
}
const indexes = (await db.execute<{ d: string }>(sql`select indexdef as d from pg_indexes where tablename = 'balance_operations' order by indexname`)).rows.map((r) => String(r.d).replace(/^CREATE (UNIQUE )?INDEX /, '').replace(' ON public.balance_operations USING btree', ''));
const actualRows = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from balance_operations`)).n);

const { app, base, token } = await serveBenchApp(db, config);
const urlOf = (s: Scenario) => {
  const qs = new URLSearchParams(Object.entries(s.params).map(([k, v]) => [k, String(v)])).toString();
  return `${base}${s.path ?? '/api/admin/v2/pay/getlist'}${qs ? `?${qs}` : ''}`;
};

const only = args.only?.split(',').map((s) => s.trim());
const scenarios = (await buildScenarios(db)).filter((s) => !only || only.includes(s.name));
await runLoad(urlOf(scenarios[0] ?? { name: '', about: '', params: {} }), token, WARM_UP_S);
const outcomes: Outcome[] = [];
for (const scenario of scenarios) {
  const raw = scenario.isRaw === false ? { ms: NaN, total: NaN, kind: '–' } : await measureRaw(db, scenario.params);
  const load = await runLoad(urlOf(scenario), token);
  outcomes.push({ scenario, ...load, rawMs: raw.ms, total: raw.total, totalKind: raw.kind });
  console.log(`${scenario.name.padEnd(22)} p50 ${fmt(load.p50).padStart(6)}  p95 ${fmt(load.p95).padStart(6)}  p99 ${fmt(load.p99).padStart(6)} ms  ` +
    `${fmt(load.rps, 0).padStart(5)} req/s  non-2xx ${load.non2xx + load.errors}  raw ${fmt(raw.ms, 2)} ms  total ${raw.total} (${raw.kind})`);
}

const version = await serverVersion(db);
await app.close();
await database.close();
cleanup();

const misses = kind === 'postgres' ? outcomes.filter((o) => !(o.p95 < TARGET_P95_MS) || o.non2xx + o.errors > 0) : [];
const date = new Date().toISOString().slice(0, 10);
const report = [
  `# Transactions list benchmark: ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${date}`,
  '',
  `- Endpoint: \`GET /api/admin/v2/pay/getlist\` (and pay/stats, charts/balance), ${connections} concurrent connections, ${duration} s per scenario (autocannon in a separate process, loopback)`,
  `- Database: ${version}`,
  `- Data: ${actualRows.toLocaleString('en')} balance operations over ${DAYS} days, ${CUSTOMERS.toLocaleString('en')} customers; generation ${generation}`,
  `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  `- Indexes of balance_operations: ${indexes.join('; ')}`,
  `- Raw SQL: median of ${RAW_RUNS} calls of \`findTransactionPage\` (filters resolved, page + total) on the database, no HTTP`,
  kind === 'postgres' ? `- Target: p95 < ${TARGET_P95_MS} ms for every scenario` : '- No target for PGlite (single connection)',
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
const file = path.join(resultsDir, `transactions-${kind}-${date}.md`);
fs.writeFileSync(file, report);
console.log(`\n${table(outcomes)}\n\nWritten to ${path.relative(process.cwd(), file)}`);
if (misses.length) {
  console.error(`\np95 target missed by: ${misses.map((o) => `${o.scenario.name} (p95 ${fmt(o.p95)} ms)`).join(', ')}`);
  process.exitCode = 1;
}
