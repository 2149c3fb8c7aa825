import { MANUAL_STATUS_TARGETS, manualTargetsFrom } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { ROLE_DEFAULT_PERMISSIONS } from '@app/contract/permissions';
import { STATUS_SEEDS } from '@app/contract/statuses';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../../db/schema/declarations';
import { statusHistory } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';
import { grantPermissions } from '../../../db/seed/demo-seed';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

/*
 * Issue 13 item 2: workflow statuses are set only by their workflow. Table-driven over every
 * model-2 status as source and target, on every manual path (row menu, selection, bulk by filter,
 * the accept's change_state), for every office role.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;
let anbar: Record<string, string>; // warehouseman, here without declarations_handover and bulkdeclarationhandover
let pool: number[]; // demo declarations not yet used by a test
const STATUSES = STATUS_SEEDS.filter((s) => s.model === MODEL.declarations).map((s) => s.id);
const PAIRS = STATUSES.flatMap((from) => STATUSES.map((to) => ({ from, to, isAllowed: manualTargetsFrom(from).includes(to) })));
const WORKFLOW_TARGETS = STATUSES.filter((to) => !Object.values(MANUAL_STATUS_TARGETS).some((t) => t.includes(to)));

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 600 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  const [warehouseman] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'anbar@example.az'));
  await grantPermissions(db(), warehouseman!.id, ROLE_DEFAULT_PERMISSIONS[2].filter((c) => c !== 'declarations_handover' && c !== 'bulkdeclarationhandover'));
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  pool = (await db().select({ id: declarations.id }).from(declarations).where(isNull(declarations.deletedAt)).orderBy(declarations.id)).map((r) => r.id);
}, 120_000);
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) => postForm(ctx.app, url, headers, fields);

/** A demo declaration put at `status` (unpaid, of one fresh customer when given), as its workflow would have left it. */
async function parcelAt(status: number, userId?: number) {
  const id = pool.shift();
  if (id === undefined) throw new Error('demo declarations used up');
  const [row] = await db().update(declarations).set({ statusId: status, payed: false, ...(userId ? { userId } : {}) })
    .where(eq(declarations.id, id)).returning({ id: declarations.id, trackCode: declarations.trackCode });
  return row!;
}
const statusOf = async (id: number) => (await db().select({ s: declarations.statusId }).from(declarations).where(eq(declarations.id, id)))[0]!.s;
const historyOf = (id: number) => db().select().from(statusHistory)
  .where(and(eq(statusHistory.modelId, MODEL.declarations), eq(statusHistory.objectId, id))).orderBy(statusHistory.id);
const countRows = async (table: string) => Number((await db().execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
const moneyRows = async () => ({
  payments: await countRows('declaration_payments'),
  balance: await countRows('balance_operations'),
  registers: await countRows('cash_register_entries'),
});

describe('[DECLARATIONS][STATUS-RULES] the row menu change (edit/state), per source and target', () => {
  test.each(PAIRS)('$from → $to: allowed=$isAllowed', async ({ from, to, isAllowed }) => {
    const parcel = await parcelAt(from);
    const before = (await historyOf(parcel.id)).length;
    const res = await post(`/api/admin/declaration/edit/state?declaration_id=${parcel.id}&state_id=${to}`, ofis, { descr: 'Qayda testi' });
    if (isAllowed) {
      expect(res.statusCode, res.body).toBe(200);
      expect(await statusOf(parcel.id)).toBe(to);
      expect((await historyOf(parcel.id)).at(-1)).toMatchObject({ fromStateId: from, stateId: to, note: 'Qayda testi' });
    } else {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.state_id[0]).toContain(parcel.trackCode);
      expect(res.json().message).toContain(parcel.trackCode);
      expect(await statusOf(parcel.id)).toBe(from);
      expect((await historyOf(parcel.id)).length).toBe(before);
    }
  });
});

describe('[DECLARATIONS][STATUS-RULES] the selection change (v2 edit/state by ids), per source and target', () => {
  test.each(PAIRS)('$from → $to: allowed=$isAllowed', async ({ from, to, isAllowed }) => {
    const parcel = await parcelAt(from);
    const res = await post('/api/admin/v2/declaration/edit/state', admin, { declaration_ids: parcel.id, new_state_id: to, new_descr: 'Seçim' });
    if (isAllowed) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { count: 1, skipped: 0 } });
      expect((await historyOf(parcel.id)).at(-1)).toMatchObject({ fromStateId: from, stateId: to, note: 'Seçim' });
    } else {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.declaration_ids[0]).toContain(parcel.trackCode);
      expect(await statusOf(parcel.id)).toBe(from);
    }
  });
});

describe('[DECLARATIONS][STATUS-RULES] workflow-owned targets', () => {
  test.each(WORKFLOW_TARGETS.flatMap((to) => ['admin', 'ofis', 'anbar'].map((role) => ({ to, role }))))(
    '$to is refused for $role on every manual path, naming the parcel',
    async ({ to, role }) => {
      const headers = { admin, ofis, anbar }[role as 'admin' | 'ofis' | 'anbar'];
      const parcel = await parcelAt(9);
      const single = await post(`/api/admin/declaration/edit/state?declaration_id=${parcel.id}&state_id=${to}`, headers, { descr: 'x' });
      const byIds = await post('/api/admin/v2/declaration/edit/state', headers, { declaration_ids: parcel.id, new_state_id: to, new_descr: 'x' });
      const byFilter = await post('/api/admin/v2/declaration/edit/state', headers, { track_code: parcel.trackCode, new_state_id: to, new_descr: 'x' });
      for (const res of [single, byIds, byFilter]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().message).toContain(parcel.trackCode);
      }
      expect(await statusOf(parcel.id)).toBe(9);
    },
  );
});

describe('[DECLARATIONS][STATUS-RULES] the attack of issue 13', () => {
  test('a warehouseman without handover permissions cannot set an unpaid parcel at 9 to 10: 422, status and money unchanged', async () => {
    const parcel = await parcelAt(9);
    const money = await moneyRows();
    const history = (await historyOf(parcel.id)).length;
    const attempts = [
      await post('/api/admin/v2/declaration/edit/state', anbar, { declaration_ids: parcel.id, new_state_id: 10 }),
      await post('/api/admin/v2/declaration/edit/state', anbar, { track_code: parcel.trackCode, new_state_id: 10 }),
      await post(`/api/admin/declaration/edit/state?declaration_id=${parcel.id}&state_id=10`, anbar),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(parcel.trackCode);
    }
    const [row] = await db().select({ status: declarations.statusId, paid: declarations.payed }).from(declarations).where(eq(declarations.id, parcel.id));
    expect(row).toEqual({ status: 9, paid: false });
    expect((await historyOf(parcel.id)).length).toBe(history);
    expect(await moneyRows()).toEqual(money);
  });
});

describe('[DECLARATIONS][STATUS-RULES] all or nothing, skipping by filter, accept, lookup', () => {
  test('by ids: one refused parcel refuses the whole selection and names only it', async () => {
    const ok = await parcelAt(8);
    const handed = await parcelAt(10);
    const res = await post('/api/admin/v2/declaration/edit/state', ofis, { declaration_ids: `${ok.id},${handed.id}`, new_state_id: 9 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain(handed.trackCode);
    expect(res.json().message).not.toContain(ok.trackCode);
    expect([await statusOf(ok.id), await statusOf(handed.id)]).toEqual([8, 10]);
    const unknown = await post('/api/admin/v2/declaration/edit/state', ofis, { declaration_ids: `${ok.id},999999999`, new_state_id: 9 });
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(ok.id)).toBe(8);
  });

  test('by filter: parcels whose status allows the target change, the others stay and are counted as skipped', async () => {
    const [customer] = await db().insert(users).values({ name: 'Qayda', surname: 'Müştəri', email: `rules-${Date.now()}@example.az`, admin: 0 }).returning({ id: users.id });
    const moving = [await parcelAt(7, customer!.id), await parcelAt(8, customer!.id), await parcelAt(9, customer!.id)];
    const staying = [await parcelAt(10, customer!.id), await parcelAt(12, customer!.id), await parcelAt(36, customer!.id)];
    const res = await post('/api/admin/v2/declaration/edit/state', ofis, { user_id: customer!.id, new_state_id: 36, new_descr: 'Gömrük saxladı' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { count: 3, skipped: 3 } });
    const now = await db().select({ id: declarations.id, s: declarations.statusId }).from(declarations)
      .where(inArray(declarations.id, [...moving, ...staying].map((p) => p.id))).orderBy(declarations.id);
    expect(Object.fromEntries(now.map((r) => [r.id, r.s]))).toEqual(Object.fromEntries([
      ...moving.map((p) => [p.id, 36]), [staying[0]!.id, 10], [staying[1]!.id, 12], [staying[2]!.id, 36],
    ]));
    for (const p of staying) expect((await historyOf(p.id)).filter((h) => h.note === 'Gömrük saxladı')).toEqual([]);
  });

  test('accept with change_state does not take a handed-over (10) or returned (12) parcel back to 9', async () => {
    for (const from of [10, 12]) {
      const parcel = await parcelAt(from);
      const res = await post('/api/admin/declaration/update', admin, { declaration_id: parcel.id, change_state: 1 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(parcel.trackCode);
      expect(await statusOf(parcel.id)).toBe(from);
    }
    const arrived = await parcelAt(8);
    expect((await post('/api/admin/declaration/update', admin, { declaration_id: arrived.id, change_state: 1 })).statusCode).toBe(200);
    expect(await statusOf(arrived.id)).toBe(9);
  });

  test('the status lookup says which targets each source allows', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/states/getlistbymodelid?model_id=2', headers: anbar });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; manual_targets: number[] }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.manual_targets]))).toEqual(Object.fromEntries(STATUSES.map((s) => [s, [...manualTargetsFrom(s)]])));
  });
});
