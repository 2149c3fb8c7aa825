/**
 * A flight's package run of N parcels against the customs simulator, through the real app over HTTP
 * (issue 7, "Performance": 400 parcels in under 10 s with bounded concurrency).
 *
 *   node --import tsx bench/flight-package-run.ts [--db pglite|postgres] [--parcels 400] [--concurrency 8] [--latency 0] [--runs 3]
 *
 * Each run: a new flight (POST flights/create), N declared parcels put on it (POST flights/set),
 * closed with dispatch (POST flights/close, limit N → one package run), then the package run is
 * executed (POST flights/execute): N depesh calls to the simulator with at most --concurrency at a
 * time, a customs task and a queue row per call, the run's output and the parcels' statuses saved.
 * Timed: close and execute, from the request to the reply. --latency adds that many ms to every
 * answer of the simulator (a network round trip to customs).
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { readConfig } from '../apps/api/src/config';
import { startCustomsSimulator } from '../apps/api/src/integrations/customs/simulator';
import { fillBenchData, logIn, openBenchDatabase } from './bench-db';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    parcels: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    latency: { type: 'string', default: '0' },
    runs: { type: 'string', default: '3' },
  },
});
const kind = args.db === 'postgres' ? 'postgres' : 'pglite';
const parcels = Number(args.parcels);
const concurrency = Number(args.concurrency);
const latencyMs = Number(args.latency);
const runs = Number(args.runs);
const TARGET_MS = 10_000;

const sim = await startCustomsSimulator({ declareAfterMs: 0, declareRatio: 1, latencyMs });
const config = readConfig({
  NODE_ENV: 'test', CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_CONCURRENCY: String(concurrency),
});
const { database, cleanup } = await openBenchDatabase(kind, { reuse: false, connections: concurrency + 4 });
const db = database.db;
await database.migrate();
await fillBenchData(db, Math.max(20_000, parcels * runs * 5));
await db.execute(sql`
  insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', 'true'::jsonb)
  on conflict (group_id, key) do update set value = excluded.value`);

const app = await buildApp({ db, config, jwtSecret: 'bench-secret-bench-secret-bench-secret-0123456789', logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { authorization: `Bearer ${await logIn(base)}` };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies of several calls, checked field by field below
type Reply = any;
async function post(path: string, form: Record<string, string | string[]>): Promise<{ status: number; body: Reply; ms: number }> {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
  const json = await res.json().catch(() => null);
  return { status: res.status, body: json, ms: performance.now() - t0 };
}

/**
 * N parcels of Turkey whose customer has a FIN, not yet known to customs, made parcels at the foreign
 * warehouse (7, on no flight), then added to customs and declared (the set-up, not timed).
 */
async function declaredParcels(n: number): Promise<{ id: number; track: string }[]> {
  const rows = (await db.execute<{ id: number; track_code: string }>(sql`
    update declarations set status_id = 7, flight_id = null, parcel_id = null, container_id = null, basket_id = null
    where id in (
      select d.id from declarations d join users u on u.id = d.user_id
      where d.deleted_at is null and d.status_id <> 7 and d.country_id = 1 and u.fin is not null and d.weight > 0 and d.price > 0
        and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)
      order by d.id limit ${n})
    returning id, track_code`)).rows.map((r) => ({ id: Number(r.id), track: String(r.track_code) }));
  if (rows.length < n) throw new Error(`only ${rows.length} parcels can be sent; raise the data size`);
  const queued = await app.customs.queueDeclarations(db, rows.map((r) => r.id));
  await app.customs.sendQueued(db, queued.ids);
  await app.customs.sync(db, 1); // the simulator declares at once: registration numbers land in customs_parcels
  return rows;
}

const results: { close: number; execute: number; accepted: number; calls: number }[] = [];
for (let r = 1; r <= runs; r++) {
  const rows = await declaredParcels(parcels);
  const created = await post('/api/admin/flights/create', { name: `BENCH-${Date.now()}-${r}`, state_id: '29', country_id: '1' });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const flightId = String(created.body.data.id);
  const set = await post('/api/admin/flights/set', { flight_id: flightId, declaration_ids: rows.map((x) => String(x.id)) });
  if (set.status !== 200) throw new Error(`set: ${set.status} ${JSON.stringify(set.body)}`);
  const close = await post('/api/admin/flights/close?close=true&type=with-dispatch', { flight_id: flightId, airWaybill: '235-12345675', limit: String(parcels) });
  if (close.status !== 200 || close.body.runs.length !== 1) throw new Error(`close: ${close.status} ${JSON.stringify(close.body).slice(0, 300)}`);
  const callsBefore = sim.requests.length;
  const exec = await post(`/api/admin/flights/execute?queue_id=${close.body.runs[0].id}`, {});
  if (exec.status !== 200) throw new Error(`execute: ${exec.status} ${JSON.stringify(exec.body).slice(0, 300)}`);
  const accepted = (exec.body.packages as { code: number }[]).filter((p) => p.code === 200).length;
  const atEight = Number((await db.execute<{ n: number }>(sql`
    select count(*)::int as n from declarations where flight_id = ${Number(flightId)} and status_id = 8`)).rows[0]!.n);
  if (accepted !== parcels || atEight !== parcels) throw new Error(`run ${r}: ${accepted} accepted, ${atEight} at status 8 of ${parcels}`);
  results.push({ close: close.ms, execute: exec.ms, accepted, calls: sim.requests.length - callsBefore });
  console.log(`run ${r}: close ${close.ms.toFixed(0)} ms, execute ${exec.ms.toFixed(0)} ms, ${accepted}/${parcels} accepted, ${sim.requests.length - callsBefore} customs calls`);
}

const worst = Math.max(...results.map((x) => x.close + x.execute));
console.log(`\nflight package run on ${kind}: ${parcels} parcels, customs concurrency ${concurrency}, simulator latency ${latencyMs} ms`);
console.log(`  execute: ${results.map((x) => (x.execute / 1000).toFixed(2)).join(' s, ')} s`);
console.log(`  close + execute, worst of ${runs}: ${(worst / 1000).toFixed(2)} s (target < 10 s)`);
await app.close();
await sim.close();
await cleanup();
if (worst >= TARGET_MS) process.exitCode = 1;
