import type { ConflictedDeclarationDetail, ConflictedListRow } from '@app/contract/conflicted-declarations';
import type { DeclarationDetail } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conflictedDeclarations } from '../../../db/schema/declarations';
import { statusHistory } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>; // back office: conflicted_declarations, declaration_cancel; not changeweightdeclaration
let anbar: Record<string, string>; // warehouseman: conflicted_declarations, changeweightdeclaration; not declaration_cancel
let partner: Record<string, string>; // no conflicted_declarations
let customerId: number;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 50 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  customerId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(1))[0]!.id;
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) =>
  postForm(ctx.app, url, headers, fields);
const info = async (id: number) =>
  (await ctx.app.inject({ url: `/api/admin/conflicted_declaration/info?conflicted_declaration_id=${id}`, headers: ofis })).json().data as ConflictedDeclarationDetail;
const listed = async (trackCode: string) =>
  ((await ctx.app.inject({ url: `/api/admin/v2/conflicted_declaration/list?track_code=${trackCode}`, headers: ofis })).json().data as ConflictedListRow[])
    .some((r) => r.track_code === trackCode);
let seq = 0;
async function createUnknown(fields: Record<string, string | number> = {}, as = anbar) {
  seq += 1;
  const res = await post('/api/admin/conflicted_declaration/create', as, { track_code: `UNK${Date.now()}${seq}`, country_id: 1, weight: '0.4', ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ConflictedDeclarationDetail;
}
const countUnknowns = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(conflictedDeclarations))[0]!.n;

describe('[DECLARATIONS][UNKNOWN] unknown (conflicted) declarations', () => {
  test('a storage worker creates one: Unknown (90), listed with its basket column; bad input and no permission are refused', async () => {
    const u = await createUnknown({ basket_id: 1 });
    expect(u).toMatchObject({ state_id: 90, weight: '0.40', basket_id: '1', branch_id: 1, user_id: null, declaration_id: null });
    expect(await listed(u.track_code)).toBe(true);
    const before = await countUnknowns();
    const missing = await post('/api/admin/conflicted_declaration/create', anbar, { weight: '1' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['track_code', 'country_id']));
    const unknownUser = await post('/api/admin/conflicted_declaration/create', anbar, { track_code: 'X1', country_id: 1, user_id: 99999999 });
    expect(unknownUser.statusCode).toBe(422);
    expect((await post('/api/admin/conflicted_declaration/create', ofis, { track_code: 'X2', country_id: 1, weight: '2' })).statusCode).toBe(403);
    expect((await post('/api/admin/conflicted_declaration/create', partner, { track_code: 'X3', country_id: 1 })).statusCode).toBe(403);
    expect(await countUnknowns()).toBe(before);
  });

  test('edited by office staff it becomes Resolved (91); by a storage worker it stays Unknown', async () => {
    const u = await createUnknown();
    const byWorker = await post('/api/admin/conflicted_declaration/edit', anbar, { conflicted_declaration_id: u.id, descr: 'Qutu əzilib' });
    expect(byWorker.json().data).toMatchObject({ state_id: 90, descr: 'Qutu əzilib' });
    const byOffice = await post('/api/admin/conflicted_declaration/edit', ofis, { conflicted_declaration_id: u.id, user_id: customerId });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    expect(byOffice.json().data).toMatchObject({ state_id: 91, user_id: customerId });
    const history = await ctx.database.db.select().from(statusHistory)
      .where(and(eq(statusHistory.modelId, MODEL.conflictedDeclarations), eq(statusHistory.objectId, u.id))).orderBy(statusHistory.id);
    expect(history.map((h) => h.stateId)).toEqual([90, 91]);
    const weight = await post('/api/admin/conflicted_declaration/edit', ofis, { conflicted_declaration_id: u.id, weight: '3' });
    expect(weight.statusCode).toBe(403);
    expect((await info(u.id)).weight).toBe('0.40');
  });

  test('accept makes a normal declaration (status 7, price from the tariffs) and it leaves the unknown list; missing data is refused', async () => {
    const u = await createUnknown({ weight: '0.6' });
    const incomplete = await post('/api/admin/conflicted_declaration/accept', ofis, { conflicted_declaration_id: u.id });
    expect(incomplete.statusCode).toBe(422);
    expect(Object.keys(incomplete.json().errors)).toEqual(expect.arrayContaining(['user_id', 'product_type_id', 'quantity', 'price']));
    expect((await info(u.id)).declaration_id).toBeNull();
    const ok = await post('/api/admin/conflicted_declaration/accept', ofis, {
      conflicted_declaration_id: u.id, user_id: customerId, product_type_id: 2, quantity: 1, price: '30', branch_id: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const declarationId = ok.json().data.declaration_id as number;
    const d = (await ctx.app.inject({ url: `/api/admin/declaration/info?declaration_id=${declarationId}`, headers: ofis })).json().data as DeclarationDetail;
    expect(d).toMatchObject({ state_id: 7, user_id: customerId, weight: '0.60', delivery_price: '4.50', global_track_code: u.track_code });
    expect(await listed(u.track_code)).toBe(false);
    expect((await info(u.id)).state_id).toBe(91);
    const again = await post('/api/admin/conflicted_declaration/accept', ofis, { conflicted_declaration_id: u.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(az.declarations.conflictedAlreadyAccepted);
  });

  test('cancel needs declaration_cancel; it leaves the list', async () => {
    const u = await createUnknown();
    expect((await post(`/api/admin/conflicted_declaration/cancel?conflicted_declaration_id=${u.id}`, anbar)).statusCode).toBe(403);
    expect(await listed(u.track_code)).toBe(true);
    expect((await post(`/api/admin/conflicted_declaration/cancel?conflicted_declaration_id=${u.id}`, ofis)).statusCode).toBe(200);
    expect(await listed(u.track_code)).toBe(false);
    expect((await info(u.id)).deleted_at).not.toBeNull();
    expect((await post(`/api/admin/conflicted_declaration/cancel?conflicted_declaration_id=${u.id}`, admin)).statusCode).toBe(404);
  });

  test('the sidebar badge counts the open ones the list shows (not resolved): demo data, then one resolved, one cancelled', async () => {
    const badge = async () => (await ctx.app.inject({ method: 'POST', url: '/api/admin/notification/count', headers: ofis, payload: {} })).json().data.conflicted_declaration as number;
    const openTotal = async () => (await ctx.app.inject({ url: '/api/admin/v2/conflicted_declaration/list?is_resolved=0', headers: ofis })).json().total as number;
    const start = await badge();
    expect(start).toBeGreaterThan(0);
    expect(start).toBe(await openTotal());
    const a = await createUnknown();
    const b = await createUnknown();
    expect(await badge()).toBe(start + 2);
    expect((await post('/api/admin/conflicted_declaration/edit', ofis, { conflicted_declaration_id: a.id, user_id: customerId })).json().data.state_id).toBe(91);
    expect(await badge()).toBe(start + 1);
    expect((await post(`/api/admin/conflicted_declaration/cancel?conflicted_declaration_id=${b.id}`, ofis)).statusCode).toBe(200);
    expect(await badge()).toBe(start);
    expect(await badge()).toBe(await openTotal());
  });
});
