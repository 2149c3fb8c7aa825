import { buildListLink } from '../model/stat-query';

/**
 * Links from a landing number to the list it counts (issue 19 item 3), with the same filters, as
 * each list reads its own URL (column filters by wire name, a date column 'from~to'): the list's
 * total is the number.
 */
export interface DayPair { from: string; to: string }

type Id = string | number | undefined | null;
const span = (days: DayPair) => `${days.from}~${days.to}`;

/**
 * Declarations created in the days (the list's `created`), of a status, country, branch, customs
 * flag, in a box (`in_box`, the rollup's "boxed") or without a branch (`has_branch: 0`, the
 * widgets' branch 0).
 */
export function declarationsLink(days: DayPair, pick: { state_id?: Id; country_id?: Id; branch_id?: Id; customs?: 1; in_box?: 0 | 1; has_branch?: 0 | 1 } = {}): string {
  return buildListLink('declarations', {
    created: span(days), state_id: pick.state_id, country_id: pick.country_id, branch_id: pick.branch_id, customs: pick.customs,
    in_box: pick.in_box, has_branch: pick.has_branch,
  });
}

/** A landing row of parcels per branch → its list; branch 0 (parcels without a branch) → has_branch=0. */
export function branchDeclarationsLink(days: DayPair, branchId: Id): string {
  return String(branchId) === '0' ? declarationsLink(days, { has_branch: 0 }) : declarationsLink(days, { branch_id: branchId });
}

/** Declarations' status changes to a status in the days (the status archive, model 2). */
export function statusChangesLink(days: DayPair, stateId: number): string {
  return buildListLink('archive/state', { model_id: 2, state_id: stateId, created: span(days) });
}

/** Orders created in the days (`created_at`), of a status or country. */
export function ordersLink(days: DayPair, pick: { state_id?: Id; country_id?: Id } = {}): string {
  return buildListLink('orders', { created_at: span(days), state_id: pick.state_id, country_id: pick.country_id });
}

/** A register's active income (1) or expense (2) in the days: the cash-flow transactions list. */
export function cashFlowLink(days: DayPair, registerId: number, operation: 1 | 2): string {
  return buildListLink('cash-flow/transactions', { cashbox_id: registerId, operation, operation_date: span(days) });
}

/** Customers' confirmed (18) balance operations of a currency and type in the days: the transactions list. */
export function balanceOperationsLink(days: DayPair, currency: string, type: number): string {
  return buildListLink('transactions', { created_at: span(days), currency, type, state_id: 18 });
}

export const HANDOVER_QUEUE_PATH = '/@next/warehouse/handover/queues';
