import type { Writable } from 'node:stream';
import {
  CASHFLOW_EXPORT_MAX_ROWS, CASHFLOW_FOREIGN_REASONS, CASHFLOW_OPERATION, CASHFLOW_REASON, CASHFLOW_STATUS,
  type CashboxDailyQuery, type CashboxDailyReply, type CashboxStatisticsLine, type CashboxStatisticsQuery, type CashboxStatisticsReply,
  type CashflowCreateForm, type CashflowEditForm, type CashflowFilters, type CashflowListQuery, type CashflowListReply, type CashflowRow,
  type CashflowTransferForm,
} from '@app/contract/cashflow';
import { toCsv, type CsvColumn } from '@app/contract/csv';
import { compareAmount, sumAmounts } from '@app/contract/declaration-workflow';
import { PAYMENT_TYPE } from '@app/contract/money';
import { azCashflow } from '@app/contract/texts/az-cashflow';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { CASH_FLOW_DAILY_TIME_ZONE } from '../../db/schema/cashflow';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { writeXlsx, type XlsxColumn } from '../../platform/xlsx';
import { cashEffects, negate, postCashEntries, recordCashOperation, type CashEntryInput } from '../money/service';
import {
  computeRate, findBalanceBefore, findBalanceBeforeDay, findCashflowBatches, findCashflowPage, findCashflowRow, findCashOperationForUpdate, findCategories,
  findFirstRegisterId, findLiveCategoryIds, findOperationEffect, findRegisters, findRegisterWithCurrency, findTerminalRegisterSetting,
  sumByCategory, sumByCategoryFromDaily, sumByDay, sumByDayFromDaily, updateCashOperation, type CashOperationRow, type DayRange,
} from './queries';

const E = azCashflow.errors;
const T = azCashflow;

// ---------------------------------------------------------------- reads

/** GET /api/admin/cashbox_operations: active transactions (cancelled ones with state_id=21), newest operation first. */
export async function listCashflowTransactions(db: Db, query: CashflowListQuery, timeZone: string): Promise<CashflowListReply> {
  const { rows, total } = await findCashflowPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/cashbox_operations/info: one transaction, cancelled ones too. */
export async function readCashflowTransaction(db: Db, id: number, timeZone: string): Promise<{ data: CashflowRow }> {
  const row = await findCashflowRow(db, id, timeZone);
  if (!row) throw notFound('cashbox_operation_id', T.notFound);
  return { data: row };
}

// ---------------------------------------------------------------- writes

const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/** Manual operations are cash, except on the register settings 'cashflow' names the terminal one. */
async function paymentTypeOf(db: DbOrTx, registerId: number): Promise<number> {
  return asId(await findTerminalRegisterSetting(db)) === registerId ? PAYMENT_TYPE.terminal : PAYMENT_TYPE.cash;
}

type Register = Awaited<ReturnType<typeof findRegisters>>[number];

/** The live registers a form names, or 422 on the field naming a missing one. */
async function requireRegisters(db: DbOrTx, wanted: { field: string; id: number }[]): Promise<Map<string, Register>> {
  const found = await findRegisters(db, [...new Set(wanted.map((w) => w.id))]);
  const out = new Map<string, Register>();
  const errors: Record<string, string[]> = {};
  for (const w of wanted) {
    const r = found.find((x) => x.id === w.id);
    if (r) out.set(w.field, r);
    else errors[w.field] = [E.unknownRegister];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

async function requireCategories(db: DbOrTx, wanted: { field: string; id: number | undefined }[]): Promise<void> {
  const ids = wanted.map((w) => w.id).filter((id): id is number => id !== undefined);
  const live = await findLiveCategoryIds(db, ids);
  const errors: Record<string, string[]> = {};
  for (const w of wanted) if (w.id !== undefined && !live.includes(w.id)) errors[w.field] = [E.unknownCategory];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** A transfer's target amount and rate: same currency → the amount itself; different → required, rate = target ÷ source. */
async function resolveTransferAmount(db: DbOrTx, source: Register, target: Register, amount: string, transferAmount: string | undefined) {
  if (source.currencyId === target.currencyId) {
    if (transferAmount !== undefined && compareAmount(transferAmount, amount) !== 0) throw invalid({ transfer_amount: [E.transferAmountMismatch] });
    return { transferAmount: amount, rate: null };
  }
  if (transferAmount === undefined) throw invalid({ transfer_amount: [E.transferAmountRequired] });
  return { transferAmount, rate: await computeRate(db, transferAmount, amount) };
}

/** Register entries applied in one call: per register, what comes in first (an edit never dips below zero on the way). */
function orderEntries(entries: CashEntryInput[]): CashEntryInput[] {
  return [...entries].sort((a, b) => a.cashRegisterId - b.cashRegisterId || compareAmount(b.amount, a.amount));
}

/** POST cashbox_operations/create: an income or expense on one register, with its ledger entry. */
export async function createCashflowTransaction(db: Db, user: RequestUser, form: CashflowCreateForm, timeZone: string): Promise<{ data: CashflowRow }> {
  const id = await db.transaction(async (tx) => {
    const registers = await requireRegisters(tx, [{ field: 'cashbox_id', id: form.cashbox_id }]);
    await requireCategories(tx, [{ field: 'category_id', id: form.category_id }]);
    const register = registers.get('cashbox_id')!;
    const written = await recordCashOperation(tx, {
      type: form.operation, cashRegisterId: register.id, currencyId: register.currencyId, amount: form.amount,
      paymentType: await paymentTypeOf(tx, register.id), categoryId: form.category_id ?? null, reason: CASHFLOW_REASON.manual,
      description: form.descr || null, userId: user.id, statusId: CASHFLOW_STATUS.active,
      operatedAt: sql`(${form.operation_date}::timestamp at time zone ${timeZone})` as unknown as Date,
    });
    await recordAudit(tx, {
      userId: user.id, action: 'cashflow.create', entity: 'cash_operation', entityId: written.id,
      changes: { operation: form.operation, cashbox_id: register.id, amount: form.amount, category_id: form.category_id ?? null, operation_date: form.operation_date, entries: written.entries },
    });
    return written.id;
  });
  return readCashflowTransaction(db, id, timeZone);
}

/** POST cashbox_operations/transfer: money out of one register into another (−amount there, +transfer_amount here). */
export async function transferBetweenRegisters(db: Db, user: RequestUser, form: CashflowTransferForm, timeZone: string): Promise<{ data: CashflowRow }> {
  if (form.transfer_cashbox_id === form.cashbox_id) throw invalid({ transfer_cashbox_id: [E.sameRegister] });
  const id = await db.transaction(async (tx) => {
    const registers = await requireRegisters(tx, [{ field: 'cashbox_id', id: form.cashbox_id }, { field: 'transfer_cashbox_id', id: form.transfer_cashbox_id }]);
    await requireCategories(tx, [{ field: 'category_id', id: form.category_id }, { field: 'category_id_second', id: form.category_id_second }]);
    const source = registers.get('cashbox_id')!;
    const target = registers.get('transfer_cashbox_id')!;
    const { transferAmount, rate } = await resolveTransferAmount(tx, source, target, form.amount, form.transfer_amount);
    const written = await recordCashOperation(tx, {
      type: CASHFLOW_OPERATION.expense, cashRegisterId: source.id, currencyId: source.currencyId, amount: form.amount,
      paymentType: await paymentTypeOf(tx, source.id), categoryId: form.category_id ?? null, isTransfer: true,
      transferCashRegisterId: target.id, transferCurrencyId: target.currencyId, transferAmount, transferCategoryId: form.category_id_second ?? null,
      transferRate: rate, reason: CASHFLOW_REASON.transfer, description: form.descr || null, userId: user.id, statusId: CASHFLOW_STATUS.active,
      operatedAt: sql`(${form.operation_date}::timestamp at time zone ${timeZone})` as unknown as Date,
    });
    await recordAudit(tx, {
      userId: user.id, action: 'cashflow.transfer', entity: 'cash_operation', entityId: written.id,
      changes: { cashbox_id: source.id, transfer_cashbox_id: target.id, amount: form.amount, transfer_amount: transferAmount, transfer_rate: rate, entries: written.entries },
    });
    return written.id;
  });
  return readCashflowTransaction(db, id, timeZone);
}

/** Refuses a change to a row that belongs to another workflow or is cancelled already. */
function assertChangeable(op: CashOperationRow, cancelling: boolean): void {
  if (CASHFLOW_FOREIGN_REASONS.includes(op.reason)) throw invalid({ cashbox_operation_id: [E.foreignWorkflow] });
  if (op.statusId === CASHFLOW_STATUS.cancelled) throw invalid({ cashbox_operation_id: [cancelling ? E.alreadyCancelled : E.cancelledNotEditable] });
}

/** The reversal of what the operation's entries add up to now, plus the post of its new movements, in one ledger call. */
async function replaceEffect(tx: DbOrTx, operationId: number, userId: number, next: { cashRegisterId: number; amount: string }[]) {
  const current = await findOperationEffect(tx, operationId);
  const same = current.filter((c) => compareAmount(c.amount, '0') !== 0).length === next.length
    && next.every((n) => current.some((c) => c.cashRegisterId === n.cashRegisterId && compareAmount(c.amount, n.amount) === 0));
  if (same) return [];
  const entries: CashEntryInput[] = [
    ...current.filter((c) => compareAmount(c.amount, '0') !== 0).map((c) => ({ cashRegisterId: c.cashRegisterId, amount: negate(c.amount), operationId, kind: 'reversal' as const, userId })),
    ...next.map((n) => ({ cashRegisterId: n.cashRegisterId, amount: n.amount, operationId, kind: 'post' as const, userId })),
  ];
  return postCashEntries(tx, orderEntries(entries));
}

/**
 * POST cashbox_operations/edit: the document changes (its type kept), and when its movements change
 * the ledger gets the reversal of the old ones and the post of the new ones, in one transaction.
 */
export async function editCashflowTransaction(db: Db, user: RequestUser, form: CashflowEditForm, timeZone: string): Promise<{ data: CashflowRow }> {
  await db.transaction(async (tx) => {
    const op = await findCashOperationForUpdate(tx, form.cashbox_operation_id);
    if (!op) throw notFound('cashbox_operation_id', T.notFound);
    assertChangeable(op, false);
    if (form.operation !== op.type) throw invalid({ operation: [E.typeLocked] });
    const wanted = [{ field: 'cashbox_id', id: form.cashbox_id }];
    const targetId = op.isTransfer ? (form.transfer_cashbox_id ?? op.transferCashRegisterId!) : undefined;
    if (targetId !== undefined) {
      if (targetId === form.cashbox_id) throw invalid({ transfer_cashbox_id: [E.sameRegister] });
      wanted.push({ field: 'transfer_cashbox_id', id: targetId });
    } else if (form.transfer_cashbox_id !== undefined) {
      throw invalid({ transfer_cashbox_id: [E.notTransfer] });
    }
    const registers = await requireRegisters(tx, wanted);
    const categoryIdSecond = op.isTransfer ? (form.category_id_second ?? undefined) : undefined;
    await requireCategories(tx, [{ field: 'category_id', id: form.category_id }, { field: 'category_id_second', id: categoryIdSecond }]);
    const source = registers.get('cashbox_id')!;
    const target = registers.get('transfer_cashbox_id');
    let transfer: { transferAmount: string; rate: string | null } | undefined;
    if (target) transfer = await resolveTransferAmount(tx, source, target, form.amount, form.transfer_amount);
    const values = {
      cashRegisterId: source.id, currencyId: source.currencyId, amount: form.amount, categoryId: form.category_id ?? null, description: form.descr || null,
      paymentType: source.id === op.cashRegisterId ? op.paymentType : await paymentTypeOf(tx, source.id),
      ...(target && transfer ? {
        transferCashRegisterId: target.id, transferCurrencyId: target.currencyId, transferAmount: transfer.transferAmount, transferRate: transfer.rate,
        transferCategoryId: categoryIdSecond ?? null,
      } : {}),
    };
    const next = cashEffects({ type: op.type, cashRegisterId: source.id, amount: form.amount, isTransfer: op.isTransfer, transferCashRegisterId: target?.id ?? null, transferAmount: transfer?.transferAmount ?? null });
    // Several movements on one register (never: source ≠ target) would be summed by the ledger check.
    const entries = await replaceEffect(tx, op.id, user.id, next);
    await updateCashOperation(tx, op.id, values, { text: form.operation_date, timeZone });
    await recordAudit(tx, {
      userId: user.id, action: 'cashflow.edit', entity: 'cash_operation', entityId: op.id,
      changes: {
        amount: { from: op.amount, to: form.amount }, cashbox_id: { from: op.cashRegisterId, to: source.id },
        category_id: { from: op.categoryId, to: form.category_id ?? null },
        ...(target ? { transfer_cashbox_id: { from: op.transferCashRegisterId, to: target.id }, transfer_amount: { from: op.transferAmount, to: transfer?.transferAmount } } : {}),
        entries,
      },
    });
  });
  return readCashflowTransaction(db, form.cashbox_operation_id, timeZone);
}

/** POST cashbox_operations/cancel: status 21 and the reversal of what the operation moved. */
export async function cancelCashflowTransaction(db: Db, user: RequestUser, id: number, timeZone: string): Promise<{ data: CashflowRow }> {
  await db.transaction(async (tx) => {
    const op = await findCashOperationForUpdate(tx, id);
    if (!op) throw notFound('cashbox_operation_id', T.notFound);
    assertChangeable(op, true);
    const entries = await replaceEffect(tx, op.id, user.id, []);
    await updateCashOperation(tx, op.id, { statusId: CASHFLOW_STATUS.cancelled, cancelledAt: sql`now()` as unknown as Date, cancelledBy: user.id });
    await recordAudit(tx, { userId: user.id, action: 'cashflow.cancel', entity: 'cash_operation', entityId: op.id, changes: { state_id: { from: op.statusId, to: CASHFLOW_STATUS.cancelled }, entries } });
  });
  return readCashflowTransaction(db, id, timeZone);
}

// ---------------------------------------------------------------- exports

const operationName = (r: CashflowRow) => (r.transfer ? T.transferType : r.operation === CASHFLOW_OPERATION.income ? T.income : T.expense);
const categoryText = (r: CashflowRow) => [r.category_name_parent, r.category_name].filter(Boolean).join(' - ');
const EXPORT_COLUMNS: { header: string; width: number; value: (r: CashflowRow) => string | number }[] = [
  { header: T.code, width: 10, value: (r) => r.id },
  { header: T.cashRegister, width: 24, value: (r) => r.cashbox_name },
  { header: T.amount, width: 14, value: (r) => r.amount },
  { header: T.currency, width: 8, value: (r) => r.currency_code },
  { header: T.operation, width: 12, value: operationName },
  { header: T.paymentType, width: 12, value: (r) => r.payment_type_name },
  { header: T.transfer, width: 8, value: (r) => (r.transfer ? T.yes : T.no) },
  { header: T.toRegister, width: 24, value: (r) => r.cashbox_name_transfer },
  { header: T.targetAmount, width: 14, value: (r) => (r.transfer ? r.transfer_cashbox_amount : '') },
  { header: T.category, width: 30, value: categoryText },
  { header: T.executor, width: 24, value: (r) => r.user_name },
  { header: T.status, width: 14, value: (r) => r.state_name },
  { header: T.note, width: 30, value: (r) => r.descr },
  { header: T.operationDate, width: 20, value: (r) => r.operation_date },
];

/** GET cashbox_operations/export: the filtered list as .xlsx, written into `out`. */
export async function writeCashflowXlsx(db: Db, query: CashflowFilters & Partial<CashflowListQuery>, timeZone: string, out: Writable): Promise<number> {
  const columns: XlsxColumn<CashflowRow>[] = EXPORT_COLUMNS;
  return writeXlsx(out, [{ name: T.tabs.transactions, columns, rows: findCashflowBatches(db, query, timeZone, CASHFLOW_EXPORT_MAX_ROWS) }]);
}

/** GET cashbox_operations/export_csv: the filtered list as CSV. */
export async function exportCashflowCsv(db: Db, query: CashflowFilters & Partial<CashflowListQuery>, timeZone: string): Promise<string> {
  const rows: CashflowRow[] = [];
  for await (const batch of findCashflowBatches(db, query, timeZone, CASHFLOW_EXPORT_MAX_ROWS)) rows.push(...batch);
  const columns: CsvColumn<CashflowRow>[] = EXPORT_COLUMNS.map((c) => ({ header: c.header, value: c.value }));
  return toCsv(columns, rows);
}

// ---------------------------------------------------------------- analytics

const toNumber = (amount: string) => Number(amount);

/**
 * A period the daily lines (cash_flow_daily) can answer: the app runs in their time zone and each
 * bound is a whole office day (from 'YYYY-MM-DD[ 00:00[:00]]', to 'YYYY-MM-DD 23:59:59'; either
 * may be open). Anything else is read from the operations themselves.
 */
export function wholeDays(from: string | undefined, to: string | undefined, timeZone: string): DayRange | null {
  if (timeZone !== CASH_FLOW_DAILY_TIME_ZONE) return null;
  const start = from === undefined ? null : /^(\d{4}-\d{2}-\d{2})(?: 00:00(?::00)?)?$/.exec(from);
  const end = to === undefined ? null : /^(\d{4}-\d{2}-\d{2}) 23:59:59$/.exec(to);
  if ((from !== undefined && !start) || (to !== undefined && !end)) return null;
  return { from: start?.[1], to: end?.[1] };
}
/** Share in %, two places, of an exact decimal over another (0 of 0 is 0). */
function percentOf(part: string, whole: string): number {
  if (compareAmount(whole, '0') === 0) return 0;
  return Math.round((Number(part) / Number(whole)) * 10_000) / 100;
}

/**
 * GET cashbox_statistics: one register's income and expense per category over a period, as a
 * two-level tree (children under their parent; a parent's figures include its children's), plus
 * 'Kateqoriyasız' (id 0) for movements without a category. Sums are exact (numeric), turned into
 * numbers only for the reply.
 */
export async function readCashboxStatistics(db: Db, query: CashboxStatisticsQuery, timeZone: string): Promise<CashboxStatisticsReply> {
  const registerId = query.cashbox_id ?? (await findFirstRegisterId(db));
  const register = registerId === undefined ? undefined : await findRegisterWithCurrency(db, registerId);
  if (query.cashbox_id !== undefined && !register) throw notFound('cashbox_id', E.unknownRegister);
  if (!register) return { cashbox: null, currency: { id: 0, code: '' }, categories: [], total: { income: 0, expense: 0, percent: 0 } };
  const days = wholeDays(query.start_date, query.end_date, timeZone);
  const sums = days ? await sumByCategoryFromDaily(db, register.id, days) : await sumByCategory(db, register.id, query.start_date, query.end_date, timeZone);
  const used = sums.map((s) => s.categoryId).filter((id): id is number => id !== null);
  const categories = await findCategories(db, used);
  const totalIncome = sumAmounts(sums.map((s) => s.income));
  const totalExpense = sumAmounts(sums.map((s) => s.expense));
  const turnover = sumAmounts([totalIncome, totalExpense]);
  const sumOf = (ids: (number | null)[]) => {
    const mine = sums.filter((s) => ids.includes(s.categoryId));
    return { income: sumAmounts(mine.map((s) => s.income)), expense: sumAmounts(mine.map((s) => s.expense)) };
  };
  const line = (id: number, name: string, s: { income: string; expense: string }): CashboxStatisticsLine => ({
    id, name, income: toNumber(s.income), expense: toNumber(s.expense), percent: percentOf(sumAmounts([s.income, s.expense]), turnover),
  });
  const known = new Set(categories.map((c) => c.id));
  const parents = categories.filter((c) => c.parentId === null || !known.has(c.parentId));
  const tree = parents.map((p) => {
    const children = categories.filter((c) => c.parentId === p.id && c.id !== p.id);
    const childLines = children.map((c) => ({ c, s: sumOf([c.id]) }))
      .filter(({ c, s }) => c.deletedAt === null || compareAmount(sumAmounts([s.income, s.expense]), '0') !== 0)
      .map(({ c, s }) => line(c.id, c.name, s));
    return { ...line(p.id, p.name, sumOf([p.id, ...children.map((c) => c.id)])), children: childLines, isRemoved: p.deletedAt !== null };
  }).filter((p) => !p.isRemoved || p.income !== 0 || p.expense !== 0).map(({ isRemoved: _removed, ...p }) => p);
  const none = sumOf([null]);
  if (compareAmount(sumAmounts([none.income, none.expense]), '0') !== 0) tree.push({ ...line(0, T.uncategorized, none), children: [] });
  return {
    cashbox: { id: register.id, name: register.name },
    currency: { id: register.currencyId, code: register.currencyCode },
    categories: tree,
    total: { income: toNumber(totalIncome), expense: toNumber(totalExpense), percent: compareAmount(turnover, '0') === 0 ? 0 : 100 },
  };
}

/**
 * GET cashbox_statistics/daily: per office day, the count and sum of the movements the filters keep
 * (income and expense apart too). With one register and no other filter, each day also carries the
 * register's balance at its end (the opening balance plus the running net), so the chart draws the curve.
 */
export async function readCashboxDaily(db: Db, query: CashboxDailyQuery, timeZone: string): Promise<CashboxDailyReply> {
  const days = wholeDays(query.operation_date?.from, query.operation_date?.to, timeZone);
  const rows = days ? await sumByDayFromDaily(db, query, days) : await sumByDay(db, query, timeZone);
  const isWholeRegister = query.cashbox_id !== undefined && query.operation === undefined && query.payment_type === undefined
    && !(query.cash_category_id?.length) && !(query.cash_category_id_parent?.length);
  const register = query.cashbox_id === undefined ? undefined : await findRegisterWithCurrency(db, query.cashbox_id);
  if (query.cashbox_id !== undefined && !register) throw notFound('cashbox_id', E.unknownRegister);
  const opening = !isWholeRegister ? null
    : days ? await findBalanceBeforeDay(db, query.cashbox_id!, days.from) : await findBalanceBefore(db, query.cashbox_id!, query.operation_date?.from, timeZone);
  let running = opening;
  const data = rows.map((r) => {
    if (running !== null) running = sumAmounts([running, r.income, negate(r.expense)]);
    return { date: r.day, count: r.count, price: toNumber(r.price), income: toNumber(r.income), expense: toNumber(r.expense), balance: running === null ? null : toNumber(running) };
  });
  return {
    data,
    total: {
      count: rows.reduce((n, r) => n + r.count, 0), price: toNumber(sumAmounts(rows.map((r) => r.price))),
      income: toNumber(sumAmounts(rows.map((r) => r.income))), expense: toNumber(sumAmounts(rows.map((r) => r.expense))),
    },
    opening_balance: opening === null ? null : toNumber(opening),
    currency: register ? { id: register.currencyId, code: register.currencyCode } : null,
  };
}
