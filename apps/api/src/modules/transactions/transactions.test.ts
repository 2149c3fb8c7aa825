import { fill } from '@app/contract/texts/az';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { balanceEntries, balanceOperations, cashOperations, cashRegisterEntries, cashRegisters } from '../../db/schema/money';
import { settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';
import { setBalanceThroughLedger } from '../../test/ledger';
import { findLedgerViolations } from '../money/service';

/*
 * Transactions (issue 17 item 2): the balance operations list, manual operations (pay/balance),
 * status changes and cancels on the ledger, stats, export, payment types, charts and statistics.
 * Demo: admin's register 1 (AZN cash), the clerk's 2 (AZN, also settings terminalCashboxId), 3 USD;
 * rates USD 1.7000, TRY 0.0410 (reference data; no rates job in tests).
 */

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let warehouseman: Record<string, string>;
let customers: { id: number; code: string }[];
const rates: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 30 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  clerk = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  warehouseman = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  customers = (await db().select({ id: users.id, code: users.code }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(12))
    .map((r) => ({ id: r.id, code: r.code! }));
  for (const currency of ['USD', 'TRY']) rates[currency] = Number((await get(`/api/client/cbar?currency=${currency}`)).json().data);
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers = admin) => ctx.app.inject({ method: 'POST', url, headers });
const balance = (headers: Record<string, string>, fields: Record<string, string | number>) => postForm(ctx.app, '/api/admin/pay/balance', headers, fields);
const balances = async (id: number) => (await db().select({ usd: users.balanceUsd, try: users.balanceTry }).from(users).where(eq(users.id, id)))[0]!;
const registerBalance = async (id: number) => (await db().select({ b: cashRegisters.balance }).from(cashRegisters).where(eq(cashRegisters.id, id)))[0]!.b;
const operation = async (id: number) => (await db().select().from(balanceOperations).where(eq(balanceOperations.id, id)))[0]!;
const entriesOf = (id: number) => db().select().from(balanceEntries).where(eq(balanceEntries.operationId, id)).orderBy(balanceEntries.id);
const cashOf = async (operationId: number) => (await db().select().from(cashOperations)
  .where(and(eq(cashOperations.objectModel, 'balance_operation'), eq(cashOperations.objectId, operationId))))[0];
const cashEntriesOf = (cashId: number) => db().select().from(cashRegisterEntries).where(eq(cashRegisterEntries.operationId, cashId)).orderBy(cashRegisterEntries.id);
const setCashbox = (email: string, cashboxId: number | null) => db().update(users).set({ cashboxId }).where(eq(users.email, email));
const gift = (userId: number, amount: string, currency = 'USD', rate = rates[currency]!) =>
  ({ user_id: userId, amount, currency, amount_azn: (Math.round(Number(amount) * rate * 100) / 100).toFixed(2), type: 1, payment_type: 8, descr: 'test' });
const created = async (headers: Record<string, string>, fields: Record<string, string | number>) => {
  const res = await balance(headers, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; before_balance: number | null; state_id: number; amount: string; currency: string };
};

describe('POST pay/balance', () => {
  test('a gift in USD is confirmed at once: the balance grows through one ledger entry, previous balance recorded', async () => {
    const c = customers[0]!;
    await setBalanceThroughLedger(db(), c.id, '10.00');
    const row = await created(admin, gift(c.id, '25.50'));
    expect(row).toMatchObject({ state_id: 18, amount: '25.50', currency: 'USD', before_balance: 10 });
    expect((await balances(c.id)).usd).toBe('35.50');
    const entries = await entriesOf(row.id);
    expect(entries.map((e) => [e.amount, e.balanceBefore, e.balanceAfter, e.kind])).toEqual([['25.50', '10.00', '35.50', 'post']]);
    expect(await cashOf(row.id)).toBeUndefined(); // a gift moves no register
  });

  test('settings topup: a currency whose top-ups are switched off takes no income (422 on currency), an expense still passes', async () => {
    const c = customers[0]!;
    await setBalanceThroughLedger(db(), c.id, '10.00');
    const saved = await ctx.app.inject({
      method: 'POST', url: '/api/admin/settings/data?group_id=topup', headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'usd_balance_enabled=0&try_balance_enabled=1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const refused = await balance(admin, gift(c.id, '5.00'));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.currency).toEqual([fill(t.topupDisabled, { CURRENCY: 'USD' })]);
      expect((await balances(c.id)).usd).toBe('10.00');
      await created(admin, gift(c.id, '100.00', 'TRY'));
      await created(admin, { ...gift(c.id, '2.00'), type: 2, payment_type: 5 });
      expect((await balances(c.id)).usd).toBe('8.00');
    } finally {
      await ctx.app.inject({
        method: 'POST', url: '/api/admin/settings/data?group_id=topup', headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'usd_balance_enabled=1&try_balance_enabled=1',
      });
    }
  });

  test('multipart as real clients send it; the same Idempotency-Key twice books the money once', async () => {
    const c = customers[0]!;
    const before = (await balances(c.id)).usd;
    const boundary = `----m1${Math.random().toString(16).slice(2)}`;
    const payload = Object.entries(gift(c.id, '3.00')).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${boundary}--\r\n`;
    const send = () => ctx.app.inject({
      method: 'POST', url: '/api/admin/pay/balance', payload,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': `m1-${boundary}` },
    });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await balances(c.id)).usd).toBe((Number(before) + 3).toFixed(2));
  });

  test('the AZN amount must be amount × the day\'s rate (±0.01)', async () => {
    const c = customers[1]!;
    await setBalanceThroughLedger(db(), c.id, '0.00');
    await setBalanceThroughLedger(db(), c.id, '0.00', 'TRY');
    const bad = await balance(admin, { ...gift(c.id, '10'), amount_azn: '17.02' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount_azn[0]).toContain('17.00');
    expect((await created(admin, { ...gift(c.id, '10'), amount_azn: '17.01' })).amount).toBe('10.00');
    expect((await created(admin, gift(c.id, '100', 'TRY'))).currency).toBe('TRY');
    expect(await balances(c.id)).toEqual({ usd: '10.00', try: '100.00' });
  });

  test('spec §5 payment types: refund is never entered by hand, expense only cash or fine', async () => {
    const c = customers[1]!;
    const refund = await balance(admin, { ...gift(c.id, '1'), payment_type: 6 });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().errors.payment_type).toEqual([t.refundNotManual]);
    const expenseGift = await balance(admin, { ...gift(c.id, '1'), type: 2 });
    expect(expenseGift.statusCode).toBe(422);
    expect(expenseGift.json().errors.payment_type).toEqual([t.paymentTypeNotAllowed]);
    const bank = await balance(admin, { ...gift(c.id, '1'), payment_type: 2 });
    expect(bank.json().errors.payment_type).toEqual([t.paymentTypeNotAllowed]);
  });

  test('bad input is a 422 with field errors, never a 500', async () => {
    const res = await balance(admin, { user_id: 'x', amount: '-3', currency: 'EUR', amount_azn: '', type: 3, payment_type: 8 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['user_id', 'amount', 'currency', 'amount_azn', 'type']));
    const staff = await balance(admin, gift((await db().select({ id: users.id }).from(users).where(eq(users.email, 'anbar@example.az')))[0]!.id, '1'));
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors.user_id).toEqual([t.customerNotFound]);
  });

  test('an expense larger than the balance: 422 not_enough_amount with the spec text, nothing written', async () => {
    const c = customers[2]!;
    await setBalanceThroughLedger(db(), c.id, '5.00');
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(balanceOperations);
    const res = await balance(admin, { ...gift(c.id, '5.01'), type: 2, payment_type: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ not_enough_amount: ['Balansda kifayət qədər vəsait yoxdur'] });
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(balanceOperations)).toEqual(before);
    const fine = await created(admin, { ...gift(c.id, '5.00'), type: 2, payment_type: 5 });
    expect(fine.before_balance).toBe(5);
    expect((await balances(c.id)).usd).toBe('0.00');
  });

  test("cash moves the cashier's own AZN register by the AZN amount (cash_operations row + entry, registers first)", async () => {
    const c = customers[3]!;
    const reg1 = await registerBalance(1);
    const row = await created(admin, { ...gift(c.id, '20'), payment_type: 1 });
    expect(await registerBalance(1)).toBe((Number(reg1) + 34).toFixed(2));
    const cash = (await cashOf(row.id))!;
    expect(cash).toMatchObject({ type: 1, cashRegisterId: 1, amount: '34.00', reason: 'balance', customerId: c.id, paymentType: 1, statusId: 18 });
    expect((await cashEntriesOf(cash.id)).map((e) => [e.amount, e.kind])).toEqual([['34.00', 'post']]);
    // a cash expense pays the money out of the register
    const out = await created(admin, { ...gift(c.id, '5'), type: 2, payment_type: 1 });
    expect((await cashOf(out.id))!.amount).toBe('8.50');
    expect(await registerBalance(1)).toBe((Number(reg1) + 34 - 8.5).toFixed(2));
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('a register in the operation\'s currency moves by the amount; another currency is refused', async () => {
    const c = customers[4]!;
    await setCashbox('admin@example.az', 3); // USD
    try {
      const reg3 = await registerBalance(3);
      const row = await created(admin, { ...gift(c.id, '12'), payment_type: 1 });
      expect((await cashOf(row.id))!.amount).toBe('12.00');
      expect(await registerBalance(3)).toBe((Number(reg3) + 12).toFixed(2));
      const tl = await balance(admin, { ...gift(c.id, '100', 'TRY'), payment_type: 1 });
      expect(tl.statusCode).toBe(422);
      expect(Object.keys(tl.json().errors)).toEqual(['currency']);
    } finally {
      await setCashbox('admin@example.az', 1);
    }
  });

  test('cash without a register of one\'s own: 422 not_selected_cashbox', async () => {
    await setCashbox('ofis@example.az', null);
    try {
      const res = await balance(clerk, { ...gift(customers[5]!.id, '1'), payment_type: 1 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ not_selected_cashbox: [t.notSelectedCashbox] });
      // a gift needs no register
      expect((await balance(clerk, gift(customers[5]!.id, '1'))).statusCode).toBe(200);
    } finally {
      await setCashbox('ofis@example.az', 2);
    }
  });

  test('terminal goes to the settings terminal register; without one, 422 not_selected_cashbox', async () => {
    const c = customers[5]!;
    const [setting] = await db().select().from(settings).where(and(eq(settings.groupId, 'cashflow'), eq(settings.key, 'terminalCashboxId')));
    const terminalId = Number(setting!.value);
    const before = await registerBalance(terminalId);
    const row = await created(clerk, { ...gift(c.id, '10'), payment_type: 3 });
    expect((await cashOf(row.id))!.cashRegisterId).toBe(terminalId);
    expect(await registerBalance(terminalId)).toBe((Number(before) + 17).toFixed(2));
    await db().update(settings).set({ value: null }).where(and(eq(settings.groupId, 'cashflow'), eq(settings.key, 'terminalCashboxId')));
    try {
      const res = await balance(clerk, { ...gift(c.id, '10'), payment_type: 3 });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['not_selected_cashbox']);
    } finally {
      await db().update(settings).set({ value: setting!.value }).where(and(eq(settings.groupId, 'cashflow'), eq(settings.key, 'terminalCashboxId')));
    }
  });
});

describe('POST pay/edit/state and pay/cancel', () => {
  test('status changes write the ledger delta: 18 → 17 takes it back, 17 → 18 posts it again', async () => {
    const c = customers[6]!;
    await setBalanceThroughLedger(db(), c.id, '0.00');
    const row = await created(admin, gift(c.id, '40'));
    let res = await post(`/api/admin/pay/edit/state?payment_id[]=${row.id}&state_id=17`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await balances(c.id)).usd).toBe('0.00');
    res = await post(`/api/admin/pay/edit/state?payment_id[]=${row.id}&state_id=19`);
    expect((await balances(c.id)).usd).toBe('0.00'); // 17 → 19: no effect either way
    res = await post(`/api/admin/pay/edit/state?payment_id[]=${row.id}&state_id=18`);
    expect((await balances(c.id)).usd).toBe('40.00');
    expect((await entriesOf(row.id)).map((e) => [e.amount, e.kind])).toEqual([['40.00', 'post'], ['-40.00', 'reversal'], ['40.00', 'post']]);
    expect((await operation(row.id)).statusId).toBe(18);
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('many at once are atomic: one that would take a balance below zero refuses the whole call, naming it', async () => {
    const c = customers[7]!;
    await setBalanceThroughLedger(db(), c.id, '0.00');
    const top = await created(admin, gift(c.id, '30'));
    const spend = await created(admin, { ...gift(c.id, '30'), type: 2, payment_type: 5 });
    const other = await created(admin, gift(customers[8]!.id, '3'));
    // cancelling the top-up would leave −30 (the expense stays): refused, nothing changes
    const res = await post(`/api/admin/pay/edit/state?payment_id[]=${other.id}&payment_id[]=${top.id}&state_id=21`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.not_enough_amount[0]).toBe(`Əməliyyat #${top.id}: balansda kifayət qədər vəsait yoxdur`);
    expect([(await operation(top.id)).statusId, (await operation(other.id)).statusId]).toEqual([18, 18]);
    expect((await balances(customers[8]!.id)).usd).not.toBe('0.00');
    // with the expense in the same call it nets out: both change
    const ok = await post(`/api/admin/pay/edit/state?payment_id[]=${top.id}&payment_id[]=${spend.id}&state_id=17`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await balances(c.id)).usd).toBe('0.00');
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('unknown status or operation: 422', async () => {
    expect((await post('/api/admin/pay/edit/state?payment_id[]=1&state_id=9')).statusCode).toBe(422);
    const res = await post('/api/admin/pay/edit/state?payment_id[]=99999999&state_id=18');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.payment_id[0]).toContain('99999999');
    expect((await post('/api/admin/pay/edit/state?state_id=18')).statusCode).toBe(422);
  });

  test('cancel: status 21 and a reversing entry; the balance equals the sum of its entries; a second cancel is 422', async () => {
    const c = customers[9]!;
    await setBalanceThroughLedger(db(), c.id, '2.00');
    const row = await created(admin, gift(c.id, '8'));
    const res = await post(`/api/admin/pay/cancel?payment_id[]=${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const op = await operation(row.id);
    expect(op.statusId).toBe(21);
    expect(op.cancelledAt).not.toBeNull();
    expect((await entriesOf(row.id)).map((e) => [e.amount, e.kind, e.balanceAfter])).toEqual([['8.00', 'post', '10.00'], ['-8.00', 'reversal', '2.00']]);
    const [sum] = await db().select({ s: sql<string>`sum(${balanceEntries.amount})::text` }).from(balanceEntries)
      .where(and(eq(balanceEntries.userId, c.id), eq(balanceEntries.currency, 'USD')));
    expect(sum!.s).toBe((await balances(c.id)).usd);
    const again = await post(`/api/admin/pay/cancel?payment_id[]=${row.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.payment_id[0]).toContain(String(row.id));
    expect(await findLedgerViolations(db())).toEqual([]);
  });

  test('cancelling a cash operation reverses its register movement; confirming it again re-posts it', async () => {
    const c = customers[10]!;
    const reg = await registerBalance(1);
    const row = await created(admin, { ...gift(c.id, '10'), payment_type: 1 });
    expect(await registerBalance(1)).toBe((Number(reg) + 17).toFixed(2));
    expect((await post(`/api/admin/pay/cancel?payment_id[]=${row.id}`)).statusCode).toBe(200);
    expect(await registerBalance(1)).toBe(reg);
    const cash = (await cashOf(row.id))!;
    expect(cash.statusId).toBe(21);
    expect((await post(`/api/admin/pay/edit/state?payment_id[]=${row.id}&state_id=18`)).statusCode).toBe(200);
    expect(await registerBalance(1)).toBe((Number(reg) + 17).toFixed(2));
    expect((await cashEntriesOf(cash.id)).map((e) => [e.amount, e.kind])).toEqual([['17.00', 'post'], ['-17.00', 'reversal'], ['17.00', 'post']]);
    expect((await cashOf(row.id))!.statusId).toBe(18);
    expect(await findLedgerViolations(db())).toEqual([]);
  });
});

describe('GET v2/pay/getlist', () => {
  test('rows in the wire format of the fields file; filters by customer code, name, type, status, currency, date', async () => {
    const c = customers[11]!;
    const row = await created(admin, { ...gift(c.id, '7.25'), descr: 'list check' });
    const res = await get(`/api/admin/v2/pay/getlist?user_id=${c.code}&per_page=50`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.every((r: { user_id: number }) => r.user_id === c.id)).toBe(true);
    const mine = body.data.find((r: { id: number }) => r.id === row.id);
    expect(mine).toMatchObject({
      user_id: c.id, user_code: c.code, amount: '7.25', currency: 'USD', type: 1, type_name: 'Mədaxil', payment_type: 8, payment_type_name: 'Hədiyyə',
      state_id: 18, state_name: 'Təsdiqlənib', model_id: 4, object_id: row.id, descr: 'list check', cashback: 0, confirmed_by: 'Rəşad Məmmədov',
    });
    expect(mine.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof mine.before_balance).toBe('number');
    const [{ n }] = (await db().select({ n: sql<number>`count(*)::int` }).from(balanceOperations).where(eq(balanceOperations.userId, c.id))) as [{ n: number }];
    expect(body.total).toBe(n);

    const [u] = await db().select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, c.id));
    const byName = (await get(`/api/admin/v2/pay/getlist?user_name=${encodeURIComponent(`${u!.name} ${u!.surname}`)}&per_page=50`)).json();
    expect(byName.data.some((r: { id: number }) => r.id === row.id)).toBe(true);
    const namesakes = (await db().select({ id: users.id }).from(users)
      .where(sql`(${users.name} || ' ' || ${users.surname}) ilike ${`%${u!.name} ${u!.surname}%`}`)).map((r) => r.id);
    expect(byName.data.every((r: { user_id: number }) => namesakes.includes(r.user_id))).toBe(true);
    const [{ m }] = (await db().select({ m: sql<number>`count(*)::int` }).from(balanceOperations).where(sql`${balanceOperations.userId} in ${namesakes}`)) as [{ m: number }];
    expect(byName.total).toBe(m);
    const both = (await get(`/api/admin/v2/pay/getlist?user_id=${c.code}&user_name=NOBODY-AT-ALL`)).json();
    expect(both.total).toBe(0);
    const expense = (await get(`/api/admin/v2/pay/getlist?user_id=${c.code}&type=2`)).json();
    expect(expense.data.some((r: { id: number }) => r.id === row.id)).toBe(false);
    const byState = (await get(`/api/admin/v2/pay/getlist?state_id=21&per_page=50`)).json();
    expect(byState.data.every((r: { state_id: number }) => r.state_id === 21)).toBe(true);
    const tl = (await get(`/api/admin/v2/pay/getlist?currency=try&per_page=50`)).json();
    expect(tl.data.length).toBeGreaterThan(0);
    expect(tl.data.every((r: { currency: string }) => r.currency === 'TRY')).toBe(true);
    const future = (await get(`/api/admin/v2/pay/getlist?created_at=${encodeURIComponent('2099-01-01 00:00:00,2099-12-31 23:59:59')}`)).json();
    expect(future).toMatchObject({ data: [], total: 0 });
    const section = (await get('/api/admin/v2/pay/getlist?model_id=7&per_page=50')).json();
    expect(section.data.every((r: { model_id: number }) => r.model_id === 7)).toBe(true);
    const unknownCode = (await get('/api/admin/v2/pay/getlist?user_id=NOPE')).json();
    expect(unknownCode.total).toBe(0);
  });

  test('sorts by amount both ways; pages do not overlap', async () => {
    const asc = (await get('/api/admin/v2/pay/getlist?sort_column=amount&sort_order=asc&per_page=10')).json().data.map((r: { amount: string }) => Number(r.amount));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const p1 = (await get('/api/admin/v2/pay/getlist?per_page=5&page=1')).json().data.map((r: { id: number }) => r.id);
    const p2 = (await get('/api/admin/v2/pay/getlist?per_page=5&page=2')).json().data.map((r: { id: number }) => r.id);
    expect(p1.filter((id: number) => p2.includes(id))).toEqual([]);
  });

  test('a user without `transactions` gets 403 on every transactions call', async () => {
    for (const url of ['/api/admin/v2/pay/getlist', '/api/admin/pay/stats', '/api/admin/pay/export', '/api/admin/statistics/by_balance_count']) {
      expect((await get(url, warehouseman)).statusCode, url).toBe(403);
    }
    expect((await balance(warehouseman, gift(customers[0]!.id, '1'))).statusCode).toBe(403);
    expect((await post('/api/admin/pay/cancel?payment_id[]=1', warehouseman)).statusCode).toBe(403);
    expect((await post('/api/admin/pay/edit/state?payment_id[]=1&state_id=18', warehouseman)).statusCode).toBe(403);
    expect((await get('/api/admin/v2/pay/getlist', clerk)).statusCode).toBe(200);
  });
});

describe('stats, export, lookups, charts, statistics', () => {
  test('pay/stats equals the SQL sum of confirmed operations over the same filter', async () => {
    const c = customers[1]!;
    const res = await get(`/api/admin/pay/stats?user_id=${c.code}`);
    expect(res.statusCode, res.body).toBe(200);
    const sum = async (currency: string, type: number) => (await db().select({ s: sql<string>`coalesce(sum(${balanceOperations.amount}), 0)::numeric(16,2)::text` })
      .from(balanceOperations).where(and(eq(balanceOperations.userId, c.id), eq(balanceOperations.currency, currency), eq(balanceOperations.type, type), eq(balanceOperations.statusId, 18))))[0]!.s;
    expect(res.json().data).toEqual({ try_in: await sum('TRY', 1), try_out: await sum('TRY', 2), usd_in: Number(await sum('USD', 1)), usd_out: Number(await sum('USD', 2)) });
    // the test's own 100.00 TRY top-up is in it (the demo's orders add their refunds and top-ups for the same customers)
    expect(Number(res.json().data.try_in)).toBeGreaterThanOrEqual(100);
  });

  test('pay/export is a real .xlsx of the filtered rows', async () => {
    const c = customers[0]!;
    const res = await get(`/api/admin/pay/export?user_id=${c.code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="transactions_export_\d{8}-\d{6}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe(t.customerCode);
    const [{ n }] = (await db().select({ n: sql<number>`count(*)::int` }).from(balanceOperations).where(eq(balanceOperations.userId, c.id))) as [{ n: number }];
    expect(sheet.actualRowCount - 1).toBe(n);
    expect(sheet.getRow(2).getCell(2).value).toBe(c.code);
  });

  test('payment_types/list: spec §3 types 1..8', async () => {
    const res = await get('/api/admin/payment_types/list?per_page=1000', clerk);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(res.json().data[0]).toEqual({ id: 1, name: 'Nağd' });
  });

  test("charts/balance: today's top-ups and expenses and the customers' total balance per currency", async () => {
    const res = await get('/api/admin/charts/balance');
    expect(res.statusCode, res.body).toBe(200);
    const [total] = await db().select({ usd: sql<string>`sum(${users.balanceUsd})::numeric(16,2)::text`, tl: sql<string>`sum(${users.balanceTry})::numeric(16,2)::text` })
      .from(users).where(sql`${users.deletedAt} is null`);
    const data = res.json().data;
    expect(data.total).toEqual({ USD: total!.usd, TRY: total!.tl });
    expect(Number(data.today_popup.USD)).toBeGreaterThan(0); // this file's gifts are today's
    expect(data.today_popup.TRY).toMatch(/^\d+\.\d{2}$/);
  });

  test('statistics/by_balance_count: per day and currency as SQL counts; getlist=true the rows behind them', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.APP_TIMEZONE }).format(new Date());
    const res = await get(`/api/admin/statistics/by_balance_count?start_date=${today}&end_date=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [usd] = await db().select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${balanceOperations.amount}), 0)::numeric(16,2)::text` })
      .from(balanceOperations)
      .where(sql`${balanceOperations.statusId} = 18 and ${balanceOperations.type} = 1 and ${balanceOperations.currency} = 'USD'
        and to_char(${balanceOperations.createdAt} at time zone ${ctx.config.APP_TIMEZONE}, 'YYYY-MM-DD') = ${today}`);
    const row = body.data.find((r: { currency: string }) => r.currency === 'USD');
    expect(row).toMatchObject({ added_date: today, transaction_count: usd!.n, amount: usd!.s });
    expect(body.total.amount_usd).toBe(Number(usd!.s));
    const list = (await get(`/api/admin/statistics/by_balance_count?start_date=${today}&end_date=${today}&currency=usd&getlist=true&per_page=5`)).json();
    expect((await get('/api/admin/statistics/by_balance_count?start_date=7084-42-28')).statusCode).toBe(422);
    expect(list.total).toBe(usd!.n);
    expect(list.data.length).toBe(Math.min(5, usd!.n));
    expect(list.data.every((r: { currency: string; type: number; state_id: number }) => r.currency === 'USD' && r.type === 1 && r.state_id === 18)).toBe(true);
  });

  test('statistics/by_balance_count: a figure past the list\'s 10,000 cap opens a drill-down with its exact count', async () => {
    // 10,020 copies of a confirmed USD top-up on one office day (12:00 Baku), removed afterwards
    const [one] = await db().select({ id: balanceOperations.id }).from(balanceOperations)
      .where(sql`${balanceOperations.statusId} = 18 and ${balanceOperations.type} = 1 and ${balanceOperations.currency} = 'USD'`).limit(1);
    const columns = (await db().execute<{ c: string }>(sql`
      select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as c from information_schema.columns
      where table_schema = current_schema() and table_name = 'balance_operations' and column_name not in ('id', 'created_at') and is_generated = 'NEVER'`)).rows[0]!.c;
    const cols = sql.raw(columns);
    await db().execute(sql`insert into balance_operations (${cols}, created_at) select ${cols}, '2001-02-03 08:00:00+00' from balance_operations, generate_series(1, 10020) where id = ${one!.id}`);
    try {
      const day = 'start_date=2001-02-03&end_date=2001-02-03&currency=usd';
      const figure = (await get(`/api/admin/statistics/by_balance_count?${day}`)).json();
      expect(figure.total.transaction_count).toBe(10020);
      const list = (await get(`/api/admin/statistics/by_balance_count?${day}&getlist=true&per_page=20&page=501`)).json();
      expect(list).toMatchObject({ total: 10020, total_kind: 'exact' });
      expect(list.data).toHaveLength(20);
    } finally {
      await db().execute(sql`delete from balance_operations where created_at = '2001-02-03 08:00:00+00'`);
    }
  });
});
