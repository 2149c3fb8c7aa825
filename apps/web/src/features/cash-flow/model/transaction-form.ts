import { CASHFLOW_OPERATION, CASHFLOW_FOREIGN_REASONS, CASHFLOW_STATUS, type CashflowRow } from '@app/contract/cashflow';
import { azCashflow as t } from '@app/contract/texts/az-cashflow';

/*
 * The cash-flow transaction form's rules (spec §2 "Cash flow", issue 17 item 5), pure and unit-tested:
 * the type switch, the amount disabled until a register is chosen, the currency read from the
 * register, the target amount enabled only between currencies (else it mirrors the amount), the
 * wire form of create / transfer / edit.
 */

export type TransactionKind = 'income' | 'expense' | 'transfer';
export const TRANSACTION_KINDS: readonly TransactionKind[] = ['income', 'expense', 'transfer'];
export const KIND_LABELS: Record<TransactionKind, string> = { income: t.income, expense: t.expense, transfer: t.transferType };

export interface RegisterOption { id: number; name: string; currencyId: number; currencyCode: string }

export interface TransactionFormValues {
  kind: TransactionKind;
  cashbox_id?: number;
  amount?: string;
  /** The cascader's path: [parent] or [parent, child]; the last id is sent. */
  category_path?: number[];
  transfer_cashbox_id?: number;
  transfer_amount?: string;
  category_path_second?: number[];
  /** 'YYYY-MM-DD HH:mm:ss' (office time). */
  operation_date?: string;
  descr?: string;
}

export const findRegister = (registers: readonly RegisterOption[], id: number | undefined) =>
  id === undefined ? undefined : registers.find((r) => r.id === id);

/** spec §2: the amount is disabled until a register is chosen. */
export function isAmountDisabled(values: Pick<TransactionFormValues, 'cashbox_id'>): boolean {
  return values.cashbox_id === undefined || values.cashbox_id === null;
}

/** The currency shown (read-only) beside a register's amount: the register's own. */
export function currencyOf(registers: readonly RegisterOption[], id: number | undefined): string {
  return findRegister(registers, id)?.currencyCode ?? '';
}

/** spec §2: the target amount is editable only when both registers are chosen and their currencies differ. */
export function isTargetAmountEnabled(values: Pick<TransactionFormValues, 'cashbox_id' | 'transfer_cashbox_id'>, registers: readonly RegisterOption[]): boolean {
  const source = findRegister(registers, values.cashbox_id);
  const target = findRegister(registers, values.transfer_cashbox_id);
  return Boolean(source && target && source.currencyId !== target.currencyId);
}

/**
 * What the form changes by itself after a user's change: a same-currency (or not yet chosen) target
 * mirrors the amount; between currencies the target amount is the user's (cleared when the pair
 * of currencies just became different, so a mirrored figure is never sent as a rate).
 */
export function followUpChanges(changed: Partial<TransactionFormValues>, all: TransactionFormValues, registers: readonly RegisterOption[]): Partial<TransactionFormValues> {
  if (all.kind !== 'transfer') return {};
  const isEnabled = isTargetAmountEnabled(all, registers);
  if (!isEnabled) return all.transfer_amount === all.amount ? {} : { transfer_amount: all.amount };
  const registerChanged = 'cashbox_id' in changed || 'transfer_cashbox_id' in changed;
  return registerChanged && all.transfer_amount === all.amount ? { transfer_amount: undefined } : {};
}

/** The client-side check of spec §2 "source and target registers must differ" (the server says it too). */
export function sameRegisterError(values: Pick<TransactionFormValues, 'kind' | 'cashbox_id' | 'transfer_cashbox_id'>): string | null {
  return values.kind === 'transfer' && values.cashbox_id !== undefined && values.cashbox_id === values.transfer_cashbox_id ? t.errors.sameRegister : null;
}

/** "1 AZN = 0.588235 USD" under a transfer between currencies (from the typed amounts). */
export function describeRate(values: TransactionFormValues, registers: readonly RegisterOption[]): string | null {
  if (!isTargetAmountEnabled(values, registers)) return null;
  const amount = Number(values.amount);
  const target = Number(values.transfer_amount);
  if (!(amount > 0) || !(target > 0)) return null;
  return t.rate.replace('{FROM}', currencyOf(registers, values.cashbox_id)).replace('{RATE}', String(Math.round((target / amount) * 1e6) / 1e6))
    .replace('{TO}', currencyOf(registers, values.transfer_cashbox_id));
}

const lastOf = (path: readonly number[] | undefined) => (path && path.length ? path[path.length - 1] : undefined);
const orBlank = (v: string | number | undefined) => (v === undefined || v === null ? '' : String(v));

export type WireForm = Record<string, string>;
export interface WireCall { path: string; form: WireForm }

/** The call a save makes: create, transfer or (with an id) edit, with the fields clients send. */
export function toWireCall(values: TransactionFormValues, editedId?: number): WireCall {
  const isTransfer = values.kind === 'transfer';
  const operation = values.kind === 'income' ? CASHFLOW_OPERATION.income : CASHFLOW_OPERATION.expense;
  const base: WireForm = {
    cashbox_id: orBlank(values.cashbox_id),
    amount: orBlank(values.amount),
    category_id: orBlank(lastOf(values.category_path)),
    operation_date: orBlank(values.operation_date),
    descr: values.descr ?? '',
  };
  const transfer: WireForm = isTransfer ? {
    transfer_cashbox_id: orBlank(values.transfer_cashbox_id),
    transfer_amount: orBlank(values.transfer_amount ?? values.amount),
    category_id_second: orBlank(lastOf(values.category_path_second)),
  } : {};
  if (editedId !== undefined) {
    return { path: '/api/admin/cashbox_operations/edit', form: { cashbox_operation_id: String(editedId), operation: String(operation), ...base, ...transfer } };
  }
  // real clients send operation '1' with a transfer (api-requests-in-use.tsv)
  if (isTransfer) return { path: '/api/admin/cashbox_operations/transfer', form: { operation: String(CASHFLOW_OPERATION.income), ...base, ...transfer } };
  return { path: '/api/admin/cashbox_operations/create', form: { operation: String(operation), ...base } };
}

/** Server field names → the form's (the category ids travel as cascader paths). */
export const SERVER_FIELD_TO_FORM: Record<string, keyof TransactionFormValues> = {
  category_id: 'category_path', category_id_second: 'category_path_second', operation: 'kind',
};

const pathOf = (parentId: number, childId: number) => (parentId ? (childId ? [parentId, childId] : [parentId]) : undefined);

/** A stored transaction → the form (edit): the type from the row, categories as paths. */
export function toFormValues(row: CashflowRow): TransactionFormValues {
  const kind: TransactionKind = row.transfer ? 'transfer' : row.operation === CASHFLOW_OPERATION.income ? 'income' : 'expense';
  return {
    kind,
    cashbox_id: row.cashbox_id,
    amount: row.amount.toFixed(2),
    category_path: pathOf(row.cash_category_id_parent, row.cash_category_id),
    transfer_cashbox_id: row.transfer ? row.transfer_cashbox_id : undefined,
    transfer_amount: row.transfer ? row.transfer_cashbox_amount.toFixed(2) : undefined,
    category_path_second: row.transfer ? pathOf(row.transfer_category_id_parent, row.transfer_category_id) : undefined,
    operation_date: row.operation_date,
    descr: row.descr,
  };
}

/** Edit and delete are for live manual and transfer rows; handover and balance rows follow their own workflow. */
export function canChangeTransaction(row: Pick<CashflowRow, 'reason' | 'state_id'>): boolean {
  return row.state_id !== CASHFLOW_STATUS.cancelled && !CASHFLOW_FOREIGN_REASONS.includes(row.reason);
}

/** "Kommunal xərclər - İşıq" (spec §2: category as parent - child). */
export function categoryLabel(row: Pick<CashflowRow, 'category_name_parent' | 'category_name'>): string {
  return [row.category_name_parent, row.category_name].filter(Boolean).join(' - ');
}

const SYMBOLS: Record<string, string> = { AZN: '₼', USD: '$', TRY: '₺', EUR: '€', RUB: '₽' };
/** "125.35 ₼": the amount with its currency's symbol (the code when it has none). */
export function formatMoney(amount: number, currencyCode: string): string {
  return `${amount.toFixed(2)} ${SYMBOLS[currencyCode] ?? currencyCode}`;
}
