import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCustomsSimulator, type CustomsSimulator } from '../../integrations/customs/simulator';
import { startTestApp, type TestContext } from '../../test/harness';
import { BOX_BATCH, type CustomsSend } from './customs-link';

/*
 * Issue 7, customs state 2: declared parcels are gathered into boxes with one add-to-boxes call per
 * BOX_BATCH parcels; customs answers per parcel; a failed call is retried by the job runner.
 */

let sim: CustomsSimulator;
let ctx: TestContext;
let parcels: { id: number; track_code: string }[];

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const boxCalls = () => sim.requests.filter((r) => r.path === '/api/v2/carriers/addtoboxes');
const boxSends = (list: { id: number; track_code: string }[], reg = (t: string) => sim.declarationOf(t)!.regNumber): CustomsSend[] =>
  list.map((p) => ({ action: 'addtoboxes', declarationId: p.id, item: { trackingNumber: p.track_code, regNumber: reg(p.track_code) } }));
const queueOf = (tracks: string[]) => rows<{ track_code: string; status: string; attempts: number }>(sql`
  select track_code, status, attempts from customs_queue where action = 'addtoboxes' and track_code in ${tracks} order by id`);

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 0, declareRatio: 1 });
  ctx = await startTestApp({
    declarations: 400,
    env: { CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '500', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1' },
  });
  await db().execute(sql`insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', 'true'::jsonb)
    on conflict (group_id, key) do update set value = excluded.value`);
  parcels = await rows<{ id: number; track_code: string }>(sql`
    select d.id, d.track_code from declarations d join users u on u.id = d.user_id
    where d.deleted_at is null and u.fin is not null and d.weight > 0 and d.price > 0
      and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)
      and not exists (select 1 from customs_queue q where q.track_code = d.track_code)
    order by d.id limit ${BOX_BATCH + 30}`);
  expect(parcels.length).toBe(BOX_BATCH + 30);
  // These parcels have never been to customs: no customs state either (the demo seed gives some to others).
  await db().execute(sql`delete from declaration_customs_states where declaration_id in ${parcels.map((p) => p.id)}`);
  await ctx.app.customs.queueDeclarations(db(), parcels.map((p) => p.id));
  await ctx.app.jobs.runDue();
  await ctx.app.customs.sync(db(), 1);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

describe('[CUSTOMS][BOXES] gathering declared parcels into boxes', () => {
  test(`${BOX_BATCH + 20} parcels go in two calls; a parcel customs cannot match is declined alone; the rest are in boxes (state 2)`, async () => {
    const batch = parcels.slice(0, BOX_BATCH + 20);
    const wrong = batch[5]!;
    const before = boxCalls().length;
    const { ids } = await ctx.app.customs.queue(db(), boxSends(batch, (t) => (t === wrong.track_code ? '202600000000' : sim.declarationOf(t)!.regNumber)));
    const outcomes = await ctx.app.customs.sendQueued(db(), ids);
    expect(boxCalls().length - before).toBe(2);
    expect(outcomes.filter((o) => o.status === 'sent')).toHaveLength(batch.length - 1);
    expect(outcomes.find((o) => o.trackingNumber === wrong.track_code)).toMatchObject({ status: 'declined', code: 400, message: 'Bəyannamə tapılmadı' });
    const boxed = await rows<{ track_code: string; post_status: number }>(sql`select track_code, post_status from customs_parcels where track_code in ${batch.map((p) => p.track_code)}`);
    expect(boxed.filter((b) => b.post_status === 3)).toHaveLength(batch.length - 1);
    expect(sim.posts.get(batch[0]!.track_code)).toMatchObject({ status: 3 });
    const states = await rows<{ code: number }>(sql`select code from declaration_customs_states where track_code = ${batch[0]!.track_code} order by id`);
    expect(states.map((s) => s.code)).toEqual([0, 1, 2]);
    // one customs task per call, not per parcel
    const tasks = await rows<{ n: number }>(sql`select count(*)::int as n from customs_tasks where action = 'addtoboxes'`);
    expect(tasks[0]!.n).toBe(2);
  });

  test('a 5xx on the call leaves every parcel of it queued; the job runner sends them later, nothing lost', async () => {
    const batch = parcels.slice(BOX_BATCH + 20);
    sim.fail({ kind: '5xx', path: '/addtoboxes', times: 2 });
    const { ids } = await ctx.app.customs.queue(db(), boxSends(batch));
    const outcomes = await ctx.app.customs.sendQueued(db(), ids);
    expect(outcomes.every((o) => o.status === 'queued')).toBe(true);
    expect((await queueOf(batch.map((p) => p.track_code))).every((q) => q.status === 'queued' && q.attempts === 1)).toBe(true);
    const retried = await rows<{ n: number }>(sql`select count(*)::int as n from customs_tasks where action = 'addtoboxes' and state = 'failed' and retry_at is not null`);
    expect(retried[0]!.n).toBeGreaterThanOrEqual(1);
    // due now: the job's retry goes through
    await db().execute(sql`update customs_queue set retry_at = now() where id in ${ids}`);
    await db().execute(sql`update jobs set run_at = now() where name = 'customs.send' and status = 'queued'`);
    await ctx.app.jobs.runDue();
    const after = await queueOf(batch.map((p) => p.track_code));
    expect(after.map((q) => q.status)).toEqual(batch.map(() => 'sent'));
    expect(batch.every((p) => sim.posts.get(p.track_code)?.status === 3)).toBe(true);
  });
});
