import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { handoverTasks } from '../../db/schema/handover';
import { auditLog, statusHistory } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { containerTransfers, containers } from '../../db/schema/warehouse';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';
import { completeHandoverTasks } from './service';

const W = az.warehouse;
let ctx: TestContext;
let admin: Record<string, string>; // role 1: every permission
let anbar: Record<string, string>; // warehouseman, branch 1: local_warehouse + execute, not delete
let ofis: Record<string, string>; // back office, branch 2: no containers, no local_warehouse
let partner: Record<string, string>; // role 4: branch_manager
let customers: number[];
let boxA: number;
let boxB: number;
let seq = 0;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 120 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  customers = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(3)).map((r) => r.id);
  boxA = (await post('/api/admin/containers/create', admin, { container_name: 'T-A', branch_id: 1 })).json().data.id;
  boxB = (await post('/api/admin/containers/create', admin, { container_name: 'T-B', branch_id: 1 })).json().data.id;
});
afterAll(async () => { await ctx.close(); });

const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) => postForm(ctx.app, url, headers, fields);
const postJson = (url: string, headers: Record<string, string>, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers = admin) => ctx.app.inject({ url, headers });

/** A parcel of our own, so no test depends on the random demo data. */
async function parcel(fields: Partial<typeof declarations.$inferInsert> = {}) {
  seq += 1;
  const [row] = await ctx.database.db.insert(declarations).values({
    trackCode: `AZ99900${String(seq).padStart(5, '0')}`, userId: customers[0]!, countryId: 1, statusId: 8, branchId: 1, ...fields,
  }).returning();
  return row!;
}
const row = (id: number) => ctx.database.db.select().from(declarations).where(eq(declarations.id, id)).then((r) => r[0]!);

describe('[WAREHOUSE][BOXES] containers list, create, edit, cancel', () => {
  test('admin creates, edits, lists and deletes a box; 422 in Azerbaijani for a missing name or unknown branch', async () => {
    const created = await post('/api/admin/containers/create', admin, { container_name: 'Q-1', branch_id: 2 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect((await post('/api/admin/containers/edit', admin, { container_id: id, container_name: 'Q-2', branch_id: 2 })).statusCode).toBe(200);
    const info = (await get(`/api/admin/containers/info?container_id=${id}`)).json().data;
    expect(info).toMatchObject({ id, container_name: 'Q-2', branch_id: 2, declaration_count: 0 });
    // its creator as user_id + user_name; a box nobody created (demo import) has user 0 and '' (clients show the user only with a name)
    expect(info).toMatchObject({ user_id: expect.any(Number), user_name: expect.stringMatching(/\S/), branch_name: expect.any(String) });
    expect(info.user_id).toBeGreaterThan(0);
    const unowned = (await get('/api/admin/containers?per_page=1000')).json().data as { user_id: number; user_name: string }[];
    for (const r of unowned.filter((b) => b.user_id === 0)) expect(r.user_name).toBe('');
    expect(info.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // a box's count is its parcels at 9 (boxA gets some in the close tests; the demo boxes have theirs)
    const demo = (await get('/api/admin/containers?branch_id=1&per_page=50')).json().data as { declaration_count: number }[];
    expect(demo.some((r) => r.declaration_count > 0)).toBe(true);
    const list = (await get('/api/admin/containers?container_name=Q-2')).json();
    expect(list.data.map((r: { id: number }) => r.id)).toContain(id);
    const bad = await post('/api/admin/containers/create', admin, { container_name: '', branch_id: 99999 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.container_name).toBeDefined();
    const noBranch = await post('/api/admin/containers/create', admin, { container_name: 'Q-3', branch_id: 99999 });
    expect(noBranch.statusCode).toBe(422);
    expect(noBranch.json().errors.branch_id).toEqual([W.branchNotFound]);
    expect((await post(`/api/admin/containers/cancel?container_id=${id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/admin/containers/info?container_id=${id}`)).statusCode).toBe(404);
  });

  test('a back-office user without `containers` may not create boxes (403, nothing saved)', async () => {
    const res = await post('/api/admin/containers/create', ofis, { container_name: 'NOPE', branch_id: 2 });
    expect(res.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(containers).where(eq(containers.name, 'NOPE'))).toHaveLength(0);
  });

  test('partner boxes: the partner (branch_manager) creates and sees them; the admin sees them; office staff do not', async () => {
    const res = await post('/api/branchpartner/containers/create', partner, { container_name: 'P-1', branch_id: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    expect((await get('/api/branchpartner/containers', partner)).json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await get('/api/branchpartner/containers', admin)).json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await get('/api/branchpartner/containers', anbar)).statusCode).toBe(403);
    // partner boxes are not company boxes
    expect((await get('/api/admin/containers?name=P-1')).json().data).toHaveLength(0);
    expect((await post('/api/branchpartner/containers/create', anbar, { container_name: 'P-2', branch_id: 5 })).statusCode).toBe(403);
  });

  test('select and me: the chosen box is remembered per user; a partner box cannot be chosen on the office screen', async () => {
    expect((await post(`/api/admin/containers/select?container_id=${boxA}`, anbar)).statusCode).toBe(200);
    expect((await get('/api/admin/containers/me', anbar)).json().data).toMatchObject({ id: boxA, container_name: 'T-A' });
    const [pbox] = await ctx.database.db.select().from(containers).where(eq(containers.isPartner, true)).limit(1);
    const res = await post(`/api/admin/containers/select?container_id=${pbox!.id}`, anbar);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.container_id).toEqual([W.boxNotFound]);
  });
});

describe('[WAREHOUSE][SCAN] lookup of one scanned code', () => {
  test('answers the declaration box table row; Findex digits find AZ codes; Trendyol finds the global code; 404 otherwise', async () => {
    const p = await parcel({ requiresDeclaration: true, globalTrackCode: 'TY00000012345', trendyol: 1 });
    const byCode = await get(`/api/admin/containers/lookup?track_code=${p.trackCode}`, anbar);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data).toMatchObject({ id: p.id, state_id: 8, requires_declaration: true, provider: 1, branch_id: 1 });
    const digits = p.trackCode.replace(/\D/g, '');
    expect((await get(`/api/admin/containers/lookup?track_code=${digits}`, anbar)).json().data.id).toBe(p.id);
    expect((await get('/api/admin/containers/lookup?track_code=TY00000012345&barcode_type=trendyol', anbar)).json().data.id).toBe(p.id);
    const missing = await get('/api/admin/containers/lookup?track_code=000111', anbar);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(W.notFoundCode);
  });
});

describe('[WAREHOUSE][CLOSE] closing a box', () => {
  test('every parcel goes to status 9 in the box with status history, a transfer row and an audit entry, in one call', async () => {
    const a = await parcel();
    const b = await parcel({ branchId: 3 });
    const res = await postJson('/api/admin/containers/close', anbar, { track_code: [a.trackCode, b.trackCode, a.trackCode], container_id: boxA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ accepted: 2, container_id: boxA, status_changed: 2 });
    for (const p of [a, b]) {
      const r = await row(p.id);
      expect(r).toMatchObject({ statusId: 9, containerId: boxA, branchId: 1 });
      const history = await ctx.database.db.select().from(statusHistory)
        .where(and(eq(statusHistory.modelId, MODEL.declarations), eq(statusHistory.objectId, p.id)));
      expect(history.map((h) => [h.fromStateId, h.stateId])).toEqual([[8, 9]]);
      const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'declaration'), eq(auditLog.entityId, String(p.id))));
      expect(audits.some((x) => x.action === 'declaration.box_accept')).toBe(true);
    }
    const transfers = await ctx.database.db.select().from(containerTransfers).where(inArray(containerTransfers.declarationId, [a.id, b.id]));
    expect(transfers).toHaveLength(2);
  });

  test('a parcel requiring a declaration needs a box id: 422, nothing changes', async () => {
    const ok = await parcel();
    const needs = await parcel({ requiresDeclaration: true });
    const res = await postJson('/api/admin/containers/close', anbar, { track_code: [ok.trackCode, needs.trackCode] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.requires_declaration_container_id).toEqual([W.chooseBox]);
    expect((await row(ok.id)).statusId).toBe(8);
    // with the box id (the spec's field name) it goes through
    const res2 = await postJson('/api/admin/containers/close', anbar, { track_code: [ok.trackCode, needs.trackCode], requires_declaration_container_id: boxB });
    expect(res2.statusCode, res2.body).toBe(200);
    expect((await row(needs.id))).toMatchObject({ statusId: 9, containerId: boxB });
  });

  test('without any parcel needing a declaration, no box is needed: the parcels reach 9 without a box', async () => {
    const p = await parcel();
    const res = await postJson('/api/admin/containers/close', anbar, { track_code: [p.trackCode] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(p.id)).toMatchObject({ statusId: 9, containerId: null });
  });

  test('refused codes are reported by their index, joined with ". ", and nothing is accepted', async () => {
    const ok = await parcel();
    const done = await parcel({ statusId: 10 });
    const temu = await parcel({ requiresDeclaration: true, trendyol: 2 });
    const res = await postJson('/api/admin/containers/close', anbar, { track_code: [ok.trackCode, 'NOPE-1', done.trackCode, temu.trackCode], container_id: boxA });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['track_code.1', 'track_code.2', 'track_code.3']);
    expect(body.errors['track_code.1']).toEqual([`NOPE-1: ${W.notFoundCode}`]);
    expect(body.errors['track_code.2']).toEqual([`${done.trackCode}: ${W.alreadyHandedOver}`]);
    expect(body.errors['track_code.3']).toEqual([`${temu.trackCode}: ${W.temuWithoutDeclaration}`]);
    expect(body.message).toBe([body.errors['track_code.1'], body.errors['track_code.2'], body.errors['track_code.3']].flat().join('. '));
    expect((await row(ok.id)).statusId).toBe(8);
  });

  test('an empty list is refused; office staff may close but a partner may not use the office box', async () => {
    expect((await postJson('/api/admin/containers/close', anbar, { track_code: [] })).statusCode).toBe(422);
    const p = await parcel();
    expect((await postJson('/api/admin/containers/close', partner, { track_code: [p.trackCode], container_id: boxA })).statusCode).toBe(403);
    // issue 13: an office parcel is not found for a partner at all; its own parcel still cannot go into an office box
    const officeParcel = await postJson('/api/branchpartner/containers/close', partner, { track_code: [p.trackCode], container_id: boxA });
    expect(officeParcel.statusCode).toBe(422);
    expect(officeParcel.json().errors['track_code.0']).toEqual([`${p.trackCode}: ${W.notFoundCode}`]);
    const own = await parcel({ branchId: 5, partnerId: 2 });
    const viaPartnerRoute = await postJson('/api/branchpartner/containers/close', partner, { track_code: [own.trackCode], container_id: boxA });
    expect(viaPartnerRoute.statusCode).toBe(422);
    expect(viaPartnerRoute.json().errors.container_id).toEqual([W.boxNotFound]);
    expect((await row(p.id)).statusId).toBe(8);
    expect((await row(own.id)).statusId).toBe(8);
  });
});

describe('[WAREHOUSE][TRANSFER] moving parcels between boxes', () => {
  test('moves a status-9 parcel and logs the move (by container and by branch); refuses a parcel not in the warehouse', async () => {
    const p = await parcel();
    await postJson('/api/admin/containers/close', anbar, { track_code: [p.trackCode], container_id: boxA });
    const res = await postJson('/api/admin/containers/transfer', anbar, { track_code: [p.trackCode], container_id: boxB });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.transferred).toBe(1);
    expect((await row(p.id)).containerId).toBe(boxB);
    const byBox = (await get(`/api/admin/containers/containers-transfers/by-container?container_id=${boxB}`, anbar)).json();
    expect(byBox.meta.total).toBeGreaterThan(0);
    const last = byBox.data.find((t: { declaration: { id: number }; fromContainer: { id: number } | null }) => t.declaration.id === p.id && t.fromContainer?.id === boxA);
    expect(last).toMatchObject({ toContainer: { id: boxB }, user: { name: 'Tural Həsənov' }, branch: { id: 1 } });
    const byBranch = (await get('/api/admin/containers/containers-transfers?branch_id=1', anbar)).json();
    expect(byBranch.data.some((t: { declaration: { id: number } }) => t.declaration.id === p.id)).toBe(true);
    const byDecl = (await get(`/api/admin/containers/containers-transfers/by-declaration?declaration_id=${p.id}`, anbar)).json();
    expect(byDecl.meta.total).toBe(2);
    const outside = await parcel();
    const refused = await postJson('/api/admin/containers/transfer', anbar, { track_code: [outside.trackCode], container_id: boxB });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['track_code.0']).toEqual([`${outside.trackCode}: ${W.transferNeedsStatus9}`]);
  });

  test('the transfer logs need container_transfers_logs', async () => {
    expect((await get('/api/admin/containers/containers-transfers?branch_id=1', ofis)).statusCode).toBe(403);
  });
});

describe('[WAREHOUSE][QUEUE] handover queue', () => {
  async function queued(n = 2, userIdx = 1) {
    const ps = [];
    for (let i = 0; i < n; i += 1) ps.push(await parcel({ statusId: 9, userId: customers[userIdx]!, containerId: i === 0 ? boxA : null }));
    const res = await post('/api/admin/handover/create', anbar, { declaration_id: ps.map((p) => p.id).join(','), small_package: 1 });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.handover_task_id as number, parcels: ps };
  }

  test('sending to preparation: only status-9 parcels of one customer, never twice', async () => {
    const { id, parcels } = await queued();
    const [task] = await ctx.database.db.select().from(handoverTasks).where(eq(handoverTasks.id, id));
    expect(task).toMatchObject({ statusId: 41, branchId: 1, userId: customers[1], smallPackage: 1 });
    const twice = await post('/api/admin/handover/create', anbar, { declaration_id: parcels[0]!.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.declaration_id).toEqual([W.taskAlreadyQueued]);
    const at8 = await parcel();
    expect((await post('/api/admin/handover/create', anbar, { declaration_id: at8.id })).json().errors.declaration_id).toEqual([W.taskNeedsStatus9]);
    const other = await parcel({ statusId: 9, userId: customers[2]! });
    const mine = await parcel({ statusId: 9, userId: customers[0]! });
    expect((await post('/api/admin/handover/create', anbar, { declaration_id: `${other.id},${mine.id}` })).json().errors.declaration_id).toEqual([W.taskOneCustomer]);
  });

  test('list: cards of the user\'s branch with turn, customer, count and boxes; other branches do not see them', async () => {
    const { id } = await queued(3, 2);
    const list = (await get('/api/admin/handover/list?state_id[]=41&state_id[]=42', anbar)).json();
    const card = list.data.find((t: { id: number }) => t.id === id);
    expect(card).toMatchObject({ state_id: 41, count: 3, user_id: customers[2], branch_id: 1, cashier_id: 0, cashier_name: '' });
    expect(typeof card.state_name).toBe('string');
    expect(typeof card.user_name).toBe('string');
    expect(card.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(card.turn).toBeGreaterThan(0);
    // flat parcels with their box (issue 14); clients group them by box
    expect(card.declarations).toHaveLength(3);
    expect(card.declarations.filter((d: { container_id: number | null }) => d.container_id === boxA)).toHaveLength(1);
    expect(card.declarations.filter((d: { container_id: number | null }) => d.container_id === null)).toHaveLength(2);
    expect(card.declarations[0]).toMatchObject({ container_name: 'T-A', track_code: expect.any(String), declaration_id: expect.any(Number) });
    expect(list.total).toBeGreaterThan(0);
    expect(Array.isArray(list.param)).toBe(true);
    // ofis (branch 2) lacks local_warehouse
    expect((await get('/api/admin/handover/list', ofis)).statusCode).toBe(403);
    // info: the row's names and its parcels flat, boxed first ('Digər' is the client's group for none)
    const info = (await get(`/api/admin/handover/info?handover_task_id=${id}`, anbar)).json().data;
    expect(info).toMatchObject({ id, state_id: 41, user_id: customers[2], packages: { small_package: 1, medium_package: 0, big_package: 0 } });
    expect(info.declarations).toHaveLength(3);
    expect(info.declarations.map((d: { container_name: string | null }) => d.container_name)).toEqual(['T-A', null, null]);
    expect(info.declarations[0]).toMatchObject({ trendyol: expect.any(Number), state_id: 9 });
  });

  test('state: 41 → 42 with local_warehouse_execute sets the cashier and lists it as active; 42 → 42 and → 43 refused', async () => {
    const { id } = await queued();
    expect((await post('/api/admin/handover/state', anbar, { handover_task_id: id, state_id: 43 })).statusCode).toBe(422);
    const res = await post('/api/admin/handover/state', anbar, { handover_task_id: id, state_id: 42 });
    expect(res.statusCode, res.body).toBe(200);
    const [task] = await ctx.database.db.select().from(handoverTasks).where(eq(handoverTasks.id, id));
    expect(task!.statusId).toBe(42);
    expect((await get('/api/admin/handover/list', anbar)).json().param).toContainEqual({ id });
    const started = (await get(`/api/admin/handover/info?handover_task_id=${id}`, anbar)).json().data;
    expect(started.cashier_id).toBeGreaterThan(0);
    expect(started.cashier_name).toMatch(/\S/);
    const again = await post('/api/admin/handover/state', anbar, { handover_task_id: id, state_id: 42 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.handover_task_id).toEqual([W.taskOnlyFromWaiting]);
    const hist = await ctx.database.db.select().from(statusHistory).where(and(eq(statusHistory.modelId, MODEL.handover), eq(statusHistory.objectId, id)));
    expect(hist.map((h) => h.stateId)).toEqual([41, 42]);
  });

  test('state refused without local_warehouse_execute (403), the entry stays at 41', async () => {
    const { id } = await queued();
    // ofis holds neither local_warehouse nor local_warehouse_execute
    const res = await post('/api/admin/handover/state', ofis, { handover_task_id: id, state_id: 42 });
    expect(res.statusCode).toBe(403);
  });

  test('cancel needs local_warehouse_delete: the warehouseman is refused (403), the admin cancels; a cancelled entry is gone', async () => {
    const { id } = await queued();
    expect((await post(`/api/admin/handover/cancel?handover_task_id=${id}`, anbar)).statusCode).toBe(403);
    expect((await post(`/api/admin/handover/cancel?handover_task_id=${id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/admin/handover/info?handover_task_id=${id}`, admin)).statusCode).toBe(404);
    expect((await post(`/api/admin/handover/cancel?handover_task_id=${id}`, admin)).statusCode).toBe(404);
  });

  test('cancelitem removes one parcel; removing the last cancels the entry; a parcel not in it is refused', async () => {
    const { id, parcels } = await queued(2);
    const stranger = await parcel();
    expect((await post('/api/admin/handover/cancelitem', anbar, { handover_task_id: id, declaration_id: stranger.id })).json().errors.declaration_id).toEqual([W.itemNotInTask]);
    const one = await post('/api/admin/handover/cancelitem', anbar, { handover_task_id: id, declaration_id: parcels[0]!.id });
    expect(one.json().data).toMatchObject({ count: 1, cancelled: false });
    const two = await post('/api/admin/handover/cancelitem', anbar, { handover_task_id: id, declaration_id: parcels[1]!.id });
    expect(two.json().data).toMatchObject({ count: 0, cancelled: true });
  });

  test('the handover closes the entry (43) and the sidebar counts waiting and executing entries of the branch', async () => {
    const before = (await postJson('/api/admin/notification/count', anbar, {})).json().data;
    const { id, parcels } = await queued();
    const after = (await postJson('/api/admin/notification/count', anbar, {})).json().data;
    expect(after.waiting_tasks).toBe(before.waiting_tasks + 1);
    await post('/api/admin/handover/state', anbar, { handover_task_id: id, state_id: 42 });
    const executing = (await postJson('/api/admin/notification/count', anbar, {})).json().data;
    expect(executing.executing_tasks).toBe(after.executing_tasks + 1);
    const done = await ctx.database.db.transaction((tx) => completeHandoverTasks(tx, 1, { declarationIds: parcels.map((p) => p.id) }));
    expect(done).toEqual([id]);
    const [task] = await ctx.database.db.select().from(handoverTasks).where(eq(handoverTasks.id, id));
    expect(task!.statusId).toBe(43);
    const history = (await get('/api/admin/handover/list?state_id=43', anbar)).json();
    expect(history.data.map((t: { id: number }) => t.id)).toContain(id);
  });
});

describe('[WAREHOUSE] boxes/options (parcels as options)', () => {
  test('page=1&per_page=10000 gives data[] of id + box (the label), newest first, with the total; a partner is refused', async () => {
    const res = await get('/api/admin/boxes/options?page=1&per_page=10000', anbar);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: number; box: string }[]; total: number };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.total).toBe(body.data.length);
    expect(body.data.every((o) => typeof o.id === 'number' && typeof o.box === 'string' && o.box.length > 0)).toBe(true);
    expect(body.data.map((o) => o.id)).toEqual([...body.data.map((o) => o.id)].sort((a, b) => b - a));
    const second = (await get('/api/admin/boxes/options?page=2&per_page=1', anbar)).json() as { data: { id: number }[]; total: number };
    expect(second).toMatchObject({ total: body.total, data: [{ id: body.data[1]!.id }] });
    expect((await get('/api/admin/boxes/options', partner)).statusCode).toBe(403);
    expect((await get('/api/admin/boxes/options?per_page=0', anbar)).statusCode).toBe(422);
  });
});
