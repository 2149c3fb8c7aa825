/**
 * Benchmark of the box acceptance scan (warehouse issue: a scan acknowledged in under 100 ms at p95
 * against a box of 500 parcels).
 *
 *   node --import tsx bench/warehouse-scan.ts [--db pglite|postgres] [--rows 100000] [--box 500] [--scans 1000] [--connections 1] [--reuse]
 *
 * The screen lists a scan at once (no server round trip) and then asks
 * `GET /api/admin/containers/lookup` for the parcel's branch, status and declaration flag; this
 * measures that lookup over HTTP through the real app (guard included): `box` parcels are closed
 * into one box first (`POST containers/close`, timed as well), then `scans` lookups of those
 * parcels run with `connections` concurrent scanners (1 = one scanner at a counter).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/api/src/config';
import { fillBenchData, openBenchDatabase, serverVersion, serveBenchApp } from './bench-db';

const TARGET_MS = 100;
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rows: { type: 'string', default: '100000' },
    box: { type: 'string', default: '500' },
    scans: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: false },
  },
});
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const kind: 'postgres' | 'pglite' = args.db;
const rowCount = Number(args.rows);
const boxSize = Number(args.box);
const scans = Number(args.scans);
const connections = Math.max(1, Number(args.connections));
const config = { ...readConfig({}), LOG_LEVEL: 'silent' as const, ACCESS_TOKEN_TTL_SECONDS: 3600 };

const { database, fresh, cleanup } = await openBenchDatabase(kind, { reuse: args.reuse, connections: Math.max(2, connections) });
const db = database.db;
console.log(`Box scan benchmark: ${kind}, ${rowCount.toLocaleString('en')} declarations, box of ${boxSize}, ${scans} scans, ${connections} scanner(s)`);
await database.migrate();
if (fresh) {
  console.log('Generating data…');
  const g = await fillBenchData(db, rowCount);
  console.log(`Generation: ${g.seconds.toFixed(1)} s (${g.parts})`);
}
const { app, base, token } = await serveBenchApp(db, config);
const headers = { authorization: `Bearer ${token}` };

const codes = (await db.execute<{ track_code: string }>(sql`
  select track_code from declarations where status_id in (7, 8) and deleted_at is null and not requires_declaration
  order by id desc limit ${boxSize}`)).rows.map((r) => String(r.track_code));
if (codes.length < boxSize) throw new Error(`only ${codes.length} parcels at 7/8 to put in the box`);
const box = await fetch(`${base}/api/admin/containers/create`, {
  method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ container_name: `BENCH-${Date.now() % 100000}`, branch_id: 1 }),
});
const boxId = ((await box.json()) as { data: { id: number } }).data.id;
const closeStart = performance.now();
const closed = await fetch(`${base}/api/admin/containers/close`, {
  method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ track_code: codes, container_id: boxId }),
});
const closeMs = performance.now() - closeStart;
if (!closed.ok) throw new Error(`close failed: ${closed.status} ${await closed.text()}`);

// warm-up
for (const code of codes.slice(0, 50)) await fetch(`${base}/api/admin/containers/lookup?track_code=${code}`, { headers });
const latencies: number[] = [];
let failures = 0;
let next = 0;
async function scanner() {
  while (next < scans) {
    const code = codes[next % codes.length]!;
    next += 1;
    // Findex scanners send digits only, the harder case (two candidate codes)
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/containers/lookup?track_code=${code.replace(/\D/g, '')}`, { headers });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!res.ok) failures += 1;
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: connections }, scanner));
const seconds = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
const p95 = pct(95);
console.log(`Server: ${await serverVersion(db)}`);
console.log(`close of ${boxSize} parcels into one box: ${closeMs.toFixed(0)} ms`);
console.log(`lookup: p50 ${pct(50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, ${(latencies.length / seconds).toFixed(0)} req/s, failures ${failures}`);
console.log(p95 < TARGET_MS ? `PASS: p95 under ${TARGET_MS} ms` : `FAIL: p95 ${p95.toFixed(1)} ms ≥ ${TARGET_MS} ms`);
await app.close();
await database.close();
cleanup();
