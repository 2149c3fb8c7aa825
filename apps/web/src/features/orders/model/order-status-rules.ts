import { ORDER_STATUS, ORDER_TRANSITIONS } from '@app/contract/orders';

/** What the rules read of an order: its status and whether it is paid. */
export interface OrderStatusFacts {
  state_id: number;
  payed: number;
}

export type StatusRefusal = 'same' | 'final' | 'needsPayment' | 'notAllowed';

/** Rejected and cancelled orders end their life: they cannot be paid or moved on (orders brief). */
const FINAL_STATUSES: readonly number[] = [ORDER_STATUS.rejected, ORDER_STATUS.cancelled];
/** Ordered (8) and later (9, 10) need the order paid first. */
const NEEDS_PAYMENT: readonly number[] = [ORDER_STATUS.ordered, ORDER_STATUS.atWarehouse, ORDER_STATUS.completed];

/** Allowed targets by source status (the server's table, when it is published in the contract). */
export type OrderTransitions = Readonly<Record<number, readonly number[]>>;

/**
 * Why `order` cannot take status `target` (null: it can). The same rules the server applies: a
 * final status (4, 32) moves nowhere, 8/9/10 need payed=1, and a target the transitions table
 * (the contract's ORDER_TRANSITIONS, which the server checks) does not list for the source is refused.
 */
export function whyCannotSetOrderStatus(order: OrderStatusFacts, target: number, transitions: OrderTransitions = ORDER_TRANSITIONS): StatusRefusal | null {
  if (order.state_id === target) return 'same';
  if (FINAL_STATUSES.includes(order.state_id)) return 'final';
  if (NEEDS_PAYMENT.includes(target) && order.payed !== 1) return 'needsPayment';
  const allowed = transitions[order.state_id];
  if (allowed && !allowed.includes(target)) return 'notAllowed';
  return null;
}

/** Several orders (the selection): a target is offered only when every one of them may take it; the first refusal says why. */
export function whyCannotSetStatusOfMany(orders: readonly OrderStatusFacts[], target: number, transitions: OrderTransitions = ORDER_TRANSITIONS): StatusRefusal | null {
  if (orders.length === 0) return 'notAllowed';
  for (const order of orders) {
    const refusal = whyCannotSetOrderStatus(order, target, transitions);
    if (refusal) return refusal;
  }
  return null;
}

/** Status 4 (rejected) is never set at once: it opens the reject form for its reason (spec §4). */
export function needsRejectForm(target: number): boolean {
  return target === ORDER_STATUS.rejected;
}
