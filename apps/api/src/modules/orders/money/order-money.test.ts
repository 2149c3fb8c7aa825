import { MODEL } from '@app/contract/models';
import { orderAmountDue } from '@app/contract/orders';
import { fill } from '@app/contract/texts/az';
import { azOrdersMoney as t } from '@app/contract/texts/az-orders';
import { azTransactions } from '@app/contract/texts/az-transactions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { balanceEntries, balanceOperations } from '../../../db/schema/money';
import { orderDebts, orders } from '../../../db/schema/orders';
import { statusHistory } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';
import type { RequestUser } from '../../../platform/access';
import { bearer, logInAs, startTestApp, type TestContext } from '../../../test/harness';
import { setBalanceThroughLedger } from '../../../test/ledger';
import { findLedgerViolations } from '../../money/service';
import { recordOrderPriceChange } from './service';

/*
 * Orders' money and statuses (issue 18 part B, orders-shared rules): payment from the balance in the
 * order's currency through the ledger, debt and refund lines of a price change, status changes
 * (one, many, all filtered) with their transitions, rejects and cancels that give back everything
 * taken (service percent included), all or nothing.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let adminUser: RequestUser;
let customers: number[];
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 20 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.az'));
  adminUser = { id: me!.id, name: 'Admin', surname: '', email: 'admin@example.az', admin: 1, adminBranchId: null, deliveryPointId: null, companyId: null, cashboxId: null, permissions: new Set() } as unknown as RequestUser;
  customers = (await db().select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(12)).map((r) => r.id);
}, 120_000);
afterAll(() => ctx?.close());

const post = (url: string) => ctx.app.inject({ method: 'POST', url, headers: admin });
const balances = async (id: number) => (await db().select({ usd: users.balanceUsd, try: users.balanceTry }).from(users).where(eq(users.id, id)))[0]!;
const order = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const operationsOf = (orderId: number) => db().select().from(balanceOperations)
  .where(and(inArray(balanceOperations.objectModel, ['order_payment', 'order_refund']), eq(balanceOperations.objectId, orderId))).orderBy(asc(balanceOperations.id));
const debtsOf = (orderId: number) => db().select().from(orderDebts).where(eq(orderDebts.orderId, orderId)).orderBy(asc(orderDebts.id));
const historyOf = (orderId: number) => db().select().from(statusHistory)
  .where(and(eq(statusHistory.modelId, MODEL.orders), eq(statusHistory.objectId, orderId))).orderBy(asc(statusHistory.id));

/** An order as the form saves it (service percent copied from settings: 5 here). */
async function makeOrder(userId: number, o: { price?: string; quantity?: number; cargo?: string; countryId?: number; statusId?: number; percent?: string; shop?: string } = {}): Promise<number> {
  const countryId = o.countryId ?? 1;
  const [row] = await db().insert(orders).values({
    userId, countryId, currency: countryId === 1 ? 'TRY' : 'USD', url: 'https://shop.example/p/1', shopName: o.shop ?? 'Test shop',
    quantity: o.quantity ?? 2, price: o.price ?? '50.00', cargoPrice: o.cargo ?? '10.00', servicePercent: o.percent ?? '5.00', statusId: o.statusId ?? 5,
  }).returning({ id: orders.id });
  return row!.id;
}
const pay = (id: number) => post(`/api/admin/orders/pay?order_id=${id}`);
const setState = (ids: number[], state: number, reason?: string) =>
  post(`/api/admin/orders/edit/state?order_id=${ids.join(',')}&state_id=${state}${reason ? `&client_descr=${encodeURIComponent(reason)}` : ''}`);
/** The order's edit as A's edit calls it: the row read under its lock, the new values written, B's lines in the same transaction. */
const changePrice = (id: number, after: { price: string; quantity: number; cargoPrice: string }) => db().transaction(async (tx) => {
  const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  await tx.update(orders).set({ price: after.price, quantity: after.quantity, cargoPrice: after.cargoPrice }).where(eq(orders.id, id));
  return recordOrderPriceChange(tx, adminUser, before!, after);
});

describe('amount due (exact, half up)', () => {
  test('(price × quantity + cargo) × (1 + percent/100), rounded half up to the cent', () => {
    expect(orderAmountDue({ price: '50.00', quantity: 2, cargo_price: '10.00', service_percent: '5.00' })).toBe('115.50');
    expect(orderAmountDue({ price: '9.99', quantity: 3, cargo_price: '0.01', service_percent: '5.00' })).toBe('31.48'); // 31.479
    expect(orderAmountDue({ price: '0.10', quantity: 1, cargo_price: '0.00', service_percent: '5.00' })).toBe('0.11'); // 0.105
    expect(orderAmountDue({ price: '19.99', quantity: 1, cargo_price: '0', service_percent: '0' })).toBe('19.99');
  });
});

describe('POST orders/pay', () => {
  test('pays from the TRY balance for Turkey: one confirmed expense on the ledger, payed=1, paid_amount with the 5%', async () => {
    const c = customers[0]!;
    await setBalanceThroughLedger(db(), c, '200.00', 'TRY');
    const usdBefore = (await balances(c)).usd;
    const id = await makeOrder(c);
    const res = await pay(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: t.paid, charged: '115.50', data: { id, payed: 1, paid_amount: '115.50', currency: 'TRY' } });
    expect(await balances(c)).toEqual({ usd: usdBefore, try: '84.50' });
    const ops = await operationsOf(id);
    expect(ops.map((op) => [op.type, op.paymentType, op.statusId, op.currency, op.amount, op.objectModel, op.beforeBalance])).toEqual([[2, 7, 18, 'TRY', '115.50', 'order_payment', '200.00']]);
    expect(ops[0]!.id).toBe(body.balance_operation_id);
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.operationId, ops[0]!.id));
    expect(entries.map((e) => [e.currency, e.amount, e.balanceBefore, e.balanceAfter])).toEqual([['TRY', '-115.50', '200.00', '84.50']]);
    expect((await order(id)).paidAt).not.toBeNull();
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('an American order pays from the USD balance', async () => {
    const c = customers[1]!;
    await setBalanceThroughLedger(db(), c, '40.00', 'USD');
    await setBalanceThroughLedger(db(), c, '0.00', 'TRY');
    const id = await makeOrder(c, { countryId: 2, price: '9.99', quantity: 3, cargo: '0.01' });
    const res = await pay(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().charged).toBe('31.48');
    expect(await balances(c)).toEqual({ usd: '8.52', try: '0.00' });
  }, 30_000);

  test('a short balance is refused with the spec text and nothing changes', async () => {
    const c = customers[2]!;
    await setBalanceThroughLedger(db(), c, '100.00', 'TRY');
    const id = await makeOrder(c); // 115.50 due
    const res = await pay(id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.not_enough_amount).toEqual(['Balansda kifayət qədər vəsait yoxdur']);
    expect((await balances(c)).try).toBe('100.00');
    expect(await order(id)).toMatchObject({ payed: false, paidAmount: '0.00', paidAt: null });
    expect(await operationsOf(id)).toEqual([]);
  });

  test('paying again with nothing open is refused; a rejected order cannot be paid', async () => {
    const c = customers[3]!;
    await setBalanceThroughLedger(db(), c, '500.00', 'TRY');
    const id = await makeOrder(c);
    expect((await pay(id)).statusCode).toBe(200);
    const again = await pay(id);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.order_id).toEqual([t.alreadyPaid]);
    expect((await balances(c)).try).toBe('384.50');
    const other = await makeOrder(c);
    expect((await setState([other], 4, 'Məhsul bitib')).statusCode).toBe(200);
    const closed = await pay(other);
    expect(closed.statusCode).toBe(422);
    expect((await balances(c)).try).toBe('384.50');
    expect((await pay(999_999)).statusCode).toBe(404);
  });
});

describe('price changes of a paid order: debt and refund lines', () => {
  test('a rise is an open debt (diff_price), paid by orders/pay; a fall is refunded at once; paid_amount never changes', async () => {
    const c = customers[4]!;
    await setBalanceThroughLedger(db(), c, '300.00', 'TRY');
    const id = await makeOrder(c); // 50 × 2 + 10 → 115.50
    expect((await pay(id)).statusCode).toBe(200);

    // price 50 → 60 (× 2): due 136.50, the customer owes 21.00
    const up = await changePrice(id, { price: '60.00', quantity: 2, cargoPrice: '10.00' });
    expect(up.map((l) => [l.param, l.difference, l.balanceOperationId])).toEqual([['price', '21.00', null]]);
    expect((await debtsOf(id)).map((d) => [d.param, d.amountPrevious, d.amountCurrent, d.amountDifference, d.status])).toEqual([['price', '100.00', '120.00', '21.00', 0]]);
    expect((await balances(c)).try).toBe('184.50'); // nothing taken yet
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/admin/v2/orders/getlist?id=${id}`, headers: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ diff_price: 21, diff_cargo_price: 0, paid_amount: '115.50' });

    const debt = await pay(id);
    expect(debt.statusCode, debt.body).toBe(200);
    expect(debt.json()).toMatchObject({ message: t.debtsPaid, charged: '21.00', data: { paid_amount: '115.50', diff_price: 0 } });
    expect((await balances(c)).try).toBe('163.50');
    const [line] = await debtsOf(id);
    expect(line).toMatchObject({ status: 1, balanceOperationId: debt.json().balance_operation_id });

    // cargo 10 → 4: due 130.20, 6.30 goes back at once
    const down = await changePrice(id, { price: '60.00', quantity: 2, cargoPrice: '4.00' });
    expect(down.map((l) => [l.param, l.difference])).toEqual([['cargo_price', '-6.30']]);
    expect((await balances(c)).try).toBe('169.80');
    const refund = (await operationsOf(id)).at(-1)!;
    expect([refund.type, refund.paymentType, refund.objectModel, refund.amount]).toEqual([1, 6, 'order_refund', '6.30']);
    expect((await debtsOf(id)).at(-1)).toMatchObject({ param: 'cargo_price', amountDifference: '-6.30', status: 1, balanceOperationId: refund.id });
    expect((await order(id)).paidAmount).toBe('115.50');
    expect((await pay(id)).statusCode).toBe(422); // nothing open
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('both parameters at once telescope to the new amount due to the cent; an unpaid order writes no line', async () => {
    const c = customers[5]!;
    await setBalanceThroughLedger(db(), c, '1000.00', 'TRY');
    const id = await makeOrder(c, { price: '9.99', quantity: 3, cargo: '0.01' }); // 31.48
    expect((await pay(id)).statusCode).toBe(200);
    const lines = await changePrice(id, { price: '10.05', quantity: 7, cargoPrice: '3.33' });
    const total = lines.reduce((acc, l) => acc + Math.round(Number(l.difference) * 100), 0);
    const newDue = orderAmountDue({ price: '10.05', quantity: 7, cargo_price: '3.33', service_percent: '5.00' });
    expect(3148 + total).toBe(Math.round(Number(newDue) * 100));
    expect(lines.map((l) => l.param)).toEqual(['price', 'cargo_price']);
    const unpaid = await makeOrder(c);
    expect(await changePrice(unpaid, { price: '70.00', quantity: 1, cargoPrice: '0.00' })).toEqual([]);
    expect(await debtsOf(unpaid)).toEqual([]);
  });
});

describe('POST orders/edit/state', () => {
  test('reject (4) of a paid order with debts gives everything back, the 5% included; return=1, open lines cancelled, history with the reason', async () => {
    const c = customers[6]!;
    await setBalanceThroughLedger(db(), c, '250.00', 'TRY');
    const id = await makeOrder(c);
    expect((await pay(id)).statusCode).toBe(200); // −115.50
    await changePrice(id, { price: '60.00', quantity: 2, cargoPrice: '10.00' }); // +21.00 open
    expect((await pay(id)).statusCode).toBe(200); // −21.00
    await changePrice(id, { price: '60.00', quantity: 2, cargoPrice: '4.00' }); // +6.30 back
    await changePrice(id, { price: '65.00', quantity: 2, cargoPrice: '4.00' }); // +10.50 open, never paid
    expect((await balances(c)).try).toBe('119.80');

    const res = await setState([id], 4, 'Mağazada məhsul qalmayıb');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: t.rejected, data: { ids: [id], skipped: [], refunded: [id] } });
    expect((await balances(c)).try).toBe('250.00'); // as before the order: 115.50 + 21.00 − 6.30 = 130.20 back
    const refund = (await operationsOf(id)).at(-1)!;
    expect([refund.type, refund.paymentType, refund.statusId, refund.amount, refund.objectModel]).toEqual([1, 6, 18, '130.20', 'order_refund']);
    expect(await order(id)).toMatchObject({ statusId: 4, returned: true, clientDescr: 'Mağazada məhsul qalmayıb', executiveId: adminUser.id });
    expect((await debtsOf(id)).map((d) => d.status)).toEqual([1, 1, 2]);
    const history = await historyOf(id);
    expect(history.map((h) => [h.fromStateId, h.stateId, h.userId, h.note])).toEqual([[5, 4, adminUser.id, 'Mağazada məhsul qalmayıb']]);
    expect(await findLedgerViolations(db())).toEqual([]);
    // a rejected order moves nowhere and cannot be paid
    expect((await setState([id], 5)).statusCode).toBe(422);
    expect((await pay(id)).statusCode).toBe(422);
  });

  test('reject needs its reason; cancel (32) refunds too; an unpaid reject moves no money', async () => {
    const c = customers[7]!;
    await setBalanceThroughLedger(db(), c, '115.50', 'TRY');
    const paid = await makeOrder(c);
    const unpaid = await makeOrder(c);
    expect((await pay(paid)).statusCode).toBe(200);
    const noReason = await setState([paid], 4);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.client_descr).toEqual(['Rədd səbəbini yazın']);
    expect((await order(paid)).statusId).toBe(5);
    const cancelled = await setState([paid, unpaid], 32);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toEqual({ ids: [paid, unpaid], skipped: [], refunded: [paid] });
    expect((await balances(c)).try).toBe('115.50');
    expect(await order(unpaid)).toMatchObject({ statusId: 32, returned: false });
    expect(await operationsOf(unpaid)).toEqual([]);
  });

  test('transitions: 8/9/10 need payment, a completed order is closed, the same status is skipped; the web ids joined by "/" work', async () => {
    const c = customers[8]!;
    await setBalanceThroughLedger(db(), c, '500.00', 'TRY');
    const unpaid = await makeOrder(c);
    const needsPay = await setState([unpaid], 8);
    expect(needsPay.statusCode).toBe(422);
    expect(needsPay.json().errors.order_id[0]).toBe(`Sifariş #${unpaid} ödənilməyib: "Sifariş verilib" statusu üçün əvvəlcə balansdan ödənilməlidir`);
    const id = await makeOrder(c);
    expect((await pay(id)).statusCode).toBe(200);
    for (const state of [7, 8, 9, 10]) expect((await setState([id], state)).statusCode).toBe(200);
    expect((await historyOf(id)).map((h) => `${h.fromStateId}>${h.stateId}`)).toEqual(['5>7', '7>8', '8>9', '9>10']);
    const back = await setState([id], 9);
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.order_id[0]).toContain('"Tamamlanıb" statusundan "Anbara çatıb" statusuna keçmək olmaz');
    const same = await setState([id], 10);
    expect(same.json().data).toEqual({ ids: [], skipped: [id], refunded: [] });
    const unknown = await setState([id], 6);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.state_id).toEqual([t.unknownState]);
    const a = await makeOrder(c);
    const b = await makeOrder(c);
    const slash = await post(`/api/admin/orders/edit/state?order_id=${a}/${b}&state_id=4&client_descr=x`);
    expect(slash.statusCode, slash.body).toBe(200);
    expect(slash.json().data.ids).toEqual([a, b]);
  });

  test('all or nothing: one unknown id, or one order that cannot move, changes nothing and moves no money', async () => {
    const c = customers[9]!;
    await setBalanceThroughLedger(db(), c, '500.00', 'TRY');
    const a = await makeOrder(c);
    const b = await makeOrder(c);
    const unpaid = await makeOrder(c);
    expect((await pay(a)).statusCode).toBe(200);
    expect((await pay(b)).statusCode).toBe(200);
    const before = (await balances(c)).try;
    const missing = await setState([a, b, 999_999], 4, 'x');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors.order_id).toEqual([fillId(t.orderNotFound, 999_999)]);
    const mixed = await setState([a, b, unpaid], 8);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.order_id).toHaveLength(1);
    for (const id of [a, b, unpaid]) expect(await order(id)).toMatchObject({ statusId: 5, returned: false });
    expect((await balances(c)).try).toBe(before);
    expect(await historyOf(a)).toEqual([]);
  });

  test("an order's payment cannot be cancelled or re-statused in the transactions list (the order would stay paid with nothing taken); the reject refunds it once", async () => {
    const c = customers[10]!;
    await setBalanceThroughLedger(db(), c, '115.50', 'TRY');
    const id = await makeOrder(c);
    const paid = await pay(id);
    const opId = paid.json().balance_operation_id;
    for (const call of [`/api/admin/pay/cancel?payment_id[]=${opId}`, `/api/admin/pay/edit/state?payment_id[]=${opId}&state_id=17`]) {
      const refused = await post(call);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors.payment_id).toEqual([fill(azTransactions.orderOwned, { ID: opId })]);
    }
    expect((await balances(c)).try).toBe('0.00');
    const res = await setState([id], 4, 'x');
    expect(res.statusCode, res.body).toBe(200);
    expect((await balances(c)).try).toBe('115.50');
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test("deleting a paid order (orders/cancel) gives back what it took, as orders/info's amounts_to_refund said", async () => {
    const c = customers[10]!;
    await setBalanceThroughLedger(db(), c, '300.00', 'TRY');
    const id = await makeOrder(c);
    expect((await pay(id)).statusCode).toBe(200); // −115.50
    await changePrice(id, { price: '60.00', quantity: 2, cargoPrice: '10.00' }); // +21.00 open
    expect((await pay(id)).statusCode).toBe(200); // −21.00
    await changePrice(id, { price: '60.00', quantity: 2, cargoPrice: '12.00' }); // +2.10 open, not taken
    const info = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/info?order_id=${id}`, headers: admin });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.amounts_to_refund).toBe('136.50');
    expect((await balances(c)).try).toBe('163.50');
    const deleted = await post(`/api/admin/orders/cancel?order_id=${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await balances(c)).try).toBe('300.00');
    expect(await order(id)).toMatchObject({ returned: true });
    expect((await order(id)).deletedAt).not.toBeNull();
    expect((await debtsOf(id)).map((d) => d.status)).toEqual([1, 2]);
    expect((await operationsOf(id)).at(-1)).toMatchObject({ type: 1, paymentType: 6, amount: '136.50', objectModel: 'order_refund' });
    expect((await pay(id)).statusCode).toBe(404);
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('the transactions list shows the order payments and refunds as orders (model 1)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/v2/pay/getlist?model_id=1&per_page=50`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { model_id: number; payment_type: number; type: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.model_id === 1)).toBe(true);
    expect(rows.some((r) => r.type === 1 && r.payment_type === 6)).toBe(true);
  });
});

describe('all filtered: v2/orders/edit/state and orders/bulk_reject', () => {
  test('every order the filters match takes the status, with one history row each; others are untouched', async () => {
    const c = customers[11]!;
    await setBalanceThroughLedger(db(), c, '1000.00', 'TRY');
    const shop = 'Toplu mağaza';
    const ids = [await makeOrder(c, { shop }), await makeOrder(c, { shop }), await makeOrder(c, { shop })];
    const mine = `customer_id=${c}&shop_name=${encodeURIComponent(shop)}`; // the demo's own orders of this customer stay out
    const other = await makeOrder(customers[0]!, { shop });
    const res = await post(`/api/admin/v2/orders/edit/state?${mine}&state_id=5&new_state_id=7&page=3&per_page=25&sort_column=id&sort_order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ids).toEqual(ids);
    for (const id of ids) expect((await historyOf(id)).map((h) => h.stateId)).toEqual([7]);
    expect((await order(other)).statusId).toBe(5);
    expect((await pay(ids[0]!)).statusCode).toBe(200);
    // one unpaid among them: 8 refused for all
    const refused = await post(`/api/admin/v2/orders/edit/state?${mine}&new_state_id=8`);
    expect(refused.statusCode).toBe(422);
    expect((await order(ids[0]!)).statusId).toBe(7);
    const none = await post(`/api/admin/v2/orders/edit/state?${mine}&state_id=9&new_state_id=10`);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.new_state_id).toEqual([t.noneMatched]);
    const noReason = await post(`/api/admin/v2/orders/edit/state?${mine}&new_state_id=4`);
    expect(noReason.json().errors.new_client_descr).toEqual([t.reasonRequired]);

    const rejected = await post(`/api/admin/orders/bulk_reject?${mine}&state_id=7&client_descr=${encodeURIComponent('Toplu rədd')}`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toEqual({ ids, skipped: [], refunded: [ids[0]] });
    expect((await balances(c)).try).toBe('1000.00');
    for (const id of ids) expect(await order(id)).toMatchObject({ statusId: 4, clientDescr: 'Toplu rədd' });
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('more than 10,000 matching orders are refused with the cap in the message, nothing changes', async () => {
    const c = customers[3]!;
    await db().execute(sql`insert into orders (user_id, country_id, currency, url, shop_name, price, status_id)
      select ${c}, 2, 'USD', 'https://shop.example/bulk', 'Limit mağazası', 1, 7 from generate_series(1, 10001)`);
    const res = await post(`/api/admin/v2/orders/edit/state?shop_name=${encodeURIComponent('Limit mağazası')}&state_id=7&new_state_id=5`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.new_state_id[0]).toContain('10000');
    const [{ n }] = (await db().execute<{ n: number }>(sql`select count(*)::int as n from orders where shop_name = 'Limit mağazası' and status_id = 7`)).rows as [{ n: number }];
    expect(n).toBe(10001);
  }, 60_000);
});

function fillId(text: string, id: number) {
  return text.replace('{ID}', String(id));
}
