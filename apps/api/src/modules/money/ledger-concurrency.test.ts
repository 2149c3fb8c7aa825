import { MONEY_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { balanceOperations, cashCategories, cashOperations, cashRegisters } from '../../db/schema/money';
import { currencies } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, TEST_DB, type TestContext } from '../../test/harness';
import { setBalanceThroughLedger } from '../../test/ledger';
import { findLedgerViolations } from './ledger';

/*
 * The ledger under concurrency (issue 17, decision 0009), on PostgreSQL with a pool of connections:
 * rounds of 200 operations drawn at random (cash-flow income, expense, transfer, cancel; balance
 * top-up, expense, cancel; handover payments) are all sent at once, through the HTTP API as clients
 * send them. Whatever interleaving the database chose, afterwards
 * - no call failed with anything but a refusal (422: not enough money, already cancelled);
 * - `findLedgerViolations` finds nothing: every balance is the sum of its entries and every entry's
 *   balance before is the running sum before it;
 * - recomputed from the documents alone, each register holds its initial amount plus its live
 *   operations, and each customer's balance is the sum of its confirmed operations;
 * - nothing is below zero.
 * PGlite runs one query at a time on one connection, so there is nothing to interleave there.
 */

let ctx: TestContext;
let admin: Record<string, string>;
const db = () => ctx.database.db;

/** A small deterministic generator (mulberry32), so a failing round can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPERATION_DATE = '2026-11-20 10:00:00';
let registerIds: number[] = [];
let smallRegister = 0;
let categoryId = 0;
let customers: number[] = [];
let usdRate = '1.70';
let seq = 0;

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  ctx = await startTestApp({ declarations: 40 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  const [category] = await db().insert(cashCategories).values({ name: 'Test xərcləri' }).returning({ id: cashCategories.id });
  categoryId = category!.id;
  // Registers: the demo's AZN cash (1), AZN terminal (2), USD (3), plus one more AZN register for transfers.
  const [azn] = await db().select({ id: currencies.id }).from(currencies).where(eq(currencies.currencyCode, 'AZN'));
  const [small] = await db().insert(cashRegisters).values({ name: 'Test kassası', currencyId: azn!.id, amount: '500.00', balance: '500.00' }).returning({ id: cashRegisters.id });
  smallRegister = small!.id;
  registerIds = (await db().select({ id: cashRegisters.id }).from(cashRegisters).where(isNull(cashRegisters.deletedAt))).map((r) => r.id);
  customers = (await db().select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(8)).map((r) => r.id);
  for (const id of customers) await setBalanceThroughLedger(db(), id, '40.00');
  const rate = await ctx.app.inject({ method: 'GET', url: '/api/client/cbar?currency=USD', headers: admin });
  if (rate.statusCode === 200) usdRate = String(rate.json().data);
}, 240_000);
afterAll(() => ctx?.close());

const amount = (r: () => number, max: number) => (Math.floor(r() * max * 100 + 1) / 100).toFixed(2);
const azn = (usd: string) => (Math.round(Number(usd) * Number(usdRate) * 100) / 100).toFixed(2);
const pick = <T,>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;

async function parcel(userId: number): Promise<number> {
  const [row] = await db().insert(declarations).values({
    trackCode: `AZ77${String(++seq).padStart(8, '0')}`, userId, countryId: 1, statusId: 9, branchId: 1, planCategoryId: 1,
    deliveryPrice: '2.00', weight: '1.00', price: '20.00', payed: false,
  }).returning({ id: declarations.id });
  return row!.id;
}

type Call = () => Promise<{ statusCode: number; body: string }>;

async function liveIds() {
  const cash = await db().select({ id: cashOperations.id }).from(cashOperations)
    .where(and(eq(cashOperations.statusId, TRANSACTION_STATUS.confirmed), inArray(cashOperations.reason, ['manual', 'transfer'])));
  const balance = await db().select({ id: balanceOperations.id }).from(balanceOperations)
    .where(and(eq(balanceOperations.statusId, TRANSACTION_STATUS.confirmed), inArray(balanceOperations.currency, ['USD', 'TRY']),
      // an order's payment or refund moves only with the order (the transactions list refuses it)
      sql`coalesce(${balanceOperations.objectModel}, '') not in ('order_payment', 'order_refund')`));
  return { cash: cash.map((r) => r.id), balance: balance.map((r) => r.id) };
}

/** One round's 200 calls, drawn from the seed; parcels for the handovers are made before. */
async function drawRound(seed: number): Promise<{ kinds: string[]; calls: Call[] }> {
  const r = prng(seed);
  const existing = await liveIds();
  const kinds: string[] = [];
  const calls: Call[] = [];
  for (let i = 0; i < 200; i++) {
    const x = r();
    // Most movements hit the small test register (500 AZN), so expenses and transfers race for its money.
    const register = r() < 0.6 ? smallRegister : pick(r, registerIds);
    const customer = pick(r, customers);
    if (x < 0.18) {
      kinds.push('cash_income');
      const f = { operation: 1, cashbox_id: register, amount: amount(r, 60), category_id: categoryId, operation_date: OPERATION_DATE, descr: `p${seed}-${i}` };
      calls.push(() => postForm(ctx.app, '/api/admin/cashbox_operations/create', admin, f));
    } else if (x < 0.34) {
      kinds.push('cash_expense');
      const f = { operation: 2, cashbox_id: register, amount: amount(r, 150), category_id: categoryId, operation_date: OPERATION_DATE, descr: `p${seed}-${i}` };
      calls.push(() => postForm(ctx.app, '/api/admin/cashbox_operations/create', admin, f));
    } else if (x < 0.46) {
      kinds.push('transfer');
      const target = pick(r, registerIds.filter((id) => id !== register));
      const value = amount(r, 120);
      const f = {
        operation: 1, cashbox_id: register, amount: value, category_id: categoryId, operation_date: OPERATION_DATE, descr: `p${seed}-${i}`,
        transfer_cashbox_id: target, transfer_amount: value, category_id_second: categoryId,
      };
      calls.push(() => postForm(ctx.app, '/api/admin/cashbox_operations/transfer', admin, f));
    } else if (x < 0.54 && existing.cash.length) {
      kinds.push('cash_cancel');
      const id = pick(r, existing.cash);
      calls.push(() => ctx.app.inject({ method: 'POST', url: `/api/admin/cashbox_operations/cancel?cashbox_operation_id=${id}`, headers: admin }));
    } else if (x < 0.68) {
      kinds.push('topup');
      const usd = amount(r, 30);
      const f = { user_id: customer, amount: usd, currency: 'USD', amount_azn: azn(usd), type: MONEY_TYPE.income, payment_type: pick(r, [1, 8]), descr: `p${seed}-${i}` };
      calls.push(() => postForm(ctx.app, '/api/admin/pay/balance', admin, f));
    } else if (x < 0.8) {
      kinds.push('balance_expense');
      const usd = amount(r, 40);
      const f = { user_id: customer, amount: usd, currency: 'USD', amount_azn: azn(usd), type: MONEY_TYPE.expense, payment_type: pick(r, [1, 5]), descr: `p${seed}-${i}` };
      calls.push(() => postForm(ctx.app, '/api/admin/pay/balance', admin, f));
    } else if (x < 0.88 && existing.balance.length) {
      kinds.push('balance_cancel');
      const id = pick(r, existing.balance);
      calls.push(() => ctx.app.inject({ method: 'POST', url: `/api/admin/pay/cancel?payment_id[]=${id}`, headers: admin }));
    } else {
      kinds.push('handover');
      const declarationId = await parcel(customer); // 2.00 USD = 3.40 AZN
      const f: Record<string, string | number> = r() < 0.5
        ? { declaration_id: declarationId, confirm: 1, cash: '1.70', use_balance: 1 }
        : { declaration_id: declarationId, confirm: 1, cash: '2.00', terminal: '1.40' };
      calls.push(() => postForm(ctx.app, '/api/admin/declaration/pay', admin, f));
    }
  }
  return { kinds, calls };
}

/** The balances recomputed from the documents alone (not from the entries). */
async function recomputedFromDocuments() {
  const registers = await db().execute<{ id: number; balance: string; expected: string }>(sql`
    select r.id, r.balance::text, (r.amount + coalesce((
      select sum(case when o.cash_register_id = r.id then (case when o.type = 1 then o.amount else -o.amount end) else 0 end
               + case when o.is_transfer and o.transfer_cash_register_id = r.id then coalesce(o.transfer_amount, o.amount) else 0 end)
      from cash_operations o where o.status_id = 18 and (o.cash_register_id = r.id or o.transfer_cash_register_id = r.id)), 0))::text as expected
    from cash_registers r`);
  const balances = await db().execute<{ id: number; balance: string; expected: string }>(sql`
    select u.id, u.balance_usd::text as balance, coalesce((select sum(case when o.type = 1 then o.amount else -o.amount end)
      from balance_operations o where o.user_id = u.id and o.currency = 'USD' and o.status_id = 18), 0)::text as expected
    from users u where u.id = any(${`{${customers.join(",")}}`}::int[])`);
  return { registers: registers.rows, balances: balances.rows };
}

describe.skipIf(TEST_DB !== 'postgres')('the ledger under 200 concurrent operations (PostgreSQL)', () => {
  test.each([1, 2, 3])('round with seed %i: every balance is the sum of its entries, refusals are refusals', async (seed) => {
    const { kinds, calls } = await drawRound(seed);
    const replies = await Promise.all(calls.map((call) => call()));
    if (process.env.LEDGER_DEBUG) console.log(JSON.stringify(Object.entries(kinds.reduce<Record<string, number[]>>((acc, k, i) => { (acc[`${k}:${replies[i]!.statusCode}`] ??= []).push(i); return acc; }, {})).map(([k, v]) => [k, v.length])));
    const unexpected = replies.map((res, i) => ({ kind: kinds[i], status: res.statusCode, body: res.body.slice(0, 300) }))
      .filter((x) => x.status !== 200 && x.status !== 422);
    expect(unexpected).toEqual([]);
    // Most calls do something: a round where everything was refused would prove nothing.
    expect(replies.filter((res) => res.statusCode === 200).length).toBeGreaterThan(100);
    for (const kind of ['cash_income', 'cash_expense', 'transfer', 'topup', 'balance_expense', 'handover']) {
      expect(replies.some((res, i) => kinds[i] === kind && res.statusCode === 200), kind).toBe(true);
    }
    // …and some were refused for want of money: the races this test is about happened.
    expect(replies.some((res) => res.statusCode === 422 && res.body.includes('not_enough_amount'))).toBe(true);
    expect(await findLedgerViolations(db())).toEqual([]);
    const { registers, balances } = await recomputedFromDocuments();
    expect(registers.filter((r) => Number(r.balance) !== Number(r.expected))).toEqual([]);
    expect(balances.filter((b) => Number(b.balance) !== Number(b.expected))).toEqual([]);
    expect(registers.filter((r) => Number(r.balance) < 0)).toEqual([]);
    expect(balances.filter((b) => Number(b.balance) < 0)).toEqual([]);
  }, 240_000);

});
