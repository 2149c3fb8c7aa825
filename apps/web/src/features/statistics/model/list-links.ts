import { MONEY_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { DECLARATION_PAYMENT_SECTION } from '@app/contract/statistics';
import type { DateRangeValue } from '../../../shared/data-table/date-range';
import { buildListLink, dayRange, toListRange } from './stat-query';

/**
 * Links from a figure to the list it counts (issue 19 item 3), written as each list reads its own
 * URL (its column filters by wire name, a date column as 'from~to'): the same filters as the
 * figure, so the list's total is the figure.
 */
type Id = string | number | undefined | null;

function rangeOf(range: DateRangeValue, day?: string): string {
  return toListRange(day ? dayRange(day) : range);
}

/** Declarations created in the range (the list's 'Yaradılma tarixi' filter, `created`), of a status, branch and plan category (tariff). */
export function declarationsListLink(range: DateRangeValue, pick: { day?: string; state_id?: Id; branch_id?: Id; plan_category_id?: Id } = {}): string {
  return buildListLink('declarations', { created: rangeOf(range, pick.day), state_id: pick.state_id, branch_id: pick.branch_id, plan_category_id: pick.plan_category_id });
}

/** Orders created in the range (`created_at`), of a status, country and executor. */
export function ordersListLink(range: DateRangeValue, pick: { day?: string; state_id?: Id; country_id?: Id; executive_id?: Id } = {}): string {
  return buildListLink('orders', {
    created_at: rangeOf(range, pick.day), state_id: pick.state_id, country_id: pick.country_id, executive_id: pick.executive_id,
  });
}

/** Confirmed (18) payments (expenses of the balance, type 2) for parcels (section 'declaration payments') in the range, of a payment type (contract paymentListParams). */
export function paymentsListLink(range: DateRangeValue, pick: { day?: string; payment_type?: Id } = {}): string {
  return buildListLink('transactions', {
    created_at: rangeOf(range, pick.day), state_id: TRANSACTION_STATUS.confirmed, type: MONEY_TYPE.expense, model_id: DECLARATION_PAYMENT_SECTION, payment_type: pick.payment_type,
  });
}

/** Confirmed (18) top-ups (income) of the USD and TRY balances in the range (the balances page's operations). */
export function topUpsListLink(range: DateRangeValue, pick: { day?: string; currency?: string } = {}): string {
  return buildListLink('transactions', {
    created_at: rangeOf(range, pick.day), state_id: TRANSACTION_STATUS.confirmed, type: MONEY_TYPE.income, currency: pick.currency ?? 'USD,TRY',
  });
}
