import { MODEL } from '@app/contract/models';
import { MONEY_OBJECT, MONEY_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { ORDER_DEBT_STATUS } from '@app/contract/orders';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { balanceOperations } from '../../../db/schema/money';
import { orderDebts, orders } from '../../../db/schema/orders';
import { statusHistory } from '../../../db/schema/platform';
import { users } from '../../../db/schema/users';

/* SQL of the orders' money and statuses (issue 18, part B): payment, debt lines, refunds, status changes. */

export type LockedOrder = typeof orders.$inferSelect;

const idArray = (ids: readonly number[]) => sql.param(`{${ids.join(',')}}`);

/** The (not deleted) orders, locked in ascending id (every orders writer locks orders before customers). */
export function lockOrders(tx: DbOrTx, ids: readonly number[]): Promise<LockedOrder[]> {
  if (!ids.length) return Promise.resolve([]);
  return tx.select().from(orders).where(and(inArray(orders.id, [...ids]), isNull(orders.deletedAt))).orderBy(asc(orders.id)).for('update');
}

/**
 * The customers' user rows, locked in ascending id before any balance entry of a batch: the ledger
 * locks one customer per operation, so a batch over several customers takes them all first, in the
 * ledger's order (decision 0009), and two batches queue instead of deadlocking.
 */
export async function lockCustomers(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length) await tx.select({ id: users.id }).from(users).where(inArray(users.id, sorted)).orderBy(asc(users.id)).for('update');
}

export async function markOrderPaid(tx: DbOrTx, id: number, amount: string, userId: number): Promise<void> {
  await tx.update(orders).set({ payed: true, paidAmount: amount, paidAt: sql`now()`, executiveId: userId, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

export async function touchOrder(tx: DbOrTx, id: number, userId: number): Promise<void> {
  await tx.update(orders).set({ executiveId: userId, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

/** The open lines that owe money (positive difference), locked. */
export function findOpenDebtLines(tx: DbOrTx, orderId: number) {
  return tx.select({ id: orderDebts.id, amountDifference: orderDebts.amountDifference }).from(orderDebts)
    .where(and(eq(orderDebts.orderId, orderId), eq(orderDebts.status, ORDER_DEBT_STATUS.open), gt(orderDebts.amountDifference, '0')))
    .orderBy(asc(orderDebts.id)).for('update');
}

export async function insertDebtLine(tx: DbOrTx, row: typeof orderDebts.$inferInsert): Promise<number> {
  const [created] = await tx.insert(orderDebts).values(row).returning({ id: orderDebts.id });
  return created!.id;
}

/** Lines paid from or refunded to the balance by one balance operation. */
export async function settleDebtLines(tx: DbOrTx, ids: readonly number[], balanceOperationId: number): Promise<void> {
  if (!ids.length) return;
  await tx.update(orderDebts).set({ status: ORDER_DEBT_STATUS.settled, balanceOperationId, settledAt: sql`now()` })
    .where(inArray(orderDebts.id, [...ids]));
}

/** A refunded order owes nothing more: its open lines are cancelled. */
export async function cancelOpenDebtLines(tx: DbOrTx, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.update(orderDebts).set({ status: ORDER_DEBT_STATUS.cancelled, settledAt: sql`now()` })
    .where(and(inArray(orderDebts.orderId, [...orderIds]), eq(orderDebts.status, ORDER_DEBT_STATUS.open)));
}

export async function markOrdersReturned(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.update(orders).set({ returned: true, updatedAt: sql`now()` }).where(inArray(orders.id, [...ids]));
}

/**
 * What each order has taken from its customer's balance and not given back, read from the ledger's
 * documents (confirmed payments − confirmed refunds of the order): a payment cancelled in the
 * transactions list has already gone back and is not refunded twice.
 */
export async function sumTakenByOrders(tx: DbOrTx, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await tx.select({
    orderId: balanceOperations.objectId,
    taken: sql<string>`sum(case when ${balanceOperations.type} = ${MONEY_TYPE.expense} then ${balanceOperations.amount} else -${balanceOperations.amount} end)::text`,
  }).from(balanceOperations)
    .where(and(
      inArray(balanceOperations.objectModel, [MONEY_OBJECT.orderPayment, MONEY_OBJECT.orderRefund]),
      inArray(balanceOperations.objectId, [...orderIds]),
      eq(balanceOperations.statusId, TRANSACTION_STATUS.confirmed),
    ))
    .groupBy(balanceOperations.objectId);
  return new Map(rows.map((r) => [Number(r.orderId), r.taken]));
}

/**
 * The new status for every order of `ids` and one status_history row each (model 1, from, to,
 * user, note), in one statement; `clientDescr` (the reason of a reject or cancel) is kept on the
 * order when given.
 */
export async function setOrderStatuses(tx: DbOrTx, ids: readonly number[], q: { toState: number; userId: number; note: string | null; clientDescr?: string | null }): Promise<void> {
  if (!ids.length) return;
  const setDescr = q.clientDescr !== undefined && q.clientDescr !== null ? sql`, client_descr = ${q.clientDescr}` : sql``;
  await tx.execute(sql`
    with changed as (
      update ${orders} set status_id = ${q.toState}, executive_id = ${q.userId}, updated_at = now() ${setDescr}
      from (select id, status_id as from_state from ${orders} where id = any(${idArray(ids)}::int[])) prev
      where ${orders.id} = prev.id
      returning prev.id, prev.from_state
    )
    insert into ${statusHistory} (model_id, object_id, from_state_id, state_id, user_id, note)
    select ${MODEL.orders}, id, from_state, ${q.toState}, ${q.userId}, ${q.note} from changed`);
}

/**
 * The balance operations (documents) of a batch of refunds, in one INSERT; their ledger entries are
 * posted by money/service postBalanceEntries in one call, then `before_balance` is set from them
 * (what recordBalanceOperation does one by one: a bulk reject of thousands of paid orders).
 */
export async function insertOrderOperations(tx: DbOrTx, rows: (typeof balanceOperations.$inferInsert)[]): Promise<Map<number, number>> {
  if (!rows.length) return new Map();
  const written = await tx.insert(balanceOperations).values(rows).returning({ id: balanceOperations.id, orderId: balanceOperations.objectId });
  return new Map(written.map((r) => [Number(r.orderId), r.id]));
}

export async function setOperationsBefore(tx: DbOrTx, befores: readonly { id: number; before: string }[]): Promise<void> {
  if (!befores.length) return;
  await tx.execute(sql`
    update ${balanceOperations} set before_balance = v.before
    from (select unnest(${sql.param(`{${befores.map((b) => b.id).join(',')}}`)}::bigint[]) as id,
                 unnest(${sql.param(`{${befores.map((b) => b.before).join(',')}}`)}::numeric[]) as before) v
    where ${balanceOperations.id} = v.id`);
}
