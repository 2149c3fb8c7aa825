import { MONEY_OBJECT } from '@app/contract/money';
import { az } from '@app/contract/texts/az';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarationPayments } from '../../db/schema/declaration-workflow';
import { declarations } from '../../db/schema/declarations';
import { balanceEntries, balanceOperations, cashOperations, cashRegisterEntries, cashRegisters } from '../../db/schema/money';
import { auditLog } from '../../db/schema/platform';
import { settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, TEST_DB, type TestContext } from '../../test/harness';
import { setBalanceThroughLedger } from '../../test/ledger';
import { findLedgerViolations } from './ledger';
import { findCashEntriesOf } from './queries';
import { splitNetPayment } from './service';

/*
 * The money of a handover (issue 8 item 4): POST declaration/pay writes the customer's balance
 * operations and credits the cash registers of settings 'cashflow' in the handover's transaction.
 * Demo settings: cashflow.cashboxId = 1 (AZN cash), terminalCashboxId = 2 (AZN terminal); 3 is USD.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let warehouseman: Record<string, string>;
let customers: number[];
let seq = 0;
const M = az.moneyUi;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 50 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  clerk = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  warehouseman = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  customers = (await db().select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(6)).map((r) => r.id);
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const pay = (headers: Record<string, string>, fields: Record<string, string | number>) => postForm(ctx.app, '/api/admin/declaration/pay', headers, fields);

async function parcels(userId: number, prices: string[]): Promise<number[]> {
  const rows = await db().insert(declarations).values(prices.map((p) => ({
    trackCode: `AZ48${String(++seq).padStart(8, '0')}`, userId, countryId: 1, statusId: 9, branchId: 1, planCategoryId: 1, deliveryPrice: p, weight: '1.00', price: '20.00', payed: false,
  }))).returning({ id: declarations.id });
  return rows.map((r) => r.id);
}
const setBalance = (userId: number, usd: string) => setBalanceThroughLedger(db(), userId, usd);
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceUsd }).from(users).where(eq(users.id, userId)))[0]!.b;
const registerBalance = async (id: number) => (await db().select({ b: cashRegisters.balance }).from(cashRegisters).where(eq(cashRegisters.id, id)))[0]!.b;
const registers = async () => Promise.all([1, 2, 3].map(registerBalance));
const statusesOf = async (ids: number[]) => {
  const rows = await db().select({ id: declarations.id, s: declarations.statusId }).from(declarations).where(inArray(declarations.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.s);
};
const operationsOf = (userId: number) => db().select().from(balanceOperations).where(eq(balanceOperations.userId, userId)).orderBy(balanceOperations.id);
const entriesOf = (paymentId: number) => findCashEntriesOf(db(), MONEY_OBJECT.declarationPayment, paymentId);
const countAll = async () => {
  const [ops] = await db().select({ n: sql<number>`count(*)::int` }).from(balanceOperations);
  const [entries] = await db().select({ n: sql<number>`count(*)::int` }).from(cashOperations);
  const [payments] = await db().select({ n: sql<number>`count(*)::int` }).from(declarationPayments);
  return { ops: ops!.n, entries: entries!.n, payments: payments!.n };
};
const setCashflow = (key: 'cashboxId' | 'terminalCashboxId', value: number | null) =>
  db().update(settings).set({ value }).where(and(eq(settings.groupId, 'cashflow'), eq(settings.key, key)));

describe('the change given back comes out of the cash first', () => {
  test('splitNetPayment', () => {
    expect(splitNetPayment('30', '0', '0.56')).toEqual({ cash: '29.44', terminal: '0.00' });
    expect(splitNetPayment('10.00', '5.00', '0.00')).toEqual({ cash: '10.00', terminal: '5.00' });
    expect(splitNetPayment('0.30', '5.00', '0.50')).toEqual({ cash: '0.00', terminal: '4.80' });
  });
});

describe('demo data', () => {
  test("every demo customer's balance is explained by its confirmed balance operations, and the ledger adds up", async () => {
    const res = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from users u
      where u.admin = 0 and u.balance_usd <> coalesce((select sum(case when o.type = 1 then o.amount else -o.amount end) from balance_operations o
        where o.user_id = u.id and o.currency = 'USD' and o.status_id = 18), 0)`);
    expect(res.rows[0]!.n).toBe(0);
    expect(await findLedgerViolations(db())).toEqual([]);
    const [entries] = await db().select({ n: sql<number>`count(*)::int` }).from(balanceEntries);
    expect(entries!.n).toBeGreaterThan(0);
  });

  test("the handover history's cash is in the register: every seeded cash payment has its cash operation and entry", async () => {
    const res = await db().execute<{ payments: number; missing: number }>(sql`
      select count(*)::int as payments,
             count(*) filter (where not exists (select 1 from cash_operations o join cash_register_entries e on e.operation_id = o.id
               where o.object_model = 'declaration_payment' and o.object_id = p.id and o.amount = p.cash_azn))::int as missing
      from declaration_payments p where p.cash_azn > 0`);
    expect(res.rows[0]!.payments).toBeGreaterThan(0);
    expect(res.rows[0]!.missing).toBe(0);
  });
});

describe('a handover writes its money', () => {
  test('cash + terminal + balance: balance operations, the registers of settings cashflow, ledger entries, the payment row', async () => {
    const userId = customers[0]!;
    await setBalance(userId, '10.00');
    const ids = await parcels(userId, ['8.00', '4.00']); // 12.00 USD = 20.40 AZN
    const [cash0, terminal0, usd0] = await registers();
    // 20.40 − 10.00 cash − 5.00 terminal = 5.40 AZN → 3.18 USD from the balance (5.406 → 5.41 AZN)
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '10.00', terminal: '5.00', use_balance: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { payment_id: paymentId, balance_used_usd: usedUsd, refund } = res.json().data as { payment_id: number; balance_used_usd: string; refund: string };
    expect(usedUsd).toBe('3.18');
    expect(refund).toBe('0.01'); // 5.41 AZN of balance for 5.40 due: the cent goes back out of the cash
    expect(await statusesOf(ids)).toEqual([10, 10]);
    expect(await balanceOf(userId)).toBe('6.82');

    // Registers: cash 9.99 kept (10.00 − 0.01 change) into 1, terminal 5.00 into 2, the USD register untouched.
    const [cash1, terminal1, usd1] = await registers();
    expect((Number(cash1) - Number(cash0)).toFixed(2)).toBe('9.99');
    expect((Number(terminal1) - Number(terminal0)).toFixed(2)).toBe('5.00');
    expect(usd1).toBe(usd0);
    const entries = await entriesOf(paymentId);
    expect(entries.map((e) => ({ r: e.cashRegisterId, type: e.type, amount: e.amount, before: e.balanceBefore, pt: e.paymentType, reason: e.reason, customer: e.customerId, kind: e.kind }))).toEqual([
      { r: 1, type: 1, amount: '9.99', before: cash0, pt: 1, reason: 'handover', customer: userId, kind: 'post' },
      { r: 2, type: 1, amount: '5.00', before: terminal0, pt: 3, reason: 'handover', customer: userId, kind: 'post' },
    ]);
    expect(await findLedgerViolations(db())).toEqual([]);

    // The customer's ledger: cash in/out, terminal in/out (AZN, balance untouched), then the USD expense.
    const ops = (await operationsOf(userId)).filter((o) => o.objectId === paymentId);
    expect(ops.map((o) => [o.type, o.paymentType, o.currency, o.amount, o.amountAzn, o.beforeBalance, o.statusId, o.objectModel])).toEqual([
      [1, 1, 'AZN', '9.99', '9.99', null, 18, 'declaration_payment'],
      [2, 1, 'AZN', '9.99', '9.99', null, 18, 'declaration_payment'],
      [1, 3, 'AZN', '5.00', '5.00', null, 18, 'declaration_payment'],
      [2, 3, 'AZN', '5.00', '5.00', null, 18, 'declaration_payment'],
      [2, 7, 'USD', '3.18', '5.41', '10.00', 18, 'declaration_payment'],
    ]);
    expect(ops[4]!.description).toContain('AZ48');
    const [payment] = await db().select().from(declarationPayments).where(eq(declarationPayments.id, paymentId));
    expect(payment).toMatchObject({ cashRegisterId: 1, terminalRegisterId: 2, balanceUsd: '3.18', cashAzn: '10.00', terminalAzn: '5.00' });
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'money.handover_payment'), eq(auditLog.entityId, String(paymentId))));
    expect(audits).toHaveLength(1);
  });

  test('cash only with change: the register keeps the due, not what was handed over', async () => {
    const userId = customers[1]!;
    const ids = await parcels(userId, ['10.00']); // 17.00 AZN
    const before = await registerBalance(1);
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refund).toBe('3.00');
    expect((Number(await registerBalance(1)) - Number(before)).toFixed(2)).toBe('17.00');
    const ops = (await operationsOf(userId)).filter((o) => o.objectId === res.json().data.payment_id);
    expect(ops.map((o) => [o.type, o.paymentType, o.amount])).toEqual([[1, 1, '17.00'], [2, 1, '17.00']]);
  });

  test('balance only: one USD expense, no register moves', async () => {
    const userId = customers[2]!;
    await setBalance(userId, '5.00');
    const ids = await parcels(userId, ['2.00']); // 3.40 AZN = 2.00 USD
    const regs = await registers();
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '0', use_balance: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(userId)).toBe('3.00');
    expect(await registers()).toEqual(regs);
    const paymentId = res.json().data.payment_id as number;
    expect(await entriesOf(paymentId)).toEqual([]);
    const ops = (await operationsOf(userId)).filter((o) => o.objectId === paymentId);
    expect(ops.map((o) => [o.type, o.currency, o.amount, o.beforeBalance])).toEqual([[2, 'USD', '2.00', '5.00']]);
    const [payment] = await db().select().from(declarationPayments).where(eq(declarationPayments.id, paymentId));
    expect(payment).toMatchObject({ cashRegisterId: null, terminalRegisterId: null });
  });

  test('a refused handover (not enough paid) writes nothing', async () => {
    const userId = customers[3]!;
    await setBalance(userId, '1.00');
    const ids = await parcels(userId, ['10.00']);
    const regs = await registers();
    const counts = await countAll();
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '5', use_balance: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(az.declarationWorkflow.notEnoughBalance);
    expect(await countAll()).toEqual(counts);
    expect(await registers()).toEqual(regs);
    expect(await balanceOf(userId)).toBe('1.00');
    expect(await statusesOf(ids)).toEqual([9]);
  });

  test('no cash register in settings, or a register not in AZN: 422 on the field and nothing changes', async () => {
    const userId = customers[3]!;
    await setBalance(userId, '10.00');
    const ids = await parcels(userId, ['2.00']);
    const regs = await registers();
    const counts = await countAll();
    try {
      await setCashflow('cashboxId', null);
      const noCashbox = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '1.70', use_balance: 1 });
      expect(noCashbox.statusCode).toBe(422);
      expect(noCashbox.json().errors.cash).toEqual([M.cashboxNotSelected]);
      await setCashflow('terminalCashboxId', 3); // the USD register
      const usd = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, terminal: '3.40' });
      expect(usd.statusCode).toBe(422);
      expect(usd.json().errors.terminal).toEqual([M.cashboxNotAzn]);
      // Paid from the balance alone, no register is needed.
      expect(await countAll()).toEqual(counts);
      expect(await registers()).toEqual(regs);
      expect(await balanceOf(userId)).toBe('10.00');
      expect(await statusesOf(ids)).toEqual([9]);
      const balanceOnly = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, use_balance: 1 });
      expect(balanceOnly.statusCode, balanceOnly.body).toBe(200);
    } finally {
      await setCashflow('cashboxId', 1);
      await setCashflow('terminalCashboxId', 2);
    }
  });
});

/** The database's refusal of a statement (drizzle wraps it: the cause holds the server's message). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db().execute(statement);
  } catch (e) {
    return String((e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message);
  }
  return 'accepted';
}

describe('the ledger', () => {
  test('entries cannot be changed or deleted: corrections are reversals (decision 0009)', async () => {
    expect(await refusal(sql`update balance_entries set amount = amount + 1 where id = (select min(id) from balance_entries)`)).toMatch(/immutable/);
    expect(await refusal(sql`delete from balance_entries where id = (select min(id) from balance_entries)`)).toMatch(/immutable/);
    const ids = await parcels(customers[1]!, ['1.00']);
    expect((await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '1.70' })).statusCode).toBe(200);
    expect(await refusal(sql`delete from cash_register_entries where id = (select max(id) from cash_register_entries)`)).toMatch(/immutable/);
    expect(await refusal(sql`update cash_register_entries set balance_after = 0 where id = (select max(id) from cash_register_entries)`)).toMatch(/immutable/);
    expect(await findLedgerViolations(db())).toEqual([]);
  });
});

describe('GET /api/admin/cashboxes/balance (top bar)', () => {
  test("the user's own register with what it holds now; null without one", async () => {
    const own = await ctx.app.inject({ method: 'GET', url: '/api/admin/cashboxes/balance', headers: admin });
    expect(own.statusCode).toBe(200);
    // Flat, as clients read it (issue 14): cashbox_name, currency_id + currency_code, an exact decimal amount.
    expect(own.json().data).toMatchObject({ id: 1, cashbox_name: 'Gənclik kassası', amount: await registerBalance(1), currency_code: 'AZN', currency_id: expect.any(Number) });
    expect(own.json().data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const ids = await parcels(customers[4]!, ['1.00']);
    expect((await pay(admin, { declaration_id: ids.join(','), confirm: 1, cash: '1.70' })).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/admin/cashboxes/balance', headers: admin });
    expect((Number(after.json().data.amount) - Number(own.json().data.amount)).toFixed(2)).toBe('1.70');
    const none = await ctx.app.inject({ method: 'GET', url: '/api/admin/cashboxes/balance', headers: warehouseman });
    expect(none.json()).toEqual({ data: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/cashboxes/balance' })).statusCode).toBe(401);
  });
});

// PGlite runs one query at a time on one connection, so requests never overlap there: these need
// real concurrent transactions (TEST_DB=postgres, a pool of 4 connections).
describe.skipIf(TEST_DB !== 'postgres')('concurrency on PostgreSQL (skipped on PGlite: it runs one query at a time)', () => {
  test('two cashiers hand over the same parcel at the same moment: exactly one succeeds, the money is taken once', async () => {
    for (let round = 0; round < 5; round++) {
      const userId = customers[5]!;
      await setBalance(userId, '10.00');
      const ids = await parcels(userId, ['2.00']); // 3.40 AZN: 1.70 cash + 1.00 USD
      const cash0 = await registerBalance(1);
      const form = { declaration_id: ids.join(','), confirm: 1, cash: '1.70', use_balance: 1 };
      const replies = await Promise.all([pay(admin, form), pay(clerk, form)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const refused = replies.find((r) => r.statusCode === 422)!;
      expect(refused.json().errors.declaration_id).toEqual([az.declarationWorkflow.handoverNeedsStatus]);
      expect(await balanceOf(userId)).toBe('9.00');
      expect((Number(await registerBalance(1)) - Number(cash0)).toFixed(2)).toBe('1.70');
      const payments = await db().select().from(declarationPayments).where(sql`${declarationPayments.declarationIds} @> ${JSON.stringify(ids)}::jsonb`);
      expect(payments).toHaveLength(1);
      const ops = (await operationsOf(userId)).filter((o) => o.objectId === payments[0]!.id);
      expect(ops).toHaveLength(3);
      expect(await statusesOf(ids)).toEqual([10]);
    }
  }, 60_000);

  test('100 parallel payments on one balance leave it exact', async () => {
    const userId = customers[4]!;
    await setBalance(userId, '100.00');
    const ids = await parcels(userId, Array.from({ length: 100 }, () => '2.00')); // each 3.40 AZN: 1.70 cash + 1.00 USD
    const cash0 = await registerBalance(1);
    const opsBefore = (await operationsOf(userId)).length;
    const replies = await Promise.all(ids.map((id, i) =>
      pay(i % 2 ? admin : clerk, { declaration_id: id, confirm: 1, cash: '1.70', use_balance: 1 })));
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(await balanceOf(userId)).toBe('0.00');
    expect((Number(await registerBalance(1)) - Number(cash0)).toFixed(2)).toBe('170.00');
    const ops = (await operationsOf(userId)).slice(opsBefore);
    expect(ops).toHaveLength(300);
    // Each balance expense saw the balance the previous one left: 100.00, 99.00, …, 1.00 once each.
    const befores = ops.filter((o) => o.currency === 'USD').map((o) => Number(o.beforeBalance)).sort((a, b) => b - a);
    expect(befores).toEqual(Array.from({ length: 100 }, (_, i) => 100 - i));
    // The register's ledger is a chain too: every entry's balance before is distinct.
    const entries = await db().select({ before: cashRegisterEntries.balanceBefore }).from(cashRegisterEntries)
      .innerJoin(cashOperations, eq(cashOperations.id, cashRegisterEntries.operationId))
      .where(and(eq(cashRegisterEntries.cashRegisterId, 1), eq(cashOperations.customerId, userId)));
    expect(new Set(entries.map((e) => e.before)).size).toBe(entries.length);
    expect(await statusesOf(ids)).toEqual(ids.map(() => 10));
    expect(await findLedgerViolations(db())).toEqual([]);
  }, 120_000);
});
