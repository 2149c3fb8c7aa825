import { aznFromAmount } from '@app/contract/transactions';
import { compareAmount, multiplyAmount, subtractAmounts, sumAmounts } from '@app/contract/declaration-workflow';
import { MONEY_OBJECT, MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import {
  ORDER_BULK_STATE_MAX, ORDER_DEBT_STATUS, ORDER_REFUND_STATUSES, ORDER_STATUS, ORDER_TRANSITIONS, orderAmountDue, orderTransitionProblem,
  type OrderBulkRejectQuery, type OrderBulkStateQuery, type OrderDebtParam, type OrderStateQuery, type OrderStateReply,
} from '@app/contract/orders';
import { fill } from '@app/contract/texts/az';
import { azOrdersMoney as t } from '@app/contract/texts/az-orders';
import type { Db, DbOrTx } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { AppError, invalid, notFound } from '../../../platform/errors';
import { readCbarRate } from '../../currencies/service';
import { negate, postBalanceEntries, recordBalanceOperation, type BalanceCurrency } from '../../money/service';
import {
  cancelOpenDebtLines, findOpenDebtLines, insertDebtLine, insertOrderOperations, lockCustomers, lockOrders, markOrderPaid, markOrdersReturned,
  setOperationsBefore, setOrderStatuses, settleDebtLines, sumTakenByOrders, touchOrder, type LockedOrder,
} from './queries';

/*
 * Orders: payment from the balance, debt lines, status changes and refunds (issue 18 part B;
 * orders-shared rules; spec §4, §9 "refund display adds 5% of order value"). Money moves only
 * through the ledger (money/service: recordBalanceOperation), in the same transaction as the order's
 * change and its status_history rows. Lock order: orders (ascending id), then the customers' user
 * rows (ascending id, as the ledger wants them).
 */

export type { LockedOrder } from './queries';

const isPositive = (amount: string) => compareAmount(amount, '0') > 0;
const stateName = (id: number) => t.stateNames[id] ?? String(id);

/** The day's rates read once per call (a bulk refund writes many operations in one or two currencies). */
type RateCache = Map<string, Promise<string | null>>;
async function readRate(db: DbOrTx, currency: string): Promise<string | null> {
  try {
    return String((await readCbarRate(db as Db, currency)).data);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
/** The AZN value of an amount at the day's rate (0 without a rate: the ledger moves USD/TRY; the AZN column is informative). */
async function aznOf(db: DbOrTx, rates: RateCache, amount: string, currency: string): Promise<string> {
  if (!rates.has(currency)) rates.set(currency, readRate(db, currency));
  const rate = await rates.get(currency)!;
  return (rate && aznFromAmount(amount, rate)) || '0';
}

interface OrderMoneyMove {
  order: Pick<LockedOrder, 'id' | 'userId' | 'currency'>;
  type: number;
  paymentType: number;
  objectModel: string;
  amount: string;
  description: string;
}

/** One confirmed balance operation of an order through the ledger (a payment below the balance is refused: 422 not_enough_amount). */
async function moveOrderMoney(tx: DbOrTx, user: RequestUser, move: OrderMoneyMove, rates: RateCache = new Map()): Promise<number> {
  const written = await recordBalanceOperation(tx, {
    userId: move.order.userId, type: move.type, paymentType: move.paymentType, statusId: TRANSACTION_STATUS.confirmed,
    currency: move.order.currency, amount: move.amount, amountAzn: await aznOf(tx, rates, move.amount, move.order.currency),
    objectModel: move.objectModel, objectId: move.order.id, description: move.description, createdBy: user.id, confirmedBy: user.id,
  });
  return written.id;
}

/** 404 naming the missing (or deleted) orders, as the core's calls answer a missing order. */
const orderNotFound = (ids: readonly number[]) => {
  const texts = ids.slice(0, 10).map((id) => fill(t.orderNotFound, { ID: id }));
  return notFound('order_id', texts.join('. '));
};
const isClosed = (o: LockedOrder) => ORDER_REFUND_STATUSES.includes(o.statusId);

// ---------------------------------------------------------------- pay (POST orders/pay)

export interface OrderPayment {
  orderId: number;
  /** What this call took from the balance. */
  charged: string;
  balanceOperationId: number;
  /** The order's first payment (false: its open debt lines were paid). */
  isFirstPayment: boolean;
}

/**
 * POST /api/admin/orders/pay: an unpaid order is paid in full (price × quantity + cargo, plus the
 * service percent) from the customer's balance in the order's currency; a paid one pays its open
 * debt lines (each settled with the operation's id). Nothing to pay, a rejected or cancelled order,
 * or a short balance: 422 and nothing changes.
 */
export async function payOrder(db: Db, user: RequestUser, orderId: number): Promise<OrderPayment> {
  return db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [orderId]);
    if (!order) throw orderNotFound([orderId]);
    if (isClosed(order) || order.returned) throw invalid({ order_id: [fill(t.closedOrder, { ID: order.id })] });
    await lockCustomers(tx, [order.userId]);
    if (!order.payed) {
      const amount = orderAmountDue({ price: order.price, quantity: order.quantity, cargo_price: order.cargoPrice, service_percent: order.servicePercent });
      const operationId = await moveOrderMoney(tx, user, {
        order, type: MONEY_TYPE.expense, paymentType: PAYMENT_TYPE.office, objectModel: MONEY_OBJECT.orderPayment, amount,
        description: fill(t.payDescription, { ID: order.id }),
      });
      await markOrderPaid(tx, order.id, amount, user.id);
      await recordAudit(tx, { userId: user.id, action: 'orders.pay', entity: 'order', entityId: order.id, changes: { amount, currency: order.currency, balance_operation_id: operationId } });
      return { orderId: order.id, charged: amount, balanceOperationId: operationId, isFirstPayment: true };
    }
    const open = await findOpenDebtLines(tx, order.id);
    const amount = sumAmounts(open.map((l) => l.amountDifference));
    if (!open.length || !isPositive(amount)) throw invalid({ order_id: [t.alreadyPaid] });
    const operationId = await moveOrderMoney(tx, user, {
      order, type: MONEY_TYPE.expense, paymentType: PAYMENT_TYPE.office, objectModel: MONEY_OBJECT.orderPayment, amount,
      description: fill(t.debtPayDescription, { ID: order.id }),
    });
    await settleDebtLines(tx, open.map((l) => l.id), operationId);
    await touchOrder(tx, order.id, user.id);
    await recordAudit(tx, {
      userId: user.id, action: 'orders.pay_debts', entity: 'order', entityId: order.id,
      changes: { amount, currency: order.currency, balance_operation_id: operationId, debt_ids: open.map((l) => l.id) },
    });
    return { orderId: order.id, charged: amount, balanceOperationId: operationId, isFirstPayment: false };
  });
}

// ---------------------------------------------------------------- price changes of a paid order (called by the order's edit)

export interface OrderPricing { price: string; quantity: number; cargoPrice: string }
export interface OrderDebtLineWritten { id: number; param: OrderDebtParam; difference: string; balanceOperationId: number | null }

/**
 * A change of price, quantity or cargo_price on a paid order, inside the edit's transaction (the
 * order row locked by the caller, `before` read under that lock): one `order_debts` line per
 * parameter that changed what the customer owes — 'price' (price × quantity), then 'cargo_price' —
 * with the difference including the service percent. The differences telescope over the rounded
 * amount due (old → new price → new cargo), so paid + lines always equals the new amount due to the
 * cent. A positive difference is an open debt (paid with orders/pay); a negative one goes back to
 * the balance at once (income, refund, 'order_refund') and its line is settled. An unpaid or
 * refunded order writes nothing (its amount due is simply recomputed when paid). paid_amount never
 * changes.
 */
export async function recordOrderPriceChange(tx: DbOrTx, user: RequestUser, before: LockedOrder, after: OrderPricing): Promise<OrderDebtLineWritten[]> {
  if (!before.payed || before.returned || isClosed(before)) return [];
  const percent = before.servicePercent;
  const due = (s: OrderPricing) => orderAmountDue({ price: s.price, quantity: s.quantity, cargo_price: s.cargoPrice, service_percent: percent });
  const s0: OrderPricing = { price: before.price, quantity: before.quantity, cargoPrice: before.cargoPrice };
  const s1: OrderPricing = { ...s0, price: after.price, quantity: after.quantity };
  const s2: OrderPricing = { ...s1, cargoPrice: after.cargoPrice };
  const lines = [
    {
      param: 'price' as const, difference: subtractAmounts(due(s1), due(s0)),
      previous: multiplyAmount(s0.price, s0.quantity), current: multiplyAmount(s1.price, s1.quantity),
      description: fill(t.priceLine, { FROM_PRICE: s0.price, FROM_QTY: s0.quantity, TO_PRICE: s1.price, TO_QTY: s1.quantity }),
    },
    {
      param: 'cargo_price' as const, difference: subtractAmounts(due(s2), due(s1)),
      previous: sumAmounts([s1.cargoPrice]), current: sumAmounts([s2.cargoPrice]),
      description: fill(t.cargoLine, { FROM: sumAmounts([s1.cargoPrice]), TO: sumAmounts([s2.cargoPrice]) }),
    },
  ].filter((l) => compareAmount(l.difference, '0') !== 0);
  if (!lines.length) return [];
  if (lines.some((l) => !isPositive(l.difference))) await lockCustomers(tx, [before.userId]);
  const written: OrderDebtLineWritten[] = [];
  for (const line of lines) {
    const id = await insertDebtLine(tx, {
      orderId: before.id, param: line.param, amountPrevious: line.previous, amountCurrent: line.current, amountDifference: line.difference,
      status: ORDER_DEBT_STATUS.open, description: line.description, createdBy: user.id,
    });
    let balanceOperationId: number | null = null;
    if (!isPositive(line.difference)) {
      balanceOperationId = await moveOrderMoney(tx, user, {
        order: before, type: MONEY_TYPE.income, paymentType: PAYMENT_TYPE.refund, objectModel: MONEY_OBJECT.orderRefund,
        amount: negate(line.difference), description: fill(t.priceChangeRefundDescription, { ID: before.id }),
      });
      await settleDebtLines(tx, [id], balanceOperationId);
    }
    written.push({ id, param: line.param, difference: line.difference, balanceOperationId });
  }
  await recordAudit(tx, { userId: user.id, action: 'orders.price_change', entity: 'order', entityId: before.id, changes: { before: s0, after: s2, lines: written } });
  return written;
}

// ---------------------------------------------------------------- refunds (reject, cancel, delete)

/**
 * Gives back to the balance everything the orders took and did not give back yet (payment +
 * debt payments − refunds, the service percent included: spec §9), one income (payment type 6
 * refund, 'order_refund') per order through the ledger; sets `return` = 1 on the paid ones and
 * cancels their open debt lines. The orders must be locked (lockOrders) in the caller's
 * transaction; the customers are locked here in ascending id. Returns the orders refunded.
 */
async function refundLockedOrders(tx: DbOrTx, user: RequestUser, locked: readonly LockedOrder[], toState: number): Promise<number[]> {
  const paid = locked.filter((o) => o.payed && !o.returned);
  if (!paid.length) return [];
  const taken = await sumTakenByOrders(tx, paid.map((o) => o.id));
  const refunds = paid.map((o) => ({ order: o, amount: taken.get(o.id) ?? '0' })).filter((r) => isPositive(r.amount));
  await lockCustomers(tx, refunds.map((r) => r.order.userId));
  // One document per order, all entries in one ledger call (the customers are locked already, in id order).
  const rates: RateCache = new Map();
  const rows = [];
  for (const r of refunds) {
    rows.push({
      userId: r.order.userId, type: MONEY_TYPE.income, paymentType: PAYMENT_TYPE.refund, statusId: TRANSACTION_STATUS.confirmed,
      currency: r.order.currency, amount: r.amount, amountAzn: await aznOf(tx, rates, r.amount, r.order.currency),
      objectModel: MONEY_OBJECT.orderRefund, objectId: r.order.id, description: fill(t.refundDescription, { ID: r.order.id, STATE: stateName(toState) }),
      createdBy: user.id, confirmedBy: user.id,
    });
  }
  const operationIds = await insertOrderOperations(tx, rows);
  const entries = refunds.map((r) => ({
    userId: r.order.userId, currency: r.order.currency as BalanceCurrency, amount: r.amount, operationId: operationIds.get(r.order.id)!,
    kind: 'post' as const, createdBy: user.id,
  }));
  const posted = await postBalanceEntries(tx, entries);
  await setOperationsBefore(tx, entries.map((e, i) => ({ id: e.operationId, before: posted[i]!.before })));
  const operations = Object.fromEntries(refunds.map((r) => [r.order.id, { amount: r.amount, balance_operation_id: operationIds.get(r.order.id)! }]));
  const ids = paid.map((o) => o.id);
  await markOrdersReturned(tx, ids);
  await cancelOpenDebtLines(tx, ids);
  if (refunds.length) await recordAudit(tx, { userId: user.id, action: 'orders.refund', entity: 'order', entityId: refunds[0]!.order.id, changes: { state_id: toState, refunds: operations } });
  return refunds.map((r) => r.order.id);
}

/**
 * For the order's delete (orders/cancel), inside its transaction: locks the orders and refunds
 * them as a cancel would (everything taken goes back, `return` = 1, open debt lines cancelled).
 * Returns the ids whose money went back.
 */
export async function refundOrder(tx: DbOrTx, user: RequestUser, orderIds: readonly number[], _reason?: string | null): Promise<number[]> {
  const locked = await lockOrders(tx, [...new Set(orderIds)].sort((a, b) => a - b));
  return refundLockedOrders(tx, user, locked, ORDER_STATUS.cancelled);
}

// ---------------------------------------------------------------- status changes

const PROBLEMS_SHOWN = 10;

/**
 * Gives the locked orders the status, all or nothing (orders-shared; ORDER_TRANSITIONS): an order
 * already at it is skipped; a transition the table does not allow, or 8/9/10 on an unpaid order,
 * refuses the whole call (422 naming the orders); 4 needs the reason. 4 and 32 refund the paid
 * orders first; then every order changes and gets its status_history row (one statement).
 */
async function applyOrderStatus(
  tx: DbOrTx, user: RequestUser, locked: readonly LockedOrder[], toState: number, reason: string | null, fields: { state: string; reason: string },
): Promise<OrderStateReply['data']> {
  if (!(String(toState) in ORDER_TRANSITIONS)) throw invalid({ [fields.state]: [t.unknownState] });
  if (toState === ORDER_STATUS.rejected && !reason) throw invalid({ [fields.reason]: [t.reasonRequired] });
  const problems: string[] = [];
  const skipped: number[] = [];
  const changing: LockedOrder[] = [];
  for (const o of locked) {
    const problem = orderTransitionProblem(o.statusId, toState, o.payed && !o.returned);
    if (problem === 'same') skipped.push(o.id);
    else if (problem === 'needsPayment') problems.push(fill(t.needsPayment, { ID: o.id, TO: stateName(toState) }));
    else if (problem) problems.push(fill(t.transitionNotAllowed, { ID: o.id, FROM: stateName(o.statusId), TO: stateName(toState) }));
    else changing.push(o);
  }
  if (problems.length) {
    const shown = problems.slice(0, PROBLEMS_SHOWN);
    if (problems.length > PROBLEMS_SHOWN) shown.push(fill(t.moreProblems, { COUNT: problems.length - PROBLEMS_SHOWN }));
    throw invalid({ order_id: shown });
  }
  const refunded = ORDER_REFUND_STATUSES.includes(toState) ? await refundLockedOrders(tx, user, changing, toState) : [];
  const ids = changing.map((o) => o.id);
  await setOrderStatuses(tx, ids, { toState, userId: user.id, note: reason, clientDescr: ORDER_REFUND_STATUSES.includes(toState) ? reason : null });
  if (ids.length) {
    await recordAudit(tx, {
      userId: user.id, action: 'orders.change_status', entity: 'order', entityId: ids[0]!,
      changes: { ids: ids.length > 100 ? { count: ids.length, first: ids.slice(0, 100) } : ids, state_id: toState, reason, refunded },
    });
  }
  return { ids, skipped, refunded };
}

const replyOf = (data: OrderStateReply['data'], toState: number): OrderStateReply =>
  ({ message: toState === ORDER_STATUS.rejected ? t.rejected : t.statusChanged, data });

/** POST /api/admin/orders/edit/state?order_id=1,2&state_id=&client_descr= (also orders/{id}/reject with state 4): one or many, all or nothing. */
export async function changeOrderStatus(db: Db, user: RequestUser, query: OrderStateQuery): Promise<OrderStateReply> {
  const ids = [...new Set(query.order_id)].sort((a, b) => a - b);
  const data = await db.transaction(async (tx) => {
    const locked = await lockOrders(tx, ids);
    const missing = ids.filter((id) => !locked.some((o) => o.id === id));
    if (missing.length) throw orderNotFound(missing);
    return applyOrderStatus(tx, user, locked, query.state_id, query.client_descr ?? null, { state: 'state_id', reason: 'client_descr' });
  });
  return replyOf(data, query.state_id);
}

/** Finds (and locks, ascending id) the ids of the orders the list filters match: at most `limit`. */
export type OrderFilterLocker = (tx: DbOrTx, filters: OrderBulkStateQuery | OrderBulkRejectQuery, limit: number) => Promise<number[]>;

/**
 * POST /api/admin/v2/orders/edit/state: every order the list's filters match (A's list WHERE), at
 * most ORDER_BULK_STATE_MAX (above it the call is refused and nothing changes), all or nothing.
 */
export async function changeOrderStatusByFilters(
  db: Db, user: RequestUser, query: OrderBulkStateQuery, lockMatching: OrderFilterLocker,
): Promise<OrderStateReply> {
  const data = await db.transaction(async (tx) => {
    const locked = await lockMatchingOrders(tx, query, lockMatching, 'new_state_id');
    return applyOrderStatus(tx, user, locked, query.new_state_id, query.new_client_descr ?? null, { state: 'new_state_id', reason: 'new_client_descr' });
  });
  return replyOf(data, query.new_state_id);
}

/** POST /api/admin/orders/bulk_reject: status 4 with the reason (client_descr or new_client_descr) for every order the filters match. */
export async function rejectOrdersByFilters(db: Db, user: RequestUser, query: OrderBulkRejectQuery, lockMatching: OrderFilterLocker): Promise<OrderStateReply> {
  const reason = query.client_descr ?? query.new_client_descr ?? null;
  if (!reason) throw invalid({ client_descr: [t.reasonRequired] });
  const data = await db.transaction(async (tx) => {
    const locked = await lockMatchingOrders(tx, query, lockMatching, 'client_descr');
    return applyOrderStatus(tx, user, locked, ORDER_STATUS.rejected, reason, { state: 'state_id', reason: 'client_descr' });
  });
  return replyOf(data, ORDER_STATUS.rejected);
}

async function lockMatchingOrders(
  tx: DbOrTx, query: OrderBulkStateQuery | OrderBulkRejectQuery, lockMatching: OrderFilterLocker, field: string,
): Promise<LockedOrder[]> {
  const ids = await lockMatching(tx, query, ORDER_BULK_STATE_MAX + 1);
  if (ids.length > ORDER_BULK_STATE_MAX) throw invalid({ [field]: [fill(t.tooMany, { MAX: ORDER_BULK_STATE_MAX })] });
  if (!ids.length) throw invalid({ [field]: [t.noneMatched] });
  return lockOrders(tx, [...ids].sort((a, b) => a - b));
}
