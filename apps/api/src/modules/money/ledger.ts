import { compareAmount } from '@app/contract/declaration-workflow';
import { MONEY_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { az } from '@app/contract/texts/az';
import type { DbOrTx } from '../../db/client';
import type { balanceOperations, cashOperations } from '../../db/schema/money';
import { invalid } from '../../platform/errors';
import {
  addToCashRegister, addToUserBalance, findLedgerViolationRows, insertBalanceEntries, insertBalanceOperationRow, insertCashEntries,
  insertCashOperationRow, lockCashRegisters, lockUserBalances, setBalanceOperationBefore,
} from './queries';

/*
 * The one ledger of money (decision 0009). A customer's USD or TRY balance (users.balance_usd /
 * balance_try) and a cash register's balance (cash_registers.balance) change only here: each change
 * is an immutable entry (balance_entries, cash_register_entries) written in the caller's
 * transaction, signed, with the balance before and after it; the cached balance is moved in the
 * same transaction under a row lock. Corrections are reversing entries, never updates (a trigger
 * refuses UPDATE and DELETE on the entries).
 *
 * Lock order, for every writer: cash registers first (ascending id), then customers' user rows
 * (ascending id). So in one transaction post cash entries before balance entries.
 */

export type BalanceCurrency = 'USD' | 'TRY';
export type EntryKind = 'post' | 'reversal';
export const isBalanceCurrency = (c: string): c is BalanceCurrency => c === 'USD' || c === 'TRY';

export interface BalanceEntryInput {
  userId: number;
  currency: BalanceCurrency;
  /** Signed delta, an exact decimal string. */
  amount: string;
  /** balance_operations.id */
  operationId: number;
  kind: EntryKind;
  createdBy: number | null;
}
export interface CashEntryInput {
  cashRegisterId: number;
  /** Signed delta, an exact decimal string. */
  amount: string;
  /** cash_operations.id */
  operationId: number;
  kind: EntryKind;
  userId: number | null;
}
export interface PostedEntry { id: number; before: string; after: string }
export interface LedgerOptions {
  /** The field a refusal names (default `not_enough_amount`, as spec §8 for pay/balance). */
  field?: string;
}

const isZero = (amount: string) => compareAmount(amount, '0') === 0;

/**
 * Posts customers' balance entries (in the order given, after locking every user row involved in id
 * order). A balance that would end below zero refuses the whole call (422 `not_enough_amount`
 * 'Balansda kifayət qədər vəsait yoxdur'); the caller's transaction then rolls back.
 */
export async function postBalanceEntries(tx: DbOrTx, entries: readonly BalanceEntryInput[], options: LedgerOptions = {}): Promise<PostedEntry[]> {
  const live = entries.filter((e) => !isZero(e.amount));
  if (!live.length) return [];
  const userIds = [...new Set(live.map((e) => e.userId))].sort((a, b) => a - b);
  const locked = await lockUserBalances(tx, userIds);
  const field = options.field ?? 'not_enough_amount';
  const missing = userIds.filter((id) => !locked.some((u) => u.id === id));
  if (missing.length) throw invalid({ user_id: [az.moneyUi.customerNotFound] });
  const moved: { entry: BalanceEntryInput; before: string; after: string }[] = [];
  for (const entry of live) {
    const change = await addToUserBalance(tx, entry.userId, entry.currency, entry.amount);
    if (compareAmount(change.after, '0') < 0) throw invalid({ [field]: [az.declarationWorkflow.notEnoughBalance] });
    moved.push({ entry, ...change });
  }
  const ids = await insertBalanceEntries(tx, moved.map(({ entry, before, after }) => ({
    userId: entry.userId, currency: entry.currency, amount: entry.amount, balanceBefore: before, balanceAfter: after,
    operationId: entry.operationId, kind: entry.kind, createdBy: entry.createdBy,
  })));
  return moved.map((m, i) => ({ id: ids[i]!, before: m.before, after: m.after }));
}

/**
 * Posts cash register entries (registers locked in id order first). A register that would end below
 * zero refuses the call (422 `not_enough_amount` 'Kassada kifayət qədər vəsait yoxdur'); an unknown
 * or removed register is a 422 on `cashbox_id`.
 */
export async function postCashEntries(tx: DbOrTx, entries: readonly CashEntryInput[], options: LedgerOptions = {}): Promise<PostedEntry[]> {
  const live = entries.filter((e) => !isZero(e.amount));
  if (!live.length) return [];
  const registerIds = [...new Set(live.map((e) => e.cashRegisterId))].sort((a, b) => a - b);
  const locked = await lockCashRegisters(tx, registerIds);
  if (locked.length !== registerIds.length) throw invalid({ cashbox_id: [az.moneyUi.cashboxNotFound] });
  const field = options.field ?? 'not_enough_amount';
  const moved: { entry: CashEntryInput; before: string; after: string }[] = [];
  for (const entry of live) {
    const change = await addToCashRegister(tx, entry.cashRegisterId, entry.amount);
    if (compareAmount(change.after, '0') < 0) throw invalid({ [field]: [az.moneyUi.notEnoughInCashbox] });
    moved.push({ entry, ...change });
  }
  const ids = await insertCashEntries(tx, moved.map(({ entry, before, after }) => ({
    cashRegisterId: entry.cashRegisterId, operationId: entry.operationId, amount: entry.amount, balanceBefore: before,
    balanceAfter: after, kind: entry.kind, userId: entry.userId,
  })));
  return moved.map((m, i) => ({ id: ids[i]!, before: m.before, after: m.after }));
}

/** The signed effect of a balance operation on its customer's balance: only a confirmed USD/TRY operation moves it. */
export function balanceEffect(op: { type: number; statusId: number; currency: string; amount: string }): string {
  if (op.statusId !== TRANSACTION_STATUS.confirmed || !isBalanceCurrency(op.currency)) return '0';
  return op.type === MONEY_TYPE.income ? op.amount : negate(op.amount);
}

export function negate(amount: string): string {
  const t = amount.trim();
  if (isZero(t)) return '0';
  return t.startsWith('-') ? t.slice(1) : `-${t}`;
}

/**
 * Writes a balance operation (the document) and, when it has an effect (confirmed, USD/TRY), its
 * ledger entry; `before_balance` is set from the entry (the balance before it), or to the current
 * balance for a USD/TRY operation without effect. Call after any cash side (lock order).
 */
export async function recordBalanceOperation(
  tx: DbOrTx, row: typeof balanceOperations.$inferInsert & { amount: string; currency: string; type: number; statusId: number },
  options: LedgerOptions = {},
): Promise<{ id: number; before: string | null; after: string | null }> {
  const id = await insertBalanceOperationRow(tx, { ...row, beforeBalance: null });
  const effect = balanceEffect(row);
  if (isZero(effect) || !isBalanceCurrency(row.currency)) return { id, before: null, after: null };
  const [posted] = await postBalanceEntries(tx, [{ userId: row.userId, currency: row.currency, amount: effect, operationId: id, kind: 'post', createdBy: row.createdBy ?? null }], options);
  await setBalanceOperationBefore(tx, id, posted!.before);
  return { id, before: posted!.before, after: posted!.after };
}

/**
 * Writes a cash operation (the document) and its ledger entries: income +amount on the register,
 * expense −amount; a transfer also +transfer_amount on the target. Returns the id and the entries.
 */
export async function recordCashOperation(tx: DbOrTx, row: typeof cashOperations.$inferInsert & { amount: string }, options: LedgerOptions = {}): Promise<{ id: number; entries: PostedEntry[] }> {
  const id = await insertCashOperationRow(tx, row);
  const entries = await postCashEntries(tx, cashEffects(row).map((e) => ({ ...e, operationId: id, kind: 'post' as const, userId: row.userId ?? null })), options);
  return { id, entries };
}

/** The register movements a live cash operation stands for (signed), source first. */
export function cashEffects(op: { type: number; cashRegisterId: number; amount: string; isTransfer?: boolean | null; transferCashRegisterId?: number | null; transferAmount?: string | null }) {
  const out: { cashRegisterId: number; amount: string }[] = [{ cashRegisterId: op.cashRegisterId, amount: op.type === MONEY_TYPE.income ? op.amount : negate(op.amount) }];
  if (op.isTransfer && op.transferCashRegisterId) out.push({ cashRegisterId: op.transferCashRegisterId, amount: op.transferAmount ?? op.amount });
  return out;
}

/** Takes a cash operation's movements back (cancel, or the old side of an edit): one reversal entry per movement. */
export function reverseCashEffects(tx: DbOrTx, op: Parameters<typeof cashEffects>[0] & { id: number }, userId: number | null, options: LedgerOptions = {}) {
  return postCashEntries(tx, cashEffects(op).map((e) => ({ cashRegisterId: e.cashRegisterId, amount: negate(e.amount), operationId: op.id, kind: 'reversal' as const, userId })), options);
}

export interface LedgerViolation { kind: string; id: number; detail: string }

/**
 * Every place the ledger does not add up (none when consistent): a balance that is not the sum of
 * its entries (a register: its initial amount plus its entries), an entry whose balance before is
 * not the running sum before it, or whose balance after is not before + amount.
 */
export function findLedgerViolations(db: DbOrTx): Promise<LedgerViolation[]> {
  return findLedgerViolationRows(db);
}
