import type { CustomsDeclarationListReply, CustomsStatsReply } from '@app/contract/customs';
import type { DeletedDeclarationRow, PostDeclarationRow } from '@app/contract/declaration-lists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { grantPermissions } from '../../db/seed/demo-seed';
import { startCustomsSimulator, type CustomsSimulator } from '../../integrations/customs/simulator';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/*
 * Issue 7, customs half: a cancelled declaration is deleted at customs (queued in the cancel's own
 * transaction, sent by the job runner to the simulator), the deleted declarations screen is fed by
 * customs (our deletes and the citizens' withdrawals), post declarations by the declarations sync,
 * and the customs screens' gates.
 */

let sim: CustomsSimulator;
let ctx: TestContext;
let ofis: Record<string, string>;      // dgk_declarations, deleted_customs_declarations, post_declarations, declaration_cancel
let anbar: Record<string, string>;     // no customs permission
let partner: Record<string, string>;
let queuesOnly: Record<string, string>; // bbs_office and bbs_queues, not dgk_declarations
let ready: { id: number; track_code: string }[];

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
const queueOf = (track: string) => rows<{ action: string; status: string; declaration_id: number | null; last_error: string | null }>(
  sql`select action, status, declaration_id, last_error from customs_queue where track_code = ${track} order by id`);
const parcelOf = async (track: string) => (await rows<{ removed_at: string | null; declaration_deleted_at: string | null; reg_number: string | null }>(
  sql`select removed_at::text, declaration_deleted_at::text, reg_number from customs_parcels where track_code = ${track}`))[0];
const deletedList = async (query: string) => (await get(`/api/admin/customs/deleteddeclarations?${query}`, ofis)).json() as { data: DeletedDeclarationRow[]; total: number };

/** Sends the adds of these declarations to customs and lets the citizens declare them. */
async function atCustoms(picked: { id: number; track_code: string }[], declare = true) {
  await ctx.app.customs.queueDeclarations(db(), picked.map((p) => p.id));
  await ctx.app.jobs.runDue();
  for (const p of picked) {
    expect(sim.addCount(p.track_code)).toBe(1);
    if (declare) expect(sim.declare(p.track_code)).not.toBeNull();
  }
  if (declare) await ctx.app.customs.sync(db());
}

beforeAll(async () => {
  sim = await startCustomsSimulator({ declareAfterMs: 3_600_000, declareRatio: 1 });
  ctx = await startTestApp({
    declarations: 150,
    env: { CUSTOMS_BASE_URL: sim.url, CUSTOMS_API_KEY: sim.apiKey, CUSTOMS_TIMEOUT_MS: '500', CUSTOMS_RETRIES: '1', CUSTOMS_RETRY_SECONDS: '1' },
  });
  await db().execute(sql`insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', 'true'::jsonb)
    on conflict (group_id, key) do update set value = excluded.value`);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  // a back-office colleague who works the customs queues only
  const [colleague] = await rows<{ id: number; email: string }>(sql`select id, email from users where admin = 3 and lower(email) <> 'ofis@example.az' and password_hash is not null order by id limit 1`);
  await grantPermissions(db(), colleague!.id, ['bbs_office', 'bbs_queues']);
  queuesOnly = bearer((await logInAs(ctx.app, colleague!.email)).access_token);
  ready = await rows<{ id: number; track_code: string }>(sql`
    select d.id, d.track_code from declarations d join users u on u.id = d.user_id
    where d.deleted_at is null and u.fin is not null and d.weight > 0 and d.price > 0 and d.status_id <> 8
      and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)
      and not exists (select 1 from customs_queue q where q.track_code = d.track_code)
    order by d.id limit 12`);
  expect(ready.length).toBe(12);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

describe('[CUSTOMS][WITHDRAW] cancelling a declaration customs holds deletes it there', () => {
  test('cancel queues the delete in its own transaction; the job sends it; the deleted list shows it with who cancelled it', async () => {
    const victim = ready[0]!;
    await atCustoms([victim]);
    const reg = (await parcelOf(victim.track_code))!.reg_number;
    expect(reg).toMatch(/^2026\d{8}$/);
    // on the customs declarations screen, declared, with our customer
    const before = (await get(`/api/admin/customs?tracking_number=${victim.track_code}`, ofis)).json() as CustomsDeclarationListReply;
    expect(before.data).toHaveLength(1);
    expect(before.data[0]).toMatchObject({ id: victim.id, RegNumber: reg, user_id: expect.any(Number) });

    const res = await postForm(ctx.app, `/api/admin/declaration/cancel?declaration_id=${victim.id}`, ofis);
    expect(res.statusCode, res.body).toBe(200);
    // committed with the cancel: the delete send and its job, nothing sent yet
    expect(await queueOf(victim.track_code)).toEqual([
      expect.objectContaining({ action: 'add', status: 'sent' }),
      expect.objectContaining({ action: 'delete', status: 'queued', declaration_id: victim.id }),
    ]);
    expect(sim.posts.has(victim.track_code)).toBe(true);

    await ctx.app.jobs.runDue();
    expect(sim.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toContain(`/api/v2/carriers/${victim.track_code}`);
    expect(sim.posts.has(victim.track_code)).toBe(false);
    expect((await queueOf(victim.track_code))[1]).toMatchObject({ action: 'delete', status: 'sent' });
    const [task] = await rows<{ method: string; state: string; status_code: number }>(sql`
      select method, state, status_code from customs_tasks where action = 'delete' and path = ${`/api/v2/carriers/${victim.track_code}`}`);
    expect(task).toMatchObject({ method: 'DELETE', state: 'done', status_code: 200 });
    const parcel = (await parcelOf(victim.track_code))!;
    expect(parcel.removed_at).not.toBeNull();
    expect(parcel.declaration_deleted_at).not.toBeNull();

    // customs no longer holds it: off the customs declarations screen
    expect((await get(`/api/admin/customs?tracking_number=${victim.track_code}`, ofis)).json().total).toBe(0);
    // among the deleted customs declarations, as our row, cancelled by Nigar Əliyeva
    const deleted = await deletedList(`track_code=${victim.track_code}`);
    expect(deleted.data).toHaveLength(1);
    expect(deleted.data[0]).toMatchObject({ id: victim.id, track_code: victim.track_code, deleted_by_name: 'Nigar Əliyeva' });
    expect((await deletedList('per_page=5')).data[0]!.track_code).toBe(victim.track_code); // newest withdrawal first
    // the sync sees customs' deleted declaration and keeps the time we first learnt it
    const at = deleted.data[0]!.deleted_at;
    await new Promise((r) => setTimeout(r, 1100));
    const synced = await ctx.app.customs.sync(db());
    expect(synced.deleted).toBeGreaterThanOrEqual(1);
    expect((await deletedList(`track_code=${victim.track_code}`)).data[0]!.deleted_at).toBe(at);
  });

  test('cancel_many: the parcels customs holds get a delete, a dispatched one none, an add still queued is dropped', async () => {
    const [held, dispatched, waiting] = [ready[1]!, ready[2]!, ready[3]!];
    await atCustoms([held, dispatched]);
    const regOf = async (track: string) => (await parcelOf(track))!.reg_number!;
    const run = await ctx.app.customs.runPackages(db(), [{
      trackingNumber: dispatched.track_code, airWaybillNumber: '235-11112222', dispatchNumber: 'DEP-9', regNumber: await regOf(dispatched.track_code), declarationId: dispatched.id,
    }]);
    expect(run[0]!.code).toBe(200);
    // an add queued but not sent yet (its job is due later)
    await ctx.app.customs.queue(db(), [{ action: 'add', declarationId: waiting.id, parcel: { ...sim.posts.get(held.track_code)!, trackinG_NO: waiting.track_code } as never }],
      { jobRunAt: new Date(Date.now() + 3_600_000) });
    expect((await queueOf(waiting.track_code)).map((q) => q.status)).toEqual(['queued']);

    const res = await postForm(ctx.app, '/api/admin/declaration/cancel_many', ofis, { declaration_ids: `${held.id},${dispatched.id},${waiting.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await queueOf(held.track_code)).map((q) => `${q.action}:${q.status}`)).toEqual(['add:sent', 'delete:queued']);
    expect((await queueOf(dispatched.track_code)).map((q) => q.action)).not.toContain('delete');
    expect(await queueOf(waiting.track_code)).toEqual([expect.objectContaining({ action: 'add', status: 'failed', last_error: expect.stringContaining('cancelled') })]);

    await db().execute(sql`update jobs set run_at = now() where status = 'queued'`);
    await ctx.app.jobs.runDue();
    expect(sim.posts.has(held.track_code)).toBe(false);
    expect(sim.posts.get(dispatched.track_code)).toMatchObject({ status: 4 }); // customs keeps a dispatched parcel
    expect(sim.addCount(waiting.track_code)).toBe(0); // the dropped add never went out
    expect((await parcelOf(dispatched.track_code))!.removed_at).toBeNull();
  });

  test('all or nothing: a cancel_many refused for an unknown id queues no delete and deletes nothing', async () => {
    const victim = ready[4]!;
    await atCustoms([victim], false);
    const res = await postForm(ctx.app, '/api/admin/declaration/cancel_many', ofis, { declaration_ids: `${victim.id},999999999` });
    expect(res.statusCode).toBe(404);
    expect((await queueOf(victim.track_code)).map((q) => q.action)).toEqual(['add']);
    const [row] = await rows<{ deleted_at: string | null }>(sql`select deleted_at from declarations where id = ${victim.id}`);
    expect(row!.deleted_at).toBeNull();
  });

  test('a delete customs answers "not found" still takes the parcel off the customs lists', async () => {
    const victim = ready[5]!;
    await atCustoms([victim], false);
    sim.posts.delete(victim.track_code); // gone at customs already (deleted by hand there)
    expect((await postForm(ctx.app, `/api/admin/declaration/cancel?declaration_id=${victim.id}`, ofis)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect((await queueOf(victim.track_code))[1]).toMatchObject({ action: 'delete', status: 'declined' });
    expect((await parcelOf(victim.track_code))!.removed_at).not.toBeNull();
    expect((await get(`/api/admin/customs?tracking_number=${victim.track_code}`, ofis)).json().total).toBe(0);
    // never declared: not a deleted declaration
    expect((await deletedList(`track_code=${victim.track_code}`)).total).toBe(0);
  });
});

describe('[CUSTOMS][SYNC] deleted declarations and post declarations come from customs', () => {
  test('a citizen withdraws a declaration: listed as deleted with no one of ours, our declaration untouched; undeclared on the customs screen', async () => {
    const parcel = ready[6]!;
    await atCustoms([parcel]);
    sim.withdraw(parcel.track_code);
    await ctx.app.customs.sync(db());
    const deleted = await deletedList(`track_code=${parcel.track_code}`);
    expect(deleted.data).toHaveLength(1);
    expect(deleted.data[0]).toMatchObject({ id: parcel.id, deleted_by_id: null });
    const [ours] = await rows<{ deleted_at: string | null }>(sql`select deleted_at from declarations where id = ${parcel.id}`);
    expect(ours!.deleted_at).toBeNull();
    const customs = (await get(`/api/admin/customs?tracking_number=${parcel.track_code}`, ofis)).json() as CustomsDeclarationListReply;
    expect(customs.data).toHaveLength(1);
    expect((await get(`/api/admin/customs?tracking_number=${parcel.track_code}&declared=0`, ofis)).json().total).toBe(1);
    const stats = (await get('/api/admin/customs/stats', ofis)).json() as CustomsStatsReply;
    expect(stats.withdrawn).toBeGreaterThanOrEqual(2);
    // the state history ends: added, declared, electronic declaration cancelled (the demo gave it earlier states)
    const states = await rows<{ code: number }>(sql`select code from declaration_customs_states where declaration_id = ${parcel.id} order by created_at, id`);
    expect(states.map((s) => s.code).slice(-3)).toEqual([0, 1, 100]);
  });

  test('each citizen declaration of a parcel of ours becomes one unread post declaration: our value and customs\' value in USD', async () => {
    const parcel = ready[7]!;
    await atCustoms([parcel]);
    const declaration = sim.declarationOf(parcel.track_code)!;
    const res = await get(`/api/admin/post_declarations?declaration_id=${parcel.id}`, ofis);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { data: PostDeclarationRow[]; total: number };
    expect(list.total).toBe(1);
    const usd = declaration.goodsList.reduce((s, g) => s + g.invoicePriceUsdNumber, 0);
    expect(list.data[0]).toMatchObject({ track_code: parcel.track_code, is_new: 1, declaration_id: parcel.id, user_id: expect.any(Number) });
    expect(Number(list.data[0]!.dgk_price)).toBeCloseTo(usd, 2);
    expect(Number(list.data[0]!.price)).toBeCloseTo(usd, 1); // the simulator's citizen declares our value
    // a later sync adds nothing twice
    await ctx.app.customs.sync(db());
    expect((await get(`/api/admin/post_declarations?customs_id=${declaration.regNumber}`, ofis)).json().total).toBe(1);
  });
});

describe('[CUSTOMS][GATES] each customs screen behind its permission on the server', () => {
  test('without dgk_declarations: declarations, carrier posts, upload and stats refused; tasks and queues with their own codes; ping for any customs screen', async () => {
    for (const url of ['/api/admin/customs', '/api/admin/customs/carriersposts', '/api/admin/customs/stats']) {
      expect((await get(url, queuesOnly)).statusCode, url).toBe(403);
      expect((await get(url, anbar)).statusCode, url).toBe(403);
      expect((await get(url, partner)).statusCode, url).toBe(403);
      expect((await get(url, ofis)).statusCode, url).toBe(200);
    }
    const upload = await ctx.app.inject({ method: 'POST', url: '/api/admin/customs/upload', payload: {}, headers: queuesOnly });
    expect(upload.statusCode).toBe(403);
    expect((await get('/api/admin/customs_tasks', queuesOnly)).statusCode).toBe(200);
    expect((await get('/api/customs_queues/packages', queuesOnly)).statusCode).toBe(200);
    expect((await get('/api/admin/customs/ping', queuesOnly)).statusCode).toBe(200);
    expect((await get('/api/admin/customs/ping', anbar)).statusCode).toBe(403);
    // the deleted and post declarations keep their own codes
    for (const url of ['/api/admin/customs/deleteddeclarations', '/api/admin/post_declarations']) {
      expect((await get(url, queuesOnly)).statusCode, url).toBe(403);
      expect((await get(url, anbar)).statusCode, url).toBe(403);
    }
  });
});
