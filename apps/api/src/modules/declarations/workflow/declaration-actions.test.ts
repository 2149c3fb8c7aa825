import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeclarationDetail, DeclarationListRow, DeclarationTimelineEntry } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../../db/schema/declarations';
import { flights } from '../../../db/schema/flights';
import { statusHistory } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let dataDir: string;
let admin: Record<string, string>; // role 1: every permission
let ofis: Record<string, string>; // back office: declaration_cancel; not canceldepesh
let anbar: Record<string, string>; // warehouseman: neither declaration_cancel nor canceldepesh
let customers: number[];
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decl-actions-'));
  ctx = await startTestApp({ declarations: 300, env: { DATA_DIR: dataDir } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  customers = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(3)).map((r) => r.id);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) =>
  postForm(ctx.app, url, headers, fields);
const get = (url: string, headers = admin) => ctx.app.inject({ url, headers });
const info = async (id: number) => (await get(`/api/admin/declaration/info?declaration_id=${id}`)).json().data as DeclarationDetail;
async function create(fields: Record<string, string | number> = {}) {
  const res = await post('/api/admin/declaration/create', admin, {
    user_id: customers[0]!, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 1, price: '10', weight: '0.4', ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DeclarationDetail;
}
const historyOf = (id: number) => ctx.database.db.select().from(statusHistory)
  .where(and(eq(statusHistory.modelId, MODEL.declarations), eq(statusHistory.objectId, id))).orderBy(statusHistory.id);
/** A demo declaration found by query (never a hard-coded id). */
const findDemo = (where: ReturnType<typeof and>) =>
  ctx.database.db.select().from(declarations).where(and(isNull(declarations.deletedAt), where)).orderBy(declarations.id).limit(1).then((r) => r[0]!);
/** Puts a declaration into a demo flight (found by query) at a status, as the flights screens would. */
async function placeInFlight(id: number, statusId: number) {
  const [flight] = await ctx.database.db.select({ id: flights.id }).from(flights).orderBy(flights.id).limit(1);
  await ctx.database.db.update(declarations).set({ flightId: flight!.id, statusId }).where(eq(declarations.id, id));
}
const inList = async (trackCode: string) =>
  ((await get(`/api/admin/v2/declaration/list?track_code=${trackCode}`)).json().data as DeclarationListRow[]).some((r) => r.track_code === trackCode);

describe('[DECLARATIONS][INFO] GET /api/admin/declaration/info', () => {
  test('the spec §3 shape with user, status, branch, flags; 404 for an unknown id; 422 for a bad id', async () => {
    const d = await create({ shop_name: 'Koton' });
    expect(d).toMatchObject({
      id: d.id, country_id: 1, user_id: customers[0], state_id: 7, state_name: 'Xarici anbarda', branch_id: 1,
      product_type_id: 1, editable: 1, is_your_branch: true, is_new: 1, payed: 0, measure_id: 1, document_file: null,
    });
    expect((await get('/api/admin/declaration/info?declaration_id=99999999')).statusCode).toBe(404);
    expect((await get('/api/admin/declaration/info?declaration_id=abc')).statusCode).toBe(422);
  });
});

describe('[DECLARATIONS][CANCEL] delete', () => {
  test('needs declaration_cancel: refused with nothing changed; then leaves the list but keeps its history', async () => {
    const d = await create();
    const refused = await post(`/api/admin/declaration/cancel?declaration_id=${d.id}`, anbar);
    expect(refused.statusCode).toBe(403);
    expect(await inList(d.track_code)).toBe(true);
    const ok = await post(`/api/admin/declaration/cancel?declaration_id=${d.id}`, ofis);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await inList(d.track_code)).toBe(false);
    const after = await info(d.id);
    expect(after.deleted_at).not.toBeNull();
    expect(after.editable).toBe(0);
    const timeline = (await get(`/api/admin/declaration/getstates?declaration_id=${d.id}`)).json().data as DeclarationTimelineEntry[];
    // One entry per change: the creation carries the status it set.
    expect(timeline.map((e) => [e.action, e.state_id])).toEqual([['declaration.create', 7], ['declaration.cancel', null]]);
    expect((await post(`/api/admin/declaration/cancel?declaration_id=${d.id}`, ofis)).statusCode).toBe(404);
  });

  test('cancel_many is all or nothing', async () => {
    const a = await create();
    const b = await create();
    const refused = await post('/api/admin/declaration/cancel_many', anbar, { declaration_ids: `${a.id},${b.id}` });
    expect(refused.statusCode).toBe(403);
    const unknown = await post('/api/admin/declaration/cancel_many', ofis, { declaration_ids: `${a.id},99999999` });
    expect(unknown.statusCode).toBe(404);
    expect(await inList(a.track_code)).toBe(true);
    expect((await post('/api/admin/declaration/cancel_many', ofis, {})).statusCode).toBe(422);
    const ok = await post('/api/admin/declaration/cancel_many', ofis, { declaration_ids: `${a.id},${b.id}` });
    expect(ok.json()).toEqual({ data: { count: 2 } });
    expect(await inList(a.track_code)).toBe(false);
    expect(await inList(b.track_code)).toBe(false);
  });
});

describe('[DECLARATIONS][STATE] manual status change', () => {
  test('9 and 88 (88 with a reason) with status history; workflow statuses and a missing reason are refused', async () => {
    const d = await create();
    const other = await post(`/api/admin/declaration/edit/state?declaration_id=${d.id}&state_id=10`, ofis);
    expect(other.statusCode).toBe(422);
    // issue 13: 10 belongs to the handover; the refusal names the parcel and the reason
    expect(other.json().errors.state_id[0]).toMatch(new RegExp(`^${d.track_code}: «Təhvil verilib» statusu əl ilə verilə bilməz`));
    const noReason = await post(`/api/admin/declaration/edit/state?declaration_id=${d.id}&state_id=88`, ofis, { descr: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ descr: [az.declarations.reasonRequired] });
    expect((await info(d.id)).state_id).toBe(7);
    expect((await post(`/api/admin/declaration/edit/state?declaration_id=${d.id}&state_id=9`, ofis)).statusCode).toBe(200);
    const held = await post(`/api/admin/declaration/edit/state?declaration_id=${d.id}&state_id=88`, ofis, { descr: 'Sənəd tələb olunur' });
    expect(held.statusCode, held.body).toBe(200);
    expect((await info(d.id)).state_id).toBe(88);
    expect((await historyOf(d.id)).map((h) => [h.fromStateId, h.stateId, h.note])).toEqual([[null, 7, null], [7, 9, null], [9, 88, 'Sənəd tələb olunur']]);
    const timeline = (await get(`/api/admin/declaration/getstates?declaration_id=${d.id}`)).json().data as DeclarationTimelineEntry[];
    expect(timeline.map((e) => e.state_id)).toEqual([7, 9, 88]);
    const last = timeline.at(-1)!;
    expect(last).toMatchObject({ state_id: 88, note: 'Sənəd tələb olunur', causer_name: 'Nigar Əliyeva', declaration_id: d.id, track_code: d.track_code });
    expect(last.branch_id).toBe(2);
  });

  test('bulk by selection or by the list filters, one history row each; no filter, no reason for 88 or an unknown status are refused', async () => {
    const a = await create({ user_id: customers[1]! });
    const b = await create({ user_id: customers[1]! });
    const none = await post('/api/admin/v2/declaration/edit/state', ofis, { new_state_id: 36 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ declaration_ids: [az.declarations.noSelection] });
    expect((await post('/api/admin/v2/declaration/edit/state', ofis, { declaration_ids: a.id, new_state_id: 88 })).statusCode).toBe(422);
    expect((await post('/api/admin/v2/declaration/edit/state', ofis, { declaration_ids: a.id, new_state_id: 777 })).statusCode).toBe(422);
    const selection = await post('/api/admin/v2/declaration/edit/state', ofis, { declaration_ids: `${a.id},${b.id}`, new_state_id: 36, new_descr: 'Gömrük' });
    expect(selection.json()).toEqual({ data: { count: 2, skipped: 0 } });
    expect((await info(a.id)).state_id).toBe(36);
    expect((await historyOf(b.id)).at(-1)).toMatchObject({ fromStateId: 7, stateId: 36, note: 'Gömrük' });
    const byFilter = await post('/api/admin/v2/declaration/edit/state', ofis, { user_id: customers[1]!, state_id: 36, new_state_id: 9 });
    const moved = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations)
      .where(and(eq(declarations.userId, customers[1]!), eq(declarations.statusId, 9), isNull(declarations.deletedAt)));
    expect(byFilter.json().data.count).toBeGreaterThanOrEqual(2);
    expect(moved[0]!.n).toBeGreaterThanOrEqual(byFilter.json().data.count);
    expect((await info(a.id)).state_id).toBe(9);
  });
});

describe('[DECLARATIONS][READ] POST /api/admin/isnew', () => {
  test('toggles read/unread of a declaration (model 2 only)', async () => {
    const d = await create();
    expect((await post(`/api/admin/isnew?model_id=2&object_id=${d.id}&is_new=0`, ofis)).statusCode).toBe(200);
    expect((await info(d.id)).is_new).toBe(0);
    expect((await post(`/api/admin/isnew?model_id=2&object_id=${d.id}&is_new=1`, ofis)).statusCode).toBe(200);
    expect((await info(d.id)).is_new).toBe(1);
    expect((await post(`/api/admin/isnew?model_id=3&object_id=${d.id}&is_new=0`, ofis)).statusCode).toBe(422);
    expect((await post('/api/admin/isnew?model_id=2&object_id=99999999&is_new=0', ofis)).statusCode).toBe(404);
  });
});

describe('[DECLARATIONS][COMBINE] combine', () => {
  test('needs two or more of one customer and country; create with combined_id replaces them', async () => {
    const a = await create({ weight: '0.4', price: '10.25', quantity: 1 });
    const b = await create({ weight: '0.35', price: '5.50', quantity: 2 });
    const c = await create({ user_id: customers[2]! });
    const one = await get(`/api/admin/declaration/combine?combined_id=${a.id}`);
    expect(one.statusCode).toBe(422);
    const mixed = await get(`/api/admin/declaration/combine?combined_id=${a.id},${c.id}`);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual({ combined_id: [az.declarations.combineMismatch] });
    const ok = await get(`/api/admin/declaration/combine?combined_id=${a.id},${b.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ combined_id: [a.id, b.id], user_id: customers[0], quantity: 3, weight: '0.75', price: '15.75' });
    // the first declaration's row names, as every declaration reply has them (clients prefill from them)
    expect(ok.json().data).toMatchObject({ id: a.id, track_code: a.track_code, state_id: a.state_id, global_track_code: null });
    const single = await post('/api/admin/declaration/create', admin, {
      user_id: customers[0]!, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 3, price: '15.75', combined_id: a.id,
    });
    expect(single.statusCode).toBe(422);
    const merged = await create({ quantity: 3, price: '15.75', weight: '0.75', combined_id: `${a.id},${b.id}` });
    expect(merged.state_id).toBe(7);
    expect(await inList(a.track_code)).toBe(false);
    expect(await inList(b.track_code)).toBe(false);
    expect((await info(a.id)).deleted_at).not.toBeNull();
  });
});

describe('[DECLARATIONS][DISPATCH] cancel dispatch and remove from flight', () => {
  test('cancel dispatch needs canceldepesh and status 8; refused with nothing changed', async () => {
    const atDispatch = await create();
    await placeInFlight(atDispatch.id, 8);
    const refused = await post(`/api/admin/flights/canceldepesh?declaration_id=${atDispatch.id}`, ofis);
    expect(refused.statusCode).toBe(403);
    const fresh = await create();
    const wrongStatus = await post(`/api/admin/flights/canceldepesh?declaration_id=${fresh.id}`, admin);
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json().message).toBe(az.declarations.dispatchNotSent);
    expect((await info(fresh.id)).state_id).toBe(7);
    const ok = await post(`/api/admin/flights/canceldepesh?declaration_id=${atDispatch.id}`, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await info(atDispatch.id)).state_id).toBe(7);
    expect((await historyOf(atDispatch.id)).at(-1)).toMatchObject({ fromStateId: 8, stateId: 7 });
  });

  test('remove from flight: only one in a flight and not at dispatch', async () => {
    const notInFlight = await create();
    const res = await post(`/api/warehouse/flights/remove_item?declaration_id=${notInFlight.id}`, ofis);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(az.declarations.notInFlight);
    const dispatched = await create();
    await placeInFlight(dispatched.id, 8);
    expect((await post(`/api/warehouse/flights/remove_item?declaration_id=${dispatched.id}`, ofis)).statusCode).toBe(400);
    expect((await info(dispatched.id)).flight_id).not.toBeNull();
    const inFlight = await create();
    await placeInFlight(inFlight.id, 7);
    const ok = await post(`/api/warehouse/flights/remove_item?declaration_id=${inFlight.id}`, ofis);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await info(inFlight.id)).flight_id).toBeNull();
  });
});

describe('[DECLARATIONS][ACCEPT-COMMERCIAL-ORDERS]', () => {
  test('accept sets the wardrobe number and, with change_state, status 9', async () => {
    const d = await create();
    const res = await post('/api/admin/declaration/update', anbar, { declaration_id: d.id, wardrobe_number: 'R-12', descr: 'Qəbul', change_state: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ wardrobe_number: 'R-12', descr: 'Qəbul', state_id: 9 });
    expect((await historyOf(d.id)).at(-1)).toMatchObject({ fromStateId: 7, stateId: 9 });
    expect((await post('/api/admin/declaration/update', anbar, { declaration_id: 99999999 })).statusCode).toBe(404);
  });

  test('commercial needs awb and a 10-digit voen', async () => {
    const d = await create();
    const bad = await post('/api/admin/declaration/commercial', ofis, { declaration_id: d.id, awb: '', voen: '12ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ awb: [az.errors.required], voen: [az.declarations.invalidVoen] });
    expect((await info(d.id)).is_commercial).toBe(0);
    const ok = await post('/api/admin/declaration/commercial', ofis, { declaration_id: d.id, awb: '235-12345678', voen: '1234567890' });
    expect(ok.json().data).toMatchObject({ is_commercial: 1, awb: '235-12345678', voen: '1234567890' });
  });

  test('orders: empty until the orders domain exists', async () => {
    const d = await create();
    expect((await get(`/api/admin/declaration/orders?declaration_id=${d.id}`)).json()).toEqual({ data: [] });
  });
});

describe('[DECLARATIONS][RETURN] returns run', () => {
  test('details show what may be given back and the reasons', async () => {
    const paid = await findDemo(and(eq(declarations.payed, true), eq(declarations.returned, false), isNotNull(declarations.deliveryPrice)));
    const res = await get(`/api/admin/returns/run?declaration_id=${paid.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ declaration_id: paid.id, paid: true, money_back: true, order: null, delivery_price: paid.deliveryPrice });
    expect(res.json().data.reasons.length).toBeGreaterThan(0);
    expect((await get('/api/admin/returns/run?declaration_id=99999999')).statusCode).toBe(404);
  });

  test('spec §5 rules: no delivery refund when unpaid, no 5% without an order, amounts within the declaration; refused with nothing changed', async () => {
    const d = await create({ price: '40' }); // new: unpaid
    const unpaid = await post('/api/admin/returns/run', ofis, { declaration_id: d.id, return_reason_id: 1, return_delivery_price: '1.00' });
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors).toEqual({ return_delivery_price: [az.declarations.returnDeliveryUnpaid] });
    const percent = await post('/api/admin/returns/run', ofis, { declaration_id: d.id, return_reason_id: 1, return_percent: 5, return_declaration_price: '10' });
    expect(percent.json().errors).toEqual({ return_percent: [az.declarations.returnPercentNeedsOrder], return_declaration_price: [az.declarations.returnDeclarationWithPercent] });
    const tooMuch = await post('/api/admin/returns/run', ofis, { declaration_id: d.id, return_reason_id: 1, return_declaration_price: '40.01' });
    expect(tooMuch.json().errors).toEqual({ return_declaration_price: [az.declarations.returnAmountTooHigh] });
    const reason = await post('/api/admin/returns/run', ofis, { declaration_id: d.id, return_reason_id: 9999 });
    expect(reason.json().errors).toEqual({ return_reason_id: [az.declarations.invalidReference] });
    expect(await info(d.id)).toMatchObject({ return: 0, state_id: 7 });
    const ok = await post('/api/admin/returns/run', ofis, { declaration_id: d.id, return_reason_id: 1, return_declaration_price: '40' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await info(d.id)).toMatchObject({ return: 1, state_id: 12 });
    expect((await historyOf(d.id)).at(-1)).toMatchObject({ fromStateId: 7, stateId: 12 });
    const again = await post('/api/admin/returns/run', ofis, { declaration_id: d.id, return_reason_id: 1 });
    expect(again.statusCode).toBe(400);
  });

  test('a paid declaration may get its delivery price back, up to that price', async () => {
    const paid = (await ctx.database.db.update(declarations).set({ payed: true }).where(eq(declarations.id, (await create()).id)).returning())[0]!;
    expect(paid.deliveryPrice).toBe('3.50');
    const over = await post('/api/admin/returns/run', ofis, { declaration_id: paid.id, return_reason_id: 2, return_delivery_price: '100000' });
    expect(over.json().errors).toEqual({ return_delivery_price: [az.declarations.returnAmountTooHigh] });
    const ok = await post('/api/admin/returns/run', ofis, { declaration_id: paid.id, return_reason_id: 2, return_delivery_price: paid.deliveryPrice! });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await info(paid.id)).return).toBe(1);
  });
});

describe('[DECLARATIONS][OPENAPI] the calls are documented', () => {
  test('every declaration call, delete many included, is in /api/docs/json', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const p of [
      '/api/admin/declaration/info', '/api/admin/declaration/create', '/api/admin/declaration/edit', '/api/admin/declaration/cancel',
      '/api/admin/declaration/cancel_many', '/api/admin/declaration/edit/state', '/api/admin/v2/declaration/edit/state', '/api/admin/isnew',
      '/api/admin/declaration/combine', '/api/admin/declaration/getstates', '/api/admin/flights/canceldepesh', '/api/warehouse/flights/remove_item',
      '/api/admin/declaration/update', '/api/admin/declaration/commercial', '/api/admin/declaration/orders', '/api/admin/returns/run',
      '/api/admin/conflicted_declaration/accept', '/api/admin/v2/conflicted_declaration/list',
    ]) expect(doc.paths, p).toHaveProperty([p]);
  });
});
