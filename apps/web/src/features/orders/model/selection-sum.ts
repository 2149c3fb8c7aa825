import { fromUnits, toUnits } from '@app/contract/declaration-workflow';
import type { OrderRow } from '@app/contract/orders';

export type OrderCurrency = OrderRow['currency'];
type SummedRow = Pick<OrderRow, 'currency' | 'price' | 'quantity' | 'cargo_price' | 'diff_cargo_price'>;

/** A money figure the wire sends as a number (the debt sums): 2 decimals, so it reads as exact text. */
function moneyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  return typeof value === 'number' ? value.toFixed(2) : value;
}

/** One order's share: price × quantity + domestic shipping + the open shipping debt, in cents. */
export function orderSelectionUnits(row: SummedRow): bigint {
  return toUnits(moneyText(row.price)) * BigInt(row.quantity) + toUnits(moneyText(row.cargo_price)) + toUnits(moneyText(row.diff_cargo_price));
}

/**
 * spec §2 toolbar "sum of selected": Σ price × quantity + domestic shipping + shipping debt, per
 * currency (₺ for Turkey's orders, $ for the others; TRY is never added to USD), exact decimals.
 * Only currencies some selected order has are listed, TRY first.
 */
export function sumSelection(rows: readonly SummedRow[]): { currency: OrderCurrency; amount: string }[] {
  const totals = new Map<OrderCurrency, bigint>();
  for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0n) + orderSelectionUnits(row));
  return (['TRY', 'USD'] as const).flatMap((currency) => {
    const units = totals.get(currency);
    return units === undefined ? [] : [{ currency, amount: fromUnits(units) }];
  });
}

export const CURRENCY_SIGNS: Record<OrderCurrency, string> = { TRY: '₺', USD: '$' };
