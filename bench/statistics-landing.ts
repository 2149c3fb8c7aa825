/**
 * Load benchmark of the statistics landing page (issue 19 item 4: "the landing page's calls p95 <
 * 150 ms each with 10 clients" at 1,000,000 declarations, 500,000 balance operations and 200,000
 * orders on PostgreSQL).
 *
 *   node --import tsx bench/statistics-landing.ts [--db postgres|pglite] [--rows 1000000] [--operations 500000]
 *                                                 [--orders 200000] [--moves 600000] [--duration 5] [--connections 10] [--only name,name] [--reuse]
 *
 * Builds a fresh database (PostgreSQL `bench_statistics_landing` on 127.0.0.1:5432, or PGlite in a
 * temp dir) with the project's generator (bench-db.ts: reference data, 100,000 customers, `rows`
 * declarations over 730 days), a partner company on 5% of the parcels, `moves` declaration status
 * changes (arrivals at 9 and handovers at 10 in status_history), `operations` balance operations
 * over a year, `orders` orders over two years, each in one set-based insert: the landing's rollups
 * (migration 0012 (from migrations-extra/20-statistics.sql)) fill as the rows go in. Starts the real app in-process and,
 * per landing call, prints the HTTP latency under `connections` concurrent clients (autocannon in
 * its own process) beside the raw time of the same service call. Writes
 * bench/results/statistics-landing-<db>-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { ZLandingRange } from '@app/contract/statistics-landing';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { readConfig } from '../apps/api/src/config';
import { type Db } from '../apps/api/src/db/client';
import type { RequestUser } from '../apps/api/src/platform/access';
import {
  readChartsByStatus, readChartsWidget, readLandingCustomers, readLandingMoney, readLandingOrders, readLandingParcels, readLandingQueue,
} from '../apps/api/src/modules/statistics/service';
import { fillBenchData, logIn, one, runLoad, serverVersion, openBenchDatabase } from './bench-db';

const TARGET_P95_MS = 150;
const RAW_RUNS = 10;
const PG_BENCH_DB = 'bench_statistics_landing';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
    operations: { type: 'string', default: '500000' },
    orders: { type: 'string', default: '200000' },
    moves: { type: 'string', default: '600000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const kind: 'postgres' | 'pglite' = args.db;
const duration = Math.max(1, Math.min(10, Number(args.duration)));
const connections = Math.max(1, Number(args.connections));

const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };
const timeZone = config.APP_TIMEZONE;

function openDatabase() {
  return openBenchDatabase(kind, { reuse: Boolean(args.reuse), connections, name: PG_BENCH_DB });
}

/** Partner parcels, status changes, balance operations and orders, each one set-based insert (the rollups' triggers run per statement). */
async function fillLandingData(db: Db): Promise<string> {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const parts: string[] = [];
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    parts.push(`${label} ${s(performance.now() - t)} s`);
  };
  const customers = await one<{ min: number; max: number }>(db, sql`select min(id)::int as min, max(id)::int as max from users where admin = 0`);
  // the demo seed already wrote some balance operations and orders: up to the asked totals
  const have = await one<{ b: number; o: number }>(db, sql`select (select count(*) from balance_operations)::int as b, (select count(*) from orders)::int as o`);
  const operations = Math.max(0, Number(args.operations) - have.b);
  const orders = Math.max(0, Number(args.orders) - have.o);
  const span = sql.raw(String(customers.max - customers.min + 1));
  const first = sql.raw(String(customers.min));
  await step('partner on 5% of parcels', () => db.execute(sql`update declarations set partner_id = 2 where id % 20 = 0`));
  await step(`${Number(args.moves).toLocaleString('en')} status changes`, () => db.execute(sql`
    insert into status_history (model_id, object_id, from_state_id, state_id, created_at)
    select 2, (1 + (g::bigint * 7919) % (select max(id) from declarations))::int, case when g % 2 = 0 then 8 else 9 end, case when g % 2 = 0 then 9 else 10 end,
           now() - ((g % 730) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    from generate_series(1, ${Number(args.moves)}) g`));
  await step(`${operations.toLocaleString('en')} balance operations`, () => db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, created_at)
    select ${first} + ((g::bigint * 7919) % ${span})::int, 1 + (g % 3 = 0)::int, (array[1, 3, 4, 7, 2, 8])[1 + g % 6],
           case when g % 50 = 0 then 21 when g % 40 = 0 then 17 else 18 end,
           case when g % 10 < 6 then 'AZN' when g % 4 = 0 then 'TRY' else 'USD' end,
           round((1 + (g % 997) / 10.0)::numeric, 2), round((1.7 * (1 + (g % 997) / 10.0))::numeric, 2),
           now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    from generate_series(1, ${operations}) g`));
  await step(`${orders.toLocaleString('en')} orders`, () => db.execute(sql`
    insert into orders (user_id, country_id, currency, url, price, quantity, status_id, created_at, deleted_at)
    select ${first} + ((g::bigint * 104729) % ${span})::int, 1 + (g % 10 >= 7)::int, case when g % 10 >= 7 then 'USD' else 'TRY' end,
           'https://shop.example/p/' || g, round((1 + (g % 499))::numeric, 2), 1 + g % 4,
           (array[5, 5, 5, 5, 5, 5, 5, 7, 7, 8, 8, 8, 8, 9, 9, 10, 10, 10, 4, 32])[1 + g % 20],
           now() - ((g % 730) || ' days')::interval - ((g % 1440) || ' minutes')::interval,
           case when g % 50 = 0 then now() end
    from generate_series(1, ${orders}) g`));
  await step('handover queue', () => db.execute(sql`
    insert into handover_tasks (status_id, user_id, branch_id, created_at, updated_at)
    select (array[41, 42, 43, 43, 43])[1 + g % 5], ${first} + g, 1 + g % 3, now() - (g % 60 || ' days')::interval, now() - (g % 60 || ' days')::interval
    from generate_series(1, 20000) g`));
  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  return parts.join(', ');
}

type Params = Record<string, string | number>;
interface Scenario { name: string; about: string; method?: 'GET' | 'POST'; path: string; params: Params; raw: (db: Db) => Promise<unknown> }

const admin = { id: 1, admin: 1, companyId: 1, adminBranchId: 1, permissions: new Set<string>() } as unknown as RequestUser;

function scenarios(year: { start_date: string; end_date: string }, month: { start_date: string; end_date: string }): Scenario[] {
  const landing = (group: string, range: Params, raw: (db: Db) => Promise<unknown>, about: string): Scenario =>
    ({ name: `${group}-${range === year ? 'year' : 'month'}`, about, path: `/api/admin/statistics/landing/${group}`, params: range, raw });
  return [
    landing('parcels', month, (db) => readLandingParcels(db, admin, ZLandingRange.parse(month), timeZone), 'landing/parcels, last 31 days'),
    landing('parcels', year, (db) => readLandingParcels(db, admin, ZLandingRange.parse(year), timeZone), 'landing/parcels, a year (status, country, branches, per day, customs)'),
    landing('money', year, (db) => readLandingMoney(db, admin, ZLandingRange.parse(year), timeZone), 'landing/money, a year (registers, payment types, balance operations)'),
    landing('orders', year, (db) => readLandingOrders(db, ZLandingRange.parse(year), timeZone), 'landing/orders, a year'),
    landing('customers', year, (db) => readLandingCustomers(db, ZLandingRange.parse(year), timeZone), 'landing/customers, a year'),
    { name: 'queue', about: 'landing/queue (now)', path: '/api/admin/statistics/landing/queue', params: {}, raw: (db) => readLandingQueue(db, admin.adminBranchId, timeZone) },
    { name: 'charts-widget', about: 'POST charts/widget', method: 'POST', path: '/api/admin/charts/widget', params: {}, raw: (db) => readChartsWidget(db, admin, timeZone) },
    { name: 'charts-bystatus-2', about: 'POST charts/bystatus?model_id=2 (all time)', method: 'POST', path: '/api/admin/charts/bystatus', params: { model_id: 2 },
      raw: (db) => readChartsByStatus(db, admin) },
  ];
}

const qs = (p: Params) => Object.entries(p).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');

async function main() {
  const { database, fresh, cleanup } = await openDatabase();
  const db = database.db;
  let generation = 'reused';
  if (fresh) {
    await database.migrate();
    const filled = await fillBenchData(db, Number(args.rows));
    generation = `${filled.parts}, ${await fillLandingData(db)}`;
  } else if ((await one<{ n: number }>(db, sql`select count(*)::int as n from stat_declaration_moves_daily`)).n === 0) {
    // --reuse of a database whose declarations were generated but not the rest (a run stopped there)
    generation = `declarations reused, ${await fillLandingData(db)}`;
  }
  const counts = await one<Record<string, number>>(db, sql`
    select (select count(*) from declarations)::int as declarations, (select count(*) from balance_operations)::int as balance_operations,
           (select count(*) from orders)::int as orders, (select count(*) from status_history)::int as status_history,
           (select count(*) from stat_declarations_daily)::int as stat_declarations_daily, (select count(*) from stat_declaration_moves_daily)::int as stat_declaration_moves_daily,
           (select count(*) from stat_orders_daily)::int as stat_orders_daily, (select count(*) from stat_balance_daily)::int as stat_balance_daily,
           (select count(*) from stat_customers_daily)::int as stat_customers_daily`);
  const end = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const back = (days: number) => new Date(Date.parse(`${end}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const year = { start_date: back(364), end_date: end };
  const month = { start_date: back(30), end_date: end };
  const only = args.only?.split(',');
  const picked = scenarios(year, month).filter((x) => !only || only.includes(x.name));
  // raw service calls first, before the app serves this database: its 3 s reply cache is not in play
  const rawMedians = new Map<string, number>();
  for (const s of picked) {
    const raws: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) {
      const t = performance.now();
      await s.raw(db);
      raws.push(performance.now() - t);
    }
    raws.sort((a, b) => a - b);
    rawMedians.set(s.name, raws[Math.floor(raws.length / 2)]!);
  }
  const app = await buildApp({ db, config, jwtSecret: 'bench-secret-bench-secret-bench-secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await logIn(base);
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const lines: string[] = [];
  for (const s of picked) {
    const url = `${base}${s.path}${Object.keys(s.params).length ? `?${qs(s.params)}` : ''}`;
    const check = await fetch(url, { method: s.method ?? 'GET', headers: { authorization: `Bearer ${token}` } });
    const body = await check.text();
    if (!check.ok) throw new Error(`${s.name}: ${check.status} ${body}`);
    // load-process.ts sends GET; the two POST calls read nothing from a body, their GET is 404, so they are timed raw only
    const load = s.method === 'POST' ? null : await runLoad(url, token, connections, duration);
    const raw = rawMedians.get(s.name)!;
    const line = load
      ? `| ${s.name} | ${s.about} | ${load.p50} | ${load.p95} | ${load.p99} | ${load.rps.toFixed(0)} | ${load.non2xx + load.errors} | ${raw.toFixed(1)} | ${(body.length / 1024).toFixed(1)} KB | ${load.p95 < TARGET_P95_MS ? 'yes' : 'NO'} |`
      : `| ${s.name} | ${s.about} | – | – | – | – | – | ${raw.toFixed(1)} | ${(body.length / 1024).toFixed(1)} KB | ${raw < TARGET_P95_MS ? 'yes (raw)' : 'NO'} |`;
    console.info(line);
    lines.push(line);
  }
  await app.close();
  const date = new Date().toISOString().slice(0, 10);
  const out = path.join(import.meta.dirname, 'results', `statistics-landing-${kind}-${date}.md`);
  fs.writeFileSync(out, [
    `# Statistics landing benchmark (${kind}, ${date})`,
    '',
    `- Server: ${await serverVersion(db)}; ${os.cpus().length} cores (shared with the other engineers' work while it ran)`,
    `- Data: ${Object.entries(counts).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', ')}`,
    `- Generation: ${generation}`,
    `- Ranges: a year ${year.start_date} … ${year.end_date}, a month from ${month.start_date}; ${connections} clients, ${duration} s per scenario; raw = median of ${RAW_RUNS} service calls`,
    `- Target: p95 < ${TARGET_P95_MS} ms; HTTP replies come from the 3 s reply cache after the first (as in use: the same range for every manager); raw = uncached service call`,
    `- Machine load (1-min load average on ${os.cpus().length} cores) when the load runs began: ${loadBefore}, when they ended: ${os.loadavg()[0]!.toFixed(1)}`,
    '',
    '| scenario | what | p50 ms | p95 ms | p99 ms | req/s | errors | raw ms | reply | < target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...lines,
    '',
  ].join('\n'));
  console.info(`wrote ${out}`);
  await database.close();
  cleanup();
}

await main();
