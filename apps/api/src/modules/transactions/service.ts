import { compareAmount, subtractAmounts } from '@app/contract/declaration-workflow';
import { MONEY_OBJECT, MONEY_TYPE, PAYMENT_TYPE, PAYMENT_TYPE_NAMES, TRANSACTION_STATUS } from '@app/contract/money';
import { fill } from '@app/contract/texts/az';
import { azTransactions as t } from '@app/contract/texts/az-transactions';
import {
  TRANSACTION_STATUS_IDS, aznFromAmount, isAznAmountMatching, isManualPaymentTypeAllowed,
  type BalanceCountQuery, type BalanceCountReply, type BalanceForm, type BalanceReply, type ChartsBalanceReply, type PaymentTypesReply,
  type TransactionCancelQuery, type TransactionChangedReply, type TransactionFilterQuery, type TransactionListQuery, type TransactionListReply,
  type TransactionRow, type TransactionStateQuery, type TransactionStatsReply,
} from '@app/contract/transactions';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { AppError, invalid } from '../../platform/errors';
import { readThrough } from '../../platform/write-epoch';
import { readCbarRate } from '../currencies/service';
import {
  balanceEffect, cashEffects, isBalanceCurrency, negate, postBalanceEntries, postCashEntries, recordBalanceOperation, recordCashOperation,
} from '../money/service';
import {
  BALANCE_OPERATION_OBJECT, aggregateBalanceCounts, balanceCountWhere, findBalanceCountPage, findCashOperationsOf, findCustomer, findRegister,
  findTerminalCashboxSetting, findTransactionPage, isTopupEnabled, lockOperations, lockRegistersAndCustomers, readTransactionBatches, readTransactionRows,
  reserveOperationId, resolveCustomerIds, resolveSections, setCashOperationStatus, setOperationStatus, sumBalanceChart, sumTransactionStats,
  transactionWhere, type ResolvedTransactionFilters,
} from './queries';

/* Transactions: the customers' balance operations (issue 17 item 2; spec §2, §3 "Transaction", §5, §8). */

/** An export streams at most this many rows (newest first). */
export const TRANSACTION_EXPORT_MAX_ROWS = 100_000;

async function resolveFilters(db: DbOrTx, query: { user_id?: string; user_name?: string; model_id?: string }): Promise<ResolvedTransactionFilters> {
  return { customerIds: await resolveCustomerIds(db, query), objectModels: resolveSections(query.model_id) };
}

/** GET /api/admin/v2/pay/getlist */
export async function listTransactions(db: Db, query: TransactionListQuery, timeZone: string): Promise<TransactionListReply> {
  const { rows, total } = await findTransactionPage(db, query, timeZone, await resolveFilters(db, query));
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/pay/stats: confirmed money in and out over the list's filters (TRY exact strings, USD numbers as clients read them). */
export async function readTransactionStats(db: Db, query: TransactionFilterQuery, timeZone: string): Promise<TransactionStatsReply> {
  const sums = await sumTransactionStats(db, transactionWhere(query, timeZone, await resolveFilters(db, query)));
  return { data: { try_in: sums.try_in, try_out: sums.try_out, usd_in: Number(sums.usd_in), usd_out: Number(sums.usd_out) } };
}

/** GET /api/admin/pay/export: the filtered rows in batches for the .xlsx writer. */
export async function readTransactionsForExport(db: Db, query: TransactionFilterQuery, timeZone: string): Promise<AsyncIterable<TransactionRow[]>> {
  const where = transactionWhere(query, timeZone, await resolveFilters(db, query));
  return readTransactionBatches(db, where, timeZone, TRANSACTION_EXPORT_MAX_ROWS);
}

/** GET /api/admin/payment_types/list (spec §3 payment types 1–8). */
export function listPaymentTypes(): PaymentTypesReply {
  const data = Object.entries(PAYMENT_TYPE_NAMES).map(([id, name]) => ({ id: Number(id), name }));
  return { data, total: data.length };
}

/**
 * The chart's sums read every customer's balance (~85 ms at 100,000 customers): kept 3 s per
 * database like the lists' capped totals, and dropped by any write through the API
 * (platform/write-epoch.ts), so a cashier sees their own top-up at once.
 */
/** GET /api/admin/charts/balance */
export async function readBalanceChart(db: Db, timeZone: string): Promise<ChartsBalanceReply> {
  const s = await readThrough(db, 'charts-balance', timeZone, () => sumBalanceChart(db, timeZone));
  return {
    data: {
      today_expense: { USD: s.expenseUsd, TRY: s.expenseTry },
      today_popup: { USD: s.popupUsd, TRY: s.popupTry },
      total: { USD: s.totalUsd, TRY: s.totalTry },
    },
  };
}

/** GET /api/admin/statistics/by_balance_count: per day and currency, or (getlist) the operations behind them. */
export async function readBalanceCounts(db: Db, query: BalanceCountQuery, timeZone: string): Promise<BalanceCountReply> {
  const where = balanceCountWhere(query, timeZone);
  if (query.getlist === 'true' || query.getlist === '1') {
    const { rows, total } = await findBalanceCountPage(db, where, query, timeZone);
    if (total.kind === 'exact') return { data: rows, total: total.total, total_kind: total.kind };
    // past the list's cap the figure's own count, by the figure's aggregate (decision 0004 addendum)
    const counted = (await aggregateBalanceCounts(db, where, timeZone)).reduce((n, r) => n + r.transaction_count, 0);
    return { data: rows, total: counted, total_kind: 'exact' };
  }
  const data = await aggregateBalanceCounts(db, where, timeZone);
  const sumOf = (pick: (r: (typeof data)[number]) => string, currency?: string) =>
    Number(data.filter((r) => !currency || r.currency === currency).reduce((acc, r) => acc + Math.round(Number(pick(r)) * 100), 0)) / 100;
  return {
    data,
    total: {
      transaction_count: data.reduce((acc, r) => acc + r.transaction_count, 0),
      amount_azn: sumOf((r) => r.amount_azn),
      amount_try: sumOf((r) => r.amount, 'TRY'),
      amount_usd: sumOf((r) => r.amount, 'USD'),
    },
  };
}

// ---------------------------------------------------------------- create (POST pay/balance)

const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * POST /api/admin/pay/balance: a confirmed (18) operation and its ledger entry; cash moves the
 * cashier's own register, terminal the settings' terminal register (registers first, then the
 * customer: the ledger's lock order). spec §5: the payment types each direction allows (refund is
 * never entered by hand); the AZN amount = amount × the day's rate (±0.01); an expense never takes
 * the balance below zero.
 */
export async function createBalanceOperation(db: Db, user: RequestUser, form: BalanceForm, timeZone: string): Promise<BalanceReply> {
  const errors: Record<string, string[]> = {};
  if (form.type === MONEY_TYPE.income && form.payment_type === PAYMENT_TYPE.refund) errors.payment_type = [t.refundNotManual];
  else if (!isManualPaymentTypeAllowed(form.type, form.payment_type)) errors.payment_type = [t.paymentTypeNotAllowed];
  const customer = await findCustomer(db, form.user_id);
  if (!customer) errors.user_id = [t.customerNotFound];
  // Settings group topup: a currency whose top-ups are switched off takes no income.
  if (form.type === MONEY_TYPE.income && !(await isTopupEnabled(db, form.currency))) errors.currency = [fill(t.topupDisabled, { CURRENCY: form.currency })];
  const rate = await readRate(db, form.currency);
  if (!rate) errors.currency = [t.rateMissing];
  else if (!isAznAmountMatching(form.amount, form.amount_azn, rate)) {
    errors.amount_azn = [fill(t.amountAznMismatch, { EXPECTED: aznFromAmount(form.amount, rate) })];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const register = await findOperationRegister(db, user, form.payment_type);
  const registerAmount = register ? amountForRegister(register.currencyCode, form) : null;
  // spec §8: said before any register is touched (the ledger refuses it again under the lock)
  const balance = form.currency === 'USD' ? customer!.balanceUsd : customer!.balanceTry;
  if (form.type === MONEY_TYPE.expense && compareAmount(form.amount, balance) > 0) throw invalid({ not_enough_amount: [t.notEnoughAmount] });

  const id = await db.transaction(async (tx) => {
    const operationId = await reserveOperationId(tx);
    const description = form.descr ?? null;
    let cashOperationId: number | null = null;
    if (register && registerAmount) {
      const cash = await recordCashOperation(tx, {
        type: form.type, cashRegisterId: register.id, currencyId: register.currencyId, amount: registerAmount, paymentType: form.payment_type,
        reason: 'balance', objectModel: BALANCE_OPERATION_OBJECT, objectId: operationId, customerId: form.user_id,
        description: description ?? `${t.manualDescription} #${operationId}`, userId: user.id, statusId: TRANSACTION_STATUS.confirmed,
      });
      cashOperationId = cash.id;
    }
    const posted = await recordBalanceOperation(tx, {
      id: operationId, userId: form.user_id, type: form.type, paymentType: form.payment_type, statusId: TRANSACTION_STATUS.confirmed,
      currency: form.currency, amount: form.amount, amountAzn: form.amount_azn, description, createdBy: user.id, confirmedBy: user.id,
    });
    await recordAudit(tx, {
      userId: user.id, action: 'transactions.create', entity: 'balance_operation', entityId: operationId,
      changes: {
        user_id: form.user_id, type: form.type, payment_type: form.payment_type, currency: form.currency, amount: form.amount,
        amount_azn: form.amount_azn, rate, balance: { from: posted.before, to: posted.after },
        cash_operation_id: cashOperationId, cash_register_id: register?.id ?? null, cash_amount: registerAmount,
      },
    });
    return operationId;
  });
  const [row] = await readTransactionRows(db, [id], timeZone);
  return { message: t.saved, data: row! };
}

async function readRate(db: Db, currency: string): Promise<string | null> {
  try {
    return (await readCbarRate(db, currency)).data;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Cash: the signed-in cashier's own register (users.cashbox_id); terminal: settings cashflow.terminalCashboxId; others none. */
async function findOperationRegister(db: Db, user: RequestUser, paymentType: number) {
  if (paymentType === PAYMENT_TYPE.cash) {
    const register = user.cashboxId ? await findRegister(db, user.cashboxId) : undefined;
    if (!register) throw invalid({ not_selected_cashbox: [t.notSelectedCashbox] });
    return register;
  }
  if (paymentType === PAYMENT_TYPE.terminal) {
    const id = asId(await findTerminalCashboxSetting(db));
    const register = id ? await findRegister(db, id) : undefined;
    if (!register) throw invalid({ not_selected_cashbox: [t.terminalCashboxNotSelected] });
    return register;
  }
  return null;
}

/** What the register receives (income) or pays out (expense): the AZN amount in an AZN register, the amount in one of the operation's currency. */
function amountForRegister(registerCurrency: string, form: BalanceForm): string {
  if (registerCurrency === 'AZN') return form.amount_azn;
  if (registerCurrency === form.currency) return form.amount;
  throw invalid({ currency: [fill(t.cashboxCurrencyMismatch, { CASHBOX: registerCurrency, CURRENCY: form.currency })] });
}

// ---------------------------------------------------------------- status change and cancel

const ORDER_OWNED_OBJECTS: readonly string[] = [MONEY_OBJECT.orderPayment, MONEY_OBJECT.orderRefund];

/** POST /api/admin/pay/edit/state: any status of model 4, for one or many, all or nothing. */
export async function changeTransactionStatus(db: Db, user: RequestUser, query: TransactionStateQuery): Promise<TransactionChangedReply> {
  if (!(TRANSACTION_STATUS_IDS as readonly number[]).includes(query.state_id)) throw invalid({ state_id: [t.unknownState] });
  const ids = await db.transaction((tx) => applyStatus(tx, user, query.payment_id!, query.state_id, 'transactions.change_status'));
  return { message: t.statusChanged, data: { ids } };
}

/** POST /api/admin/pay/cancel: status 21 and a reversal; an operation already cancelled is refused (and nothing changes). */
export async function cancelTransactions(db: Db, user: RequestUser, query: TransactionCancelQuery): Promise<TransactionChangedReply> {
  const ids = await db.transaction((tx) => applyStatus(tx, user, query.payment_id!, TRANSACTION_STATUS.cancelled, 'transactions.cancel'));
  return { message: t.deleted, data: { ids } };
}

/**
 * Gives every operation the new status, in one transaction: each writes its ledger delta
 * (effect(new) − effect(old), see money/ledger.ts balanceEffect), and an operation that moved a
 * register (cash, terminal) reverses or re-posts that movement as it leaves or reaches 18. A step
 * that would take a balance or a register below zero refuses the whole call, naming the operation.
 */
async function applyStatus(tx: DbOrTx, user: RequestUser, requested: readonly number[], statusId: number, action: string): Promise<number[]> {
  const ids = [...new Set(requested)].sort((a, b) => a - b);
  const ops = await lockOperations(tx, ids);
  const missing = ids.filter((id) => !ops.some((op) => Number(op.id) === id));
  if (missing.length) throw invalid({ payment_id: missing.map((id) => fill(t.operationNotFound, { ID: id })) });
  // An order's payment or refund belongs to the order: its money moves with the order's own actions
  // (pay, reject, cancel, delete), or the order would stay paid with nothing taken.
  const ownedByOrder = ops.filter((op) => ORDER_OWNED_OBJECTS.includes(op.objectModel ?? ''));
  if (ownedByOrder.length) throw invalid({ payment_id: ownedByOrder.map((op) => fill(t.orderOwned, { ID: op.id })) });
  if (statusId === TRANSACTION_STATUS.cancelled && action === 'transactions.cancel') {
    const cancelled = ops.filter((op) => op.statusId === TRANSACTION_STATUS.cancelled);
    if (cancelled.length) throw invalid({ payment_id: cancelled.map((op) => fill(t.alreadyCancelled, { ID: op.id })) });
  }
  const changing = ops.filter((op) => op.statusId !== statusId);
  const cashOps = await findCashOperationsOf(tx, changing.map((op) => Number(op.id)));
  const isActive = statusId === TRANSACTION_STATUS.confirmed;

  const cashMoves = cashOps
    .filter((c) => (c.statusId === TRANSACTION_STATUS.confirmed) !== isActive)
    .map((c) => ({ cash: c, entries: cashEffects({ type: c.type, cashRegisterId: c.cashRegisterId, amount: c.amount }) }));
  const balanceMoves = changing
    .map((op) => {
      const delta = subtractAmounts(balanceEffect({ ...op, statusId }), balanceEffect(op));
      return { op, delta };
    })
    .filter((m) => compareAmount(m.delta, '0') !== 0 && isBalanceCurrency(m.op.currency))
    // money coming in first, so a batch that nets out never fails on its order
    .sort((a, b) => compareAmount(b.delta, '0') - compareAmount(a.delta, '0') || Number(a.op.id) - Number(b.op.id));

  await lockRegistersAndCustomers(tx,
    [...new Set(cashMoves.flatMap((m) => m.entries.map((e) => e.cashRegisterId)))].sort((a, b) => a - b),
    [...new Set(balanceMoves.map((m) => m.op.userId))].sort((a, b) => a - b));

  for (const { cash, entries } of cashMoves) {
    await refusingFor(Number(cash.objectId), t.cashboxWouldBeNegative, () => postCashEntries(tx, entries.map((e) => ({
      cashRegisterId: e.cashRegisterId, amount: isActive ? e.amount : negate(e.amount), operationId: cash.id,
      kind: isActive ? 'post' as const : 'reversal' as const, userId: user.id,
    }))));
    await setCashOperationStatus(tx, cash.id, isActive, user.id);
  }
  for (const { op, delta } of balanceMoves) {
    await refusingFor(Number(op.id), t.balanceWouldBeNegative, () => postBalanceEntries(tx, [{
      userId: op.userId, currency: op.currency as 'USD' | 'TRY', amount: delta, operationId: Number(op.id),
      kind: isActive ? 'post' : 'reversal', createdBy: user.id,
    }]));
  }
  await setOperationStatus(tx, changing.map((op) => Number(op.id)), statusId, user.id);
  if (changing.length) {
    await recordAudit(tx, {
      userId: user.id, action, entity: 'balance_operation', entityId: changing.map((op) => op.id).join(','),
      changes: {
        state_id: statusId,
        operations: changing.map((op) => ({ id: Number(op.id), from: op.statusId })),
        balance_deltas: balanceMoves.map((m) => ({ id: Number(m.op.id), currency: m.op.currency, delta: m.delta })),
        cash_operations: cashMoves.map((m) => ({ id: m.cash.id, active: isActive })),
      },
    });
  }
  return ids;
}

/** A ledger refusal (422) becomes one naming the operation; the transaction rolls back either way. */
async function refusingFor<T>(operationId: number, text: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 422 && error.errors?.not_enough_amount) {
      throw invalid({ not_enough_amount: [fill(text, { ID: operationId })] });
    }
    throw error;
  }
}
