/**
 * Load benchmark of GET /api/admin/v2/declaration/list (foundation issue, item 7).
 *
 *   node --import tsx bench/declaration-list.ts [--db postgres|pglite] [--rows 1000000] [--duration 10]
 *                                               [--connections 10] [--only name,name] [--reuse]
 *
 * Builds a fresh database (PostgreSQL `bench_declarations` on 127.0.0.1:5432, or PGlite in a temp
 * dir), fills it with the project's set-based generator, starts the real app in-process on a
 * loopback port and, per scenario, prints the HTTP latency under `connections` concurrent clients
 * beside the raw time of the same query called directly on the database. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZDeclarationListQuery } from '@app/contract/declarations';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/api/src/config';
import type { Db } from '../apps/api/src/db/client';
import { findDeclarationPage } from '../apps/api/src/modules/declarations/lists/queries';
import { CUSTOMERS, DAYS, fillBenchData, officeDateTime as officeDateTimeIn, one, openBenchDatabase, serverVersion, runLoad as runBenchLoad, serveBenchApp } from './bench-db';

const TARGET_P95_MS = 100;
/** Separately stated target for a substring that matches a large share of the customers. */
const BROAD_TEXT_TARGET_MS = 250;
const MAX_DURATION_S = 10;
const RAW_RUNS = 20;
const WARM_UP_S = 3;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    rows: { type: 'string', default: '1000000' },
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
interface Scenario {
  name: string; about: string; params: Params;
  /** Another list call of the declarations domain (default: the list itself); raw SQL is timed with `rawParams`. */
  path?: string; rawParams?: Params | null;
  /** A separately stated p95 target (ms) where the issue allows one (broad substring filters). */
  targetMs?: number;
}
interface Outcome {
  scenario: Scenario;
  p50: number; p95: number; p99: number; rps: number; requests: number; non2xx: number; errors: number;
  rawMs: number; total: number; totalKind: string;
}

const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };
const timeZone = config.APP_TIMEZONE;
const officeDateTime = (date: Date) => officeDateTimeIn(date, timeZone);

// ---------------------------------------------------------------- scenarios
async function buildScenarios(db: Db): Promise<Scenario[]> {
  const today = officeDateTime(new Date()).slice(0, 10);
  const monthAgo = officeDateTime(new Date(Date.now() - 30 * 86_400_000)).slice(0, 10);
  const range = { date_from: `${monthAgo} 00:00:00`, date_to: `${today} 23:59:59` };
  const middle = Math.floor(rowCount / 2);
  const sample = await one<{ user_id: number; flight_id: number; name: string; surname: string }>(db, sql`
    select d.user_id, (select flight_id from declarations where flight_id is not null and id >= ${middle} order by id limit 1) as flight_id,
           u.name, u.surname
    from declarations d join users u on u.id = d.user_id where d.id = ${middle}`);
  const userName = `${sample.name} ${sample.surname.slice(0, 3)}`;
  const share = await one<{ users: number }>(db, sql`select count(*)::int as users from users where (name || ' ' || surname) ilike ${`%${sample.name}%`}`);
  return [
    { name: 'default', about: 'created_at desc, page 1 of 25, last 31 days (the web app’s first view)', params: { ...range } },
    { name: 'default-all-time', about: 'created_at desc, page 1, no date filter (estimated total)', params: {} },
    { name: 'deep-page', about: 'default view, page 400 (offset 9,975)', params: { ...range, page: 400 } },
    { name: 'deep-page-all-time', about: 'no date filter, page 400', params: { page: 400 } },
    { name: 'status', about: 'state_id=9 (in a box at the branch), all time', params: { state_id: 9 } },
    { name: 'statuses-31d', about: 'state_id=8,9 (two statuses) in the last 31 days', params: { ...range, state_id: '8,9' } },
    { name: 'customer', about: `user_id=${sample.user_id} (one customer’s parcels)`, params: { user_id: sample.user_id } },
    { name: 'country-status', about: 'country_id=1 and state_id=9', params: { country_id: 1, state_id: 9 } },
    { name: 'track-code', about: 'track_code contains 5 digits (“48213”)', params: { track_code: '48213' } },
    { name: 'global-track-code', about: 'global_track_code contains 5 digits (“48213”)', params: { global_track_code: '48213' } },
    { name: 'user-name', about: `user_name contains “${userName}” (first name and the start of the surname)`, params: { user_name: userName } },
    {
      name: 'user-name-broad', about: `user_name contains “${sample.name}” (a first name alone: ${Number(share.users).toLocaleString('en')} customers); stated target ${BROAD_TEXT_TARGET_MS} ms`,
      params: { user_name: sample.name }, targetMs: BROAD_TEXT_TARGET_MS,
    },
    { name: 'weight-desc-31d', about: 'sort_column=weight desc, last 31 days', params: { ...range, sort_column: 'weight', sort_order: 'desc' } },
    { name: 'weight-desc-all-time', about: 'sort_column=weight desc, no date filter', params: { sort_column: 'weight', sort_order: 'desc' } },
    { name: 'delivery-price-31d', about: 'sort_column=delivery_price desc, last 31 days', params: { ...range, sort_column: 'delivery_price', sort_order: 'desc' } },
    { name: 'delivery-price-asc', about: 'sort_column=delivery_price asc, no date filter', params: { sort_column: 'delivery_price', sort_order: 'asc' } },
    { name: 'flight', about: `flight_id=${sample.flight_id} (one weekly flight)`, params: { flight_id: sample.flight_id } },
    // Declarations issue: the provider filter and the list variants built on the same ListSpec.
    { name: 'provider-31d', about: 'trendyol=2 (Temu-type parcels), last 31 days', params: { ...range, trendyol: 2 } },
    { name: 'provider-all-time', about: 'trendyol=1 (Trendyol-type parcels), no date filter', params: { trendyol: 1 } },
    { name: 'minilist-provider', about: 'GET declaration/minilist?trendyol=2 (the tiny table)', path: '/api/admin/declaration/minilist', params: { trendyol: 2 } },
    { name: 'partners', about: 'GET declaration/partner_declarations (branch partners’ parcels + partner names)', path: '/api/admin/declaration/partner_declarations', params: {}, rawParams: { has_partner: '1' } },
    { name: 'this-month', about: 'GET declaration/this_month (date_from forced to the month’s start)', path: '/api/admin/declaration/this_month', params: {}, rawParams: { date_from: `${today.slice(0, 7)}-01 00:00:00` } },
    { name: 'flights-list', about: 'GET v2/flights/list (the flights table: per-page counts, weights and prices over the flights’ parcels)', path: '/api/admin/v2/flights/list', params: {}, rawParams: null },
    { name: 'flights-list-country', about: 'GET v2/flights/list?country_id=1, sorted by start date', path: '/api/admin/v2/flights/list', params: { country_id: 1, sort_column: 'started_at', sort_order: 'desc' }, rawParams: null },
    { name: 'flight-box-declarations', about: `GET flights/box_declarations?flight_id=${sample.flight_id} (a flight’s parcels by bag)`, path: '/api/admin/flights/box_declarations', params: { flight_id: sample.flight_id }, rawParams: null },
    { name: 'flight-dispatches', about: `GET flights/airwaybillpackages?flight_id=${sample.flight_id} (sent dispatches, page of 20 with totals)`, path: '/api/admin/flights/airwaybillpackages', params: { flight_id: sample.flight_id }, rawParams: null },
    { name: 'customer-this-month', about: `GET declaration/this_month?user_id=${sample.user_id} (a customer’s current month)`, path: '/api/admin/declaration/this_month', params: { user_id: sample.user_id }, rawParams: { user_id: sample.user_id, date_from: `${today.slice(0, 7)}-01 00:00:00` } },
  ];
}

// ---------------------------------------------------------------- measuring
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measureRaw(db: Db, params: Params): Promise<{ ms: number; total: number; kind: string }> {
  const query = ZDeclarationListQuery.parse(params);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof findDeclarationPage>> | undefined;
  for (let i = 0; i < RAW_RUNS; i++) {
    const t = performance.now();
    last = await findDeclarationPage(db, query, timeZone);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: percentile(times, 50), total: last!.total.total, kind: last!.total.kind };
}

/** The load runs in a child process (bench/load-process.ts): the server's process serves only. */
const runLoad = (url: string, token: string, seconds = duration) => runBenchLoad(url, token, connections, seconds);

// ---------------------------------------------------------------- report
const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

function table(outcomes: Outcome[]): string {
  const head = '| scenario | p50 ms | p95 ms | p99 ms | req/s | non-2xx | raw SQL ms | total | total_kind | p95 target |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |';
  const target = (o: Outcome) => (kind === 'postgres' ? `< ${o.scenario.targetMs ?? TARGET_P95_MS}` : '–');
  const lines = outcomes.map((o) => `| ${o.scenario.name} | ${fmt(o.p50)} | ${fmt(o.p95)} | ${fmt(o.p99)} | ${fmt(o.rps, 0)} | ` +
    `${o.non2xx + o.errors} | ${fmt(o.rawMs, 2)} | ${Number.isFinite(o.total) ? o.total.toLocaleString('en') : '–'} | ${o.totalKind} | ${target(o)} |`);
  return [head, rule, ...lines].join('\n');
}


// ---------------------------------------------------------------- main
const { database, fresh, cleanup } = await openBenchDatabase(kind, { reuse: args.reuse, connections });
const db = database.db;
console.log(`Declarations list benchmark: ${kind}, ${rowCount.toLocaleString('en')} rows, ${connections} connections, ${duration} s per scenario`);
await database.migrate();
let generation = 'reused an existing database (--reuse)';
let generationSeconds = NaN;
if (fresh) {
  console.log('Generating data…');
  const g = await fillBenchData(db, rowCount);
  generationSeconds = g.seconds;
  generation = `${g.seconds.toFixed(1)} s (${g.parts})`;
}
console.log(`Generation: ${generation}`);
const actualRows = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from declarations`)).n);

const { app, base, token } = await serveBenchApp(db, config);

const only = args.only?.split(',').map((s) => s.trim());
const scenarios = (await buildScenarios(db)).filter((s) => !only || only.includes(s.name));
// Warm-up (not reported): Node's JIT, the pools and the database cache reach their steady state.
const warmUp = scenarios[0] ?? { params: {} };
await runLoad(`${base}/api/admin/v2/declaration/list?${new URLSearchParams(Object.entries(warmUp.params).map(([k, v]) => [k, String(v)]))}`, token, WARM_UP_S);
const outcomes: Outcome[] = [];
for (const scenario of scenarios) {
  // Calls outside the declarations list (rawParams null) are measured through HTTP only.
  const raw = scenario.rawParams === null ? { ms: NaN, total: NaN, kind: '–' } : await measureRaw(db, scenario.rawParams ?? scenario.params);
  const qs = new URLSearchParams(Object.entries(scenario.params).map(([k, v]) => [k, String(v)])).toString();
  const load = await runLoad(`${base}${scenario.path ?? '/api/admin/v2/declaration/list'}${qs ? `?${qs}` : ''}`, token);
  const outcome: Outcome = { scenario, ...load, rawMs: raw.ms, total: raw.total, totalKind: raw.kind };
  outcomes.push(outcome);
  console.log(`${scenario.name.padEnd(22)} p50 ${fmt(load.p50).padStart(6)}  p95 ${fmt(load.p95).padStart(6)}  p99 ${fmt(load.p99).padStart(6)} ms  ` +
    `${fmt(load.rps, 0).padStart(5)} req/s  non-2xx ${load.non2xx + load.errors}  raw ${fmt(raw.ms, 2)} ms  total ${raw.total} (${raw.kind})`);
}

const version = await serverVersion(db);
await app.close();
await database.close();
cleanup();

const misses = kind === 'postgres' ? outcomes.filter((o) => !(o.p95 < (o.scenario.targetMs ?? TARGET_P95_MS)) || o.non2xx + o.errors > 0) : [];
const date = new Date().toISOString().slice(0, 10);
const report = [
  `# Declarations list benchmark: ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${date}`,
  '',
  `- Endpoint: \`GET /api/admin/v2/declaration/list\`, ${connections} concurrent connections, ${duration} s per scenario (autocannon in a separate process, loopback)`,
  `- Database: ${version}${kind === 'pglite' ? ' (PGlite, one connection: requests queue behind each other)' : ''}`,
  `- Data: ${actualRows.toLocaleString('en')} declarations over ${DAYS} days, ${CUSTOMERS.toLocaleString('en')} customers; generation ${generation}`,
  `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  `- Raw SQL: median of ${RAW_RUNS} calls of \`findDeclarationPage\` (page + total) on the database, no HTTP, measured before the load run`,
  kind === 'postgres' ? `- Target: p95 < ${TARGET_P95_MS} ms for every scenario, unless the scenario states its own` : '- No target for PGlite (single connection); figures for comparison',
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
const file = path.join(resultsDir, `${kind}-${date}.md`);
fs.writeFileSync(file, report);
console.log(`\n${table(outcomes)}\n\nWritten to ${path.relative(process.cwd(), file)}`);
if (!Number.isNaN(generationSeconds)) console.log(`Generation time: ${generationSeconds.toFixed(1)} s`);
if (misses.length) {
  console.error(`\np95 target (${TARGET_P95_MS} ms) missed by: ${misses.map((o) => `${o.scenario.name} (p95 ${fmt(o.p95)} ms, target ${o.scenario.targetMs ?? TARGET_P95_MS} ms, non-2xx ${o.non2xx + o.errors})`).join(', ')}`);
  process.exitCode = 1;
}
