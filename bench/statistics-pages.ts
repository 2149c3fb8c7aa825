/**
 * Load benchmark of the statistics pages (issue 19 item 4: "every statistics page < 300 ms for a
 * year's range" at 1,000,000 declarations and 500,000 balance operations on PostgreSQL).
 *
 *   node --import tsx bench/statistics-pages.ts [--db postgres|pglite] [--rows 1000000] [--operations 500000]
 *                                              [--payments 150000] [--duration 5] [--connections 10] [--only name,name] [--reuse]
 *
 * Builds a fresh database (PostgreSQL `bench_statistics_pages` on 127.0.0.1:5432, or PGlite in a
 * temp dir) with the project's generator (bench-db.ts: reference data, 100,000 customers, `rows`
 * declarations over 730 days, partner company 2 on ~5% of them), then `operations` balance
 * operations over the last 365 days (60% the two sides of counter payments for parcels) and
 * `payments` counter payments (declaration_payments) over 730 days, each in one set-based insert:
 * the rollups' triggers (migration 0012 (from migrations-extra/20-statistics.sql)) fill stat_declarations_daily and
 * stat_balance_daily as the rows go in. Starts the real app in-process and, per scenario, prints
 * the HTTP latency under `connections` concurrent clients (autocannon in a separate process) beside
 * the raw time of the same service call. Writes bench/results/statistics-pages-<db>-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { readConfig } from '../apps/api/src/config';
import { type Db } from '../apps/api/src/db/client';
import type { RequestUser } from '../apps/api/src/platform/access';
import {
  readDeclarationCounts, readPaidDeclarationCounts, readPartnerDeclarationCounts, readPaymentTypeCounts, readTariffCounts,
} from '../apps/api/src/modules/statistics/pages/service';
import {
  ZDeclarationCountsQuery, ZPaidDeclarationCountsQuery, ZPartnerDeclarationCountsQuery, ZPaymentTypeCountsQuery, ZTariffCountsQuery,
} from '@app/contract/statistics';
import { fillBenchData, logIn, one, runLoad, serverVersion, openBenchDatabase } from './bench-db';

const TARGET_P95_MS = 300;
const RAW_RUNS = 10;
const PG_BENCH_DB = 'bench_statistics_pages';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
    operations: { type: 'string', default: '500000' },
    payments: { type: 'string', default: '150000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const kind: 'postgres' | 'pglite' = args.db;
const rowCount = Number(args.rows);
const operationCount = Number(args.operations);
const paymentCount = Number(args.payments);
const duration = Math.max(1, Math.min(10, Number(args.duration)));
const connections = Math.max(1, Number(args.connections));

const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };
const timeZone = config.APP_TIMEZONE;

function openDatabase() {
  return openBenchDatabase(kind, { reuse: Boolean(args.reuse), connections, name: PG_BENCH_DB });
}

/** Balance operations and counter payments, set-based; the partner company on a share of the parcels. */
async function fillMoney(db: Db): Promise<string> {
  const t0 = performance.now();
  await db.execute(sql`update declarations set partner_id = 2 where id % 20 = 0`);
  const t1 = performance.now();
  const customers = await one<{ min: number; max: number }>(db, sql`select min(id)::int as min, max(id)::int as max from users where admin = 0`);
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, object_model, object_id, created_at)
    select ${customers.min}::int + ((g::bigint * 7919) % (${customers.max}::int - ${customers.min}::int + 1))::int,
           case when g % 10 < 6 then 1 + (g % 2) else 1 + (g % 3 = 0)::int end,
           (array[1, 3, 4, 7, 2, 8])[1 + g % 6],
           case when g % 50 = 0 then 21 when g % 40 = 0 then 17 else 18 end,
           case when g % 10 < 6 then 'AZN' when g % 4 = 0 then 'TRY' else 'USD' end,
           round((1 + (g % 997) / 10.0)::numeric, 2), round((1.7 * (1 + (g % 997) / 10.0))::numeric, 2),
           case when g % 10 < 6 then 'declaration_payment' end,
           case when g % 10 < 6 then 1 + g / 2 end,
           now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    from generate_series(1, ${operationCount}) g`);
  const t2 = performance.now();
  await db.execute(sql`
    insert into declaration_payments (user_id, debt_usd, debt_azn, total_azn, cash_azn, terminal_azn, balance_usd, balance_azn, declaration_ids, created_at)
    select ${customers.min}::int + ((g::bigint * 104729) % (${customers.max}::int - ${customers.min}::int + 1))::int,
           round((2.5 + (g % 40))::numeric, 2), round((1.7 * (2.5 + (g % 40)))::numeric, 2), round((1.7 * (2.5 + (g % 40)))::numeric, 2),
           case when g % 3 = 0 then round((1.7 * (2.5 + (g % 40)))::numeric, 2) else 0 end,
           case when g % 3 = 1 then round((1.7 * (2.5 + (g % 40)))::numeric, 2) else 0 end,
           case when g % 3 = 2 then round((2.5 + (g % 40))::numeric, 2) else 0 end,
           case when g % 3 = 2 then round((1.7 * (2.5 + (g % 40)))::numeric, 2) else 0 end,
           case when g % 4 = 0 then jsonb_build_array(g, g + 1) else jsonb_build_array(g) end,
           now() - ((g % 730) || ' days')::interval - ((g % 1440) || ' minutes')::interval
    from generate_series(1, ${paymentCount}) g`);
  const t3 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return `partner on 5% of parcels ${s(t1 - t0)} s, ${operationCount.toLocaleString('en')} balance operations ${s(t2 - t1)} s, `
    + `${paymentCount.toLocaleString('en')} counter payments ${s(t3 - t2)} s`;
}

/**
 * What the rollup's trigger adds to a bulk status change: 10,000 parcels 9 ↔ 10 in one statement,
 * with the trigger and with it disabled, inside a transaction that is rolled back (median of 3).
 */
async function measureWriteCost(db: Db): Promise<string> {
  const bulk = sql`update declarations set status_id = case when status_id = 9 then 10 else 9 end
    where id in (select id from declarations where status_id in (9, 10) and deleted_at is null order by id limit 10000)`;
  const timed: { on: number[]; off: number[] } = { on: [], off: [] };
  for (let i = 0; i < 3; i++) {
    await db.transaction(async (tx) => {
      let t = performance.now();
      await tx.execute(bulk);
      timed.on.push(performance.now() - t);
      await tx.execute(sql`alter table declarations disable trigger stat_declarations_update`);
      t = performance.now();
      await tx.execute(bulk);
      timed.off.push(performance.now() - t);
      tx.rollback();
    }).catch((err: unknown) => { if (!String(err).includes('Rollback')) throw err; });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!.toFixed(0);
  return `10,000-parcel bulk status change: ${median(timed.on)} ms with stat_declarations_daily's trigger, ${median(timed.off)} ms without it (rolled back)`;
}

type Params = Record<string, string | number>;
interface Scenario { name: string; about: string; path: string; params: Params; raw: (db: Db) => Promise<unknown> }

const admin = { id: 1, admin: 1, companyId: 1, adminBranchId: 1 } as unknown as RequestUser;
const partner = { id: 4, admin: 4, companyId: 2, adminBranchId: 5 } as unknown as RequestUser;

function scenarios(range: { start_date: string; end_date: string }): Scenario[] {
  const y = { ...range };
  return [
    { name: 'declarations-year', about: 'by_declarations_count, a year, every status and branch', path: 'by_declarations_count', params: y,
      raw: (db) => readDeclarationCounts(db, admin, ZDeclarationCountsQuery.parse(y), timeZone) },
    { name: 'declarations-state-branch', about: 'by_declarations_count, a year, state 9,10 at branch 1', path: 'by_declarations_count', params: { ...y, state_id: '9,10', branch_id: 1 },
      raw: (db) => readDeclarationCounts(db, admin, ZDeclarationCountsQuery.parse({ ...y, state_id: '9,10', branch_id: 1 }), timeZone) },
    { name: 'declarations-drill', about: 'by_declarations_count getlist=true, a year at 9 (the declarations list, page 1 + total)', path: 'by_declarations_count',
      params: { ...y, state_id: 9, getlist: 'true' },
      raw: (db) => readDeclarationCounts(db, admin, ZDeclarationCountsQuery.parse({ ...y, state_id: 9, getlist: 'true' }), timeZone) },
    { name: 'partner-year', about: 'partner_by_declarations_count, a year, company 2 (office asks)', path: 'partner_by_declarations_count', params: { ...y, company_id: 2 },
      raw: (db) => readPartnerDeclarationCounts(db, partner, ZPartnerDeclarationCountsQuery.parse(y), timeZone) },
    { name: 'payment-types-year', about: 'by_payment_type_count, a year', path: 'by_payment_type_count', params: y,
      raw: (db) => readPaymentTypeCounts(db, ZPaymentTypeCountsQuery.parse(y), timeZone) },
    { name: 'payment-drill', about: 'by_payment_type_count getlist=true, a year (the transactions list, page 1 + total)', path: 'by_payment_type_count',
      params: { ...y, getlist: 'true' }, raw: (db) => readPaymentTypeCounts(db, ZPaymentTypeCountsQuery.parse({ ...y, getlist: 'true' }), timeZone) },
    { name: 'paid-parcels-year', about: 'by_declaration_count, a year (counter payments by main type)', path: 'by_declaration_count', params: y,
      raw: (db) => readPaidDeclarationCounts(db, ZPaidDeclarationCountsQuery.parse(y), timeZone) },
    { name: 'tariffs-year', about: 'by_tariff_count, a year', path: 'by_tariff_count', params: y,
      raw: (db) => readTariffCounts(db, ZTariffCountsQuery.parse(y), timeZone) },
  ];
}

const qs = (p: Params) => Object.entries(p).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');

async function main() {
  const { database, fresh, cleanup } = await openDatabase();
  const db = database.db;
  let generation = 'reused';
  if (fresh) {
    await database.migrate();
    const filled = await fillBenchData(db, rowCount);
    generation = filled.parts;
  }
  // the money rows once per database (a reused one that stopped before them gets them now)
  if ((await one<{ n: number }>(db, sql`select count(*)::int as n from declaration_payments`)).n === 0) {
    generation = `${generation}, ${await fillMoney(db)}`;
  }
  const counts = await one<{ d: number; b: number; p: number; ds: number; bs: number }>(db, sql`
    select (select count(*) from declarations)::int as d, (select count(*) from balance_operations)::int as b,
           (select count(*) from declaration_payments)::int as p, (select count(*) from stat_declarations_daily)::int as ds,
           (select count(*) from stat_balance_daily)::int as bs`);
  const writeCost = await measureWriteCost(db);
  console.info(writeCost);
  const app = await buildApp({ db, config, jwtSecret: 'bench-secret-bench-secret-bench-secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await logIn(base);
  const end = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const startDate = new Date(`${end}T00:00:00Z`);
  startDate.setUTCDate(startDate.getUTCDate() - 364);
  const range = { start_date: startDate.toISOString().slice(0, 10), end_date: end };
  const only = args.only?.split(',');
  const lines: string[] = [];
  for (const s of scenarios(range).filter((x) => !only || only.includes(x.name))) {
    const raws: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) {
      const t = performance.now();
      await s.raw(db);
      raws.push(performance.now() - t);
    }
    raws.sort((a, b) => a - b);
    const url = `${base}/api/admin/statistics/${s.path}?${qs(s.params)}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const size = (await check.text()).length;
    const load = await runLoad(url, token, connections, duration);
    const line = `| ${s.name} | ${s.about} | ${load.p50} | ${load.p95} | ${load.p99} | ${load.rps.toFixed(0)} | ${load.non2xx + load.errors} | ${raws[Math.floor(raws.length / 2)]!.toFixed(1)} | ${(size / 1024).toFixed(1)} KB | ${load.p95 < TARGET_P95_MS ? 'yes' : 'NO'} |`;
    console.info(line);
    lines.push(line);
  }
  await app.close();
  const date = new Date().toISOString().slice(0, 10);
  const out = path.join(import.meta.dirname, 'results', `statistics-pages-${kind}-${date}.md`);
  fs.writeFileSync(out, [
    `# Statistics pages benchmark (${kind}, ${date})`,
    '',
    `- Server: ${await serverVersion(db)}; ${os.cpus().length} cores (shared with the other engineers' work while it ran)`,
    `- Data: ${counts.d.toLocaleString('en')} declarations, ${counts.b.toLocaleString('en')} balance operations, ${counts.p.toLocaleString('en')} counter payments; `
      + `rollups: stat_declarations_daily ${counts.ds.toLocaleString('en')} rows, stat_balance_daily ${counts.bs.toLocaleString('en')} rows`,
    `- Generation: ${generation}`,
    `- Range: ${range.start_date} … ${range.end_date} (a year); ${connections} clients, ${duration} s per scenario; raw = median of ${RAW_RUNS} service calls`,
    `- Target: p95 < ${TARGET_P95_MS} ms`,
    `- Write cost: ${writeCost}`,
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
