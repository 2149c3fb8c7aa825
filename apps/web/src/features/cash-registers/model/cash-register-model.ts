import type { CashCategoryRow, CashRegisterDetail, CashRegisterRow } from '@app/contract/cash-registers';
import type { SelectOption } from '../../../shared/form/search-select';

/*
 * The cash registers' and categories' screen rules (issue 17 items 3, 4), pure and unit-tested.
 */

/** M3's transactions list filters by register through this query parameter (agreed name). */
export const TRANSACTIONS_REGISTER_PARAM = 'cashbox_id';

/** A register's double-click: its transactions (cash-flow/transactions?cashbox_id=<id>). */
export function registerTransactionsPath(id: number): string {
  return `/@next/cash-flow/transactions?${TRANSACTIONS_REGISTER_PARAM}=${id}`;
}

/** "12.50 AZN": the exact decimal text the server sends, with the register's currency code. */
export function formatRegisterAmount(amount: string | null | undefined, currencyCode: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  return currencyCode ? `${amount} ${currencyCode}` : amount;
}

export interface CashRegisterFormValues extends Record<string, unknown> {
  cashbox_name: string;
  /** The initial amount (spec §5: locked on edit; sent back unchanged). */
  amount: string;
  currency_id: number | undefined;
  /** Not sent: a register with ledger entries keeps its currency (the server refuses a change). */
  has_entries?: boolean;
}

/** A stored register → its form: the initial amount, never what it holds now. */
export function toCashRegisterValues(row: CashRegisterRow | CashRegisterDetail): CashRegisterFormValues {
  return { cashbox_name: row.cashbox_name, amount: row.initial_amount, currency_id: row.currency_id, has_entries: 'has_entries' in row ? row.has_entries : false };
}

/** Currencies → select options: "AZN — Azərbaycan manatı". */
export function toCurrencyOptions(rows: readonly { id: number; currency_code: string; currency_name: string }[]): SelectOption[] {
  return rows.map((c) => ({ value: c.id, label: c.currency_name ? `${c.currency_code} — ${c.currency_name}` : c.currency_code }));
}

export interface CashCategoryFormValues extends Record<string, unknown> {
  category_name: string;
  parent_id: number | null;
  /** The edited row's own id (not sent: the route gives the key), so the parent select can leave it out. */
  self_id?: number;
}

export function toCashCategoryValues(row: CashCategoryRow): CashCategoryFormValues {
  return { category_name: row.category_name, parent_id: row.parent_id, self_id: row.id };
}

/**
 * The parent select (spec §3: two levels, "parent - child"; never its own parent): top-level
 * categories only, without the edited one.
 */
export function parentOptions(rows: readonly Pick<CashCategoryRow, 'id' | 'category_name' | 'parent_id'>[], selfId?: number): SelectOption[] {
  return rows.filter((r) => r.parent_id === null && r.id !== selfId).map((r) => ({ value: r.id, label: r.category_name }));
}
