import type { HandoverDetails } from '@app/contract/declaration-workflow';
import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarationPayments } from '../../../db/schema/declaration-workflow';
import { handoverTasks } from '../../../db/schema/handover';
import { declarations } from '../../../db/schema/declarations';
import { auditLog, statusHistory } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';
import { grantPermissions } from '../../../db/seed/demo-seed';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>; // back office: declarations_handover, not bulkdeclarationhandover
let noHandover: Record<string, string>; // a warehouseman stripped of declarations_handover
let customers: number[];
let seq = 0;
const WT = az.declarationWorkflow;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 100 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  clerk = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  const [orxan] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'orxan.babayev@example.az'));
  await grantPermissions(ctx.database.db, orxan!.id, ['stat', 'containers']);
  noHandover = bearer((await logInAs(ctx.app, 'orxan.babayev@example.az')).access_token);
  customers = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(3)).map((r) => r.id);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const pay = (headers: Record<string, string>, fields: Record<string, string | number>) => postForm(ctx.app, '/api/admin/declaration/pay', headers, fields);

/** Parcels of one customer at a status with these delivery prices (USD). */
async function parcels(userId: number, prices: string[], statusId = 9, payed = false): Promise<number[]> {
  const rows = await db().insert(declarations).values(prices.map((p) => ({
    trackCode: `AZ39${String(++seq).padStart(8, '0')}`, userId, countryId: 1, statusId, branchId: 1, planCategoryId: 1, deliveryPrice: p, weight: '1.00', price: '20.00', payed,
  }))).returning({ id: declarations.id });
  return rows.map((r) => r.id);
}
const setBalance = (userId: number, usd: string) => db().update(users).set({ balanceUsd: usd }).where(eq(users.id, userId));
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceUsd }).from(users).where(eq(users.id, userId)))[0]!.b;
const statusesOf = async (ids: number[]) => { const rows = await db().select({ id: declarations.id, s: declarations.statusId }).from(declarations).where(inArray(declarations.id, ids)); return ids.map((id) => rows.find((r) => r.id === id)?.s); };
// Newest first: the demo's handed-over parcels have their own payment rows (handover history).
const paymentsOf = async (userId: number) => db().select().from(declarationPayments).where(eq(declarationPayments.userId, userId)).orderBy(desc(declarationPayments.id));

describe('handover details (confirm=0)', () => {
  test('debt in USD and AZN (× 1.7, exact cents), balances and package prices from settings', async () => {
    const ids = await parcels(customers[0]!, ['10.00', '5.55']);
    const [paid] = await parcels(customers[0]!, ['4.00'], 9, true);
    await setBalance(customers[0]!, '3.00');
    const res = await pay(clerk, { declaration_id: [...ids, paid!].join(','), confirm: 0 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as HandoverDetails;
    expect(data.user.id).toBe(customers[0]);
    expect(data.deliveryCredit).toEqual({ usd: '15.55', azn: '26.44' }); // 15.55 × 1.7 = 26.435 → 26.44; the paid one is not debt
    expect(data.balance.usd).toBe('3.00');
    expect(data.packagePrices).toEqual({ small: '0.50', medium: '1.00', big: '2.00' });
    expect(await statusesOf(ids)).toEqual([9, 9]);
  });
});

describe('hand over (confirm=1)', () => {
  test('cash covering the debt: status 10, paid, delivered_at, history, audit and a payment row', async () => {
    const userId = customers[1]!;
    const ids = await parcels(userId, ['10.00', '5.55']);
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '30', small_package: 2, big_package: 1 });
    expect(res.statusCode).toBe(200);
    // 26.44 + 2 × 0.50 + 1 × 2.00 = 29.44 due; 30 received → 0.56 back
    expect(res.json().data).toMatchObject({ count: 2, refund: '0.56', balance_used_usd: '0.00' });
    const rows = await db().select().from(declarations).where(inArray(declarations.id, ids));
    expect(rows.every((r) => r.statusId === 10 && r.payed && r.deliveredAt !== null)).toBe(true);
    const history = await db().select().from(statusHistory).where(and(eq(statusHistory.modelId, MODEL.declarations), inArray(statusHistory.objectId, ids)));
    expect(history.map((h) => [h.fromStateId, h.stateId])).toEqual([[9, 10], [9, 10]]);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'declaration.handover'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits).toHaveLength(2);
    const [payment] = await paymentsOf(userId);
    expect(payment).toMatchObject({ debtUsd: '15.55', debtAzn: '26.44', packageAzn: '3.00', totalAzn: '29.44', cashAzn: '30.00', smallPackage: 2, bigPackage: 1 });
    expect(payment!.declarationIds).toEqual(ids);
  });

  test('the balance covers what cash and terminal do not, deducted exactly', async () => {
    const userId = customers[2]!;
    await setBalance(userId, '10.00');
    const ids = await parcels(userId, ['8.00']); // 13.60 AZN
    const res = await pay(clerk, { declaration_id: ids[0]!, confirm: 1, cash: '5', terminal: '3.40', use_balance: 1 });
    expect(res.statusCode).toBe(200);
    // 13.60 − 8.40 = 5.20 AZN → 3.06 USD (rounded up to cover it)
    expect(res.json().data.balance_used_usd).toBe('3.06');
    expect(await balanceOf(userId)).toBe('6.94');
  });

  test('within the 0.2 tolerance passes; beyond it is refused with the message and nothing changes', async () => {
    const userId = customers[0]!;
    await setBalance(userId, '0.00');
    const [a] = await parcels(userId, ['10.00']); // 17.00 AZN
    const refused = await pay(clerk, { declaration_id: a!, confirm: 1, cash: '16.79' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.cash).toEqual([WT.notEnoughBalance]);
    expect(await statusesOf([a!])).toEqual([9]);
    const before = (await paymentsOf(userId)).length;
    const ok = await pay(clerk, { declaration_id: a!, confirm: 1, cash: '16.80' });
    expect(ok.statusCode).toBe(200);
    expect(await statusesOf([a!])).toEqual([10]);
    expect((await paymentsOf(userId)).length).toBe(before + 1);
  });

  test('not enough balance with use_balance: refused, the balance untouched', async () => {
    const userId = customers[1]!;
    await setBalance(userId, '1.00');
    const [a] = await parcels(userId, ['10.00']);
    const res = await pay(clerk, { declaration_id: a!, confirm: 1, cash: '5', use_balance: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(WT.notEnoughBalance);
    expect(await balanceOf(userId)).toBe('1.00');
    expect(await statusesOf([a!])).toEqual([9]);
  });

  test('terminal above the total is refused', async () => {
    const [a] = await parcels(customers[1]!, ['1.00']);
    const res = await pay(clerk, { declaration_id: a!, confirm: 1, terminal: '5' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.terminal).toEqual([WT.terminalOverTotal]);
  });

  test('a declaration not at status 9 is refused, and none of the list changes', async () => {
    const [ready] = await parcels(customers[0]!, ['1.00']);
    const [early] = await parcels(customers[0]!, ['1.00'], 8);
    const res = await pay(clerk, { declaration_id: `${ready},${early}`, confirm: 1, cash: '10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.declaration_id).toEqual([WT.handoverNeedsStatus]);
    expect(await statusesOf([ready!, early!])).toEqual([9, 8]);
    const handedOver = await parcels(customers[0]!, ['1.00'], 10, true);
    expect((await pay(clerk, { declaration_id: handedOver[0]!, confirm: 0 })).statusCode).toBe(422);
  });

  test('declarations of two customers are refused', async () => {
    const [a] = await parcels(customers[0]!, ['1.00']);
    const [b] = await parcels(customers[1]!, ['1.00']);
    const res = await pay(clerk, { declaration_id: `${a},${b}`, confirm: 1, cash: '10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.declaration_id).toEqual([WT.handoverOneCustomer]);
    expect(await statusesOf([a!, b!])).toEqual([9, 9]);
  });

  test('without declarations_handover: 403 and nothing changes', async () => {
    const [a] = await parcels(customers[0]!, ['1.00']);
    expect((await pay(noHandover, { declaration_id: a!, confirm: 1, cash: '10' })).statusCode).toBe(403);
    expect((await pay(noHandover, { declaration_id: a!, confirm: 0 })).statusCode).toBe(403);
    expect(await statusesOf([a!])).toEqual([9]);
  });

  test('bad input: 422 with field errors (no ids, wrong amounts, package count over 20), unknown id 404', async () => {
    const [a] = await parcels(customers[0]!, ['1.00']);
    expect((await pay(clerk, { confirm: 1 })).json().errors).toHaveProperty('declaration_id');
    expect((await pay(clerk, { declaration_id: a!, confirm: 1, cash: 'abc' })).statusCode).toBe(422);
    expect((await pay(clerk, { declaration_id: a!, confirm: 1, cash: '-5' })).statusCode).toBe(422);
    const packages = await pay(clerk, { declaration_id: a!, confirm: 1, cash: '100', big_package: 21 });
    expect(packages.statusCode).toBe(422);
    expect(packages.json().errors).toHaveProperty('big_package');
    expect((await pay(clerk, { declaration_id: 99999999, confirm: 0 })).statusCode).toBe(404);
    expect(await statusesOf([a!])).toEqual([9]);
  });
});

describe('bulk handover', () => {
  test('needs bulkdeclarationhandover; hands over only paid parcels at 9 of the given tariff', async () => {
    const [paidOne] = await parcels(customers[2]!, ['2.00'], 9, true);
    const [unpaid] = await parcels(customers[2]!, ['2.00'], 9, false);
    expect((await postForm(ctx.app, '/api/admin/declaration/handover', clerk, { statusId: 9 })).statusCode).toBe(403);
    expect((await postForm(ctx.app, '/api/admin/declaration/handover', admin, { statusId: 7 })).statusCode).toBe(422);
    const res = await postForm(ctx.app, '/api/admin/declaration/handover', admin, { statusId: 9, planTypeId: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBeGreaterThanOrEqual(1);
    expect(await statusesOf([paidOne!, unpaid!])).toEqual([10, 9]);
    const [h] = await db().select({ n: sql<number>`count(*)::int` }).from(statusHistory).where(and(eq(statusHistory.objectId, paidOne!), eq(statusHistory.stateId, 10)));
    expect(h!.n).toBe(1);
  });
});

describe('handover from the queue (warehouse preparation)', () => {
  test("sending to preparation queues the customer (41); paying with handover_task closes the entry (43) in the same transaction", async () => {
    const ids = await parcels(customers[2]!, ['2.00']);
    const queued = await postForm(ctx.app, '/api/admin/handover/create', clerk, { declaration_id: ids.join(',') });
    expect(queued.statusCode, queued.body).toBe(200);
    const taskId = queued.json().data.handover_task_id as number;
    const [waiting] = await db().select({ s: handoverTasks.statusId }).from(handoverTasks).where(eq(handoverTasks.id, taskId));
    expect(waiting!.s).toBe(41);
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '3.40', handover_task: taskId });
    expect(res.statusCode, res.body).toBe(200);
    const [done] = await db().select({ s: handoverTasks.statusId }).from(handoverTasks).where(eq(handoverTasks.id, taskId));
    expect(done!.s).toBe(43);
    expect(await statusesOf(ids)).toEqual([10]);
  });

  test('a refused payment leaves the queue entry open', async () => {
    const ids = await parcels(customers[2]!, ['20.00']);
    const queued = await postForm(ctx.app, '/api/admin/handover/create', clerk, { declaration_id: ids.join(',') });
    const taskId = queued.json().data.handover_task_id as number;
    const res = await pay(clerk, { declaration_id: ids.join(','), confirm: 1, cash: '1.00', handover_task: taskId });
    expect(res.statusCode).toBe(422);
    const [still] = await db().select({ s: handoverTasks.statusId }).from(handoverTasks).where(eq(handoverTasks.id, taskId));
    expect(still!.s).toBe(41);
    expect(await statusesOf(ids)).toEqual([9]);
  });
});
