/**
 * Package run against the customs simulator (issue 7, "Performance"): N parcels added to customs
 * (one add call each) and then dispatched (one depesh call each), through the customs link exactly as
 * the app sends them — queue rows, a customs task per call, customs states — with bounded concurrency.
 * Target: 400 parcels in under 10 s.
 *
 *   node --import tsx bench/customs-package-run.ts [--db pglite|postgres] [--parcels 400] [--concurrency 8] [--latency 0]
 *
 * --latency adds that many ms to every answer of the simulator (a network round trip to customs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { readConfig } from '../apps/api/src/config';
import { openPglite, openPostgres, type Database } from '../apps/api/src/db/client';
import { seedDemoData } from '../apps/api/src/db/seed/demo-seed';
import { seedReferenceData } from '../apps/api/src/db/seed/reference-data';
import { startCustomsSimulator } from '../apps/api/src/integrations/customs/simulator';
import { createCustomsLink } from '../apps/api/src/modules/customs/service';
import { createJobs } from '../apps/api/src/platform/jobs';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const kind = arg('db', 'pglite');
const parcels = Number(arg('parcels', '400'));
const concurrency = Number(arg('concurrency', '8'));
const latencyMs = Number(arg('latency', '0'));

async function openDb(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query('drop database if exists bench_customs with (force)');
    await admin.query('create database bench_customs');
    await admin.end();
    const database = await openPostgres('postgres://postgres@127.0.0.1:5432/bench_customs', concurrency + 2);
    return { database, cleanup: async () => database.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-customs-'));
  const database = await openPglite(dir);
  return { database, cleanup: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

const { database, cleanup } = await openDb();
const db = database.db;
await database.migrate();
await seedReferenceData(db);
await seedDemoData(db, { customers: 300, declarations: parcels + 200 });
await db.execute(sql`update settings set value = 'true'::jsonb where group_id = 'global' and key = 'sendDeclarationsToCustoms'`);
const ids = (await db.execute(sql`
  select d.id from declarations d join users u on u.id = d.user_id
  where d.deleted_at is null and u.fin is not null and d.weight > 0 and d.price > 0
    and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)
  order by d.id limit ${parcels}`)).rows.map((r) => Number((r as { id: number }).id));
if (ids.length < parcels) throw new Error(`only ${ids.length} declarations can be sent`);

const sim = await startCustomsSimulator({ declareAfterMs: 0, declareRatio: 1, latencyMs });
const config = readConfig({
  NODE_ENV: 'test', CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_CONCURRENCY: String(concurrency),
});
const link = createCustomsLink({ config, jobs: createJobs(db, { info: () => {}, warn: console.warn, error: console.error }) });

const t0 = performance.now();
const queued = await link.queueDeclarations(db, ids);
const added = await link.sendQueued(db, queued.ids);
const t1 = performance.now();
const tracks = (await db.execute(sql`select track_code from customs_queue where id in ${queued.ids}`)).rows.map((r) => String((r as { track_code: string }).track_code));
const run = await link.runPackages(db, tracks.map((t) => ({
  trackingNumber: t, airWaybillNumber: '235-12345675', dispatchNumber: 'DEP-BENCH-1', regNumber: sim.declarationOf(t)!.regNumber,
})));
const t2 = performance.now();

const okAdds = added.filter((o) => o.status === 'sent').length;
const okDepesh = run.filter((r) => r.code === 200).length;
const tasks = Number((await db.execute(sql`select count(*)::int as n from customs_tasks`)).rows[0]!.n);
const twice = tracks.filter((t) => sim.addCount(t) !== 1).length;
console.log(`customs package run on ${kind}: ${parcels} parcels, concurrency ${concurrency}, simulator latency ${latencyMs} ms`);
console.log(`  add:    ${okAdds}/${parcels} accepted in ${((t1 - t0) / 1000).toFixed(2)} s`);
console.log(`  depesh: ${okDepesh}/${parcels} accepted in ${((t2 - t1) / 1000).toFixed(2)} s`);
console.log(`  total:  ${((t2 - t0) / 1000).toFixed(2)} s (target < 10 s) — ${sim.requests.length} HTTP calls, ${tasks} customs tasks stored, ${twice} parcels added other than once`);
await sim.close();
await cleanup();
if (okAdds !== parcels || okDepesh !== parcels || twice > 0 || t2 - t0 >= 10_000) process.exitCode = 1;
