import type { HandoverHistoryReply } from '@app/contract/warehouse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';

/* The handover screen's 'Tarixçə' tab: GET handover/history lists the handovers done (payments). */

let ctx: TestContext;
let admin: Record<string, string>; // role 1, branch 1
let anbar: Record<string, string>; // warehouseman, branch 1: local_warehouse
let partner: Record<string, string>; // branch 5, other company
let customerId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  customerId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(1))[0]!.id;
});
afterAll(() => ctx.close());

const history = async (headers: Record<string, string>, query = '') => {
  const res = await ctx.app.inject({ url: `/api/admin/handover/history${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HandoverHistoryReply;
};

describe('handover history', () => {
  test('the demo handovers show, newest first, paged, of the user\'s branch', async () => {
    const first = await history(anbar, '?per_page=5');
    expect(first.total).toBeGreaterThan(5);
    expect(first.data).toHaveLength(5);
    const times = first.data.map((r) => `${r.created_at} ${String(r.id).padStart(9, '0')}`);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.data.every((r) => r.branch_id === 1 && r.count === r.track_codes.length && r.count > 0 && r.user_name !== '' && r.cashier_name !== '')).toBe(true);
    const second = await history(anbar, '?per_page=5&page=2');
    expect(second.data.map((r) => r.id).some((id) => first.data.some((r) => r.id === id))).toBe(false);
    // the queue's permission (local_warehouse): a partner without it is refused
    expect((await ctx.app.inject({ url: '/api/admin/handover/history', headers: partner })).statusCode).toBe(403);
  });

  test('a handover at the counter is the first row: cashier, customer, parcels, amounts', async () => {
    const rows = await ctx.database.db.insert(declarations).values(['10.00', '5.00'].map((p) => ({
      trackCode: `HH${Date.now()}${++seq}`, userId: customerId, countryId: 1, statusId: 9, branchId: 1, planCategoryId: 1, deliveryPrice: p, weight: '1.00', price: '20.00',
    }))).returning({ id: declarations.id, trackCode: declarations.trackCode });
    const before = (await history(anbar)).total;
    const paid = await postForm(ctx.app, '/api/admin/declaration/pay', admin, { declaration_id: rows.map((r) => r.id).join(','), confirm: 1, cash: '30' });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await history(anbar);
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({
      user_id: customerId, cashier_name: 'Rəşad Məmmədov', branch_id: 1, count: 2, track_codes: rows.map((r) => r.trackCode),
      total_azn: '25.50', cash_azn: '30.00', terminal_azn: '0.00', handover_task_id: null,
    });
    const byCode = await history(anbar, `?track_code=${rows[1]!.trackCode}`);
    expect(byCode.data.map((r) => r.id)).toEqual([after.data[0]!.id]);
    expect(byCode.total).toBe(1);
  });
});
