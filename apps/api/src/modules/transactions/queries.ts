import { MODEL, MODEL_NAMES } from '@app/contract/models';
import { MONEY_TYPE, PAYMENT_TYPE_NAMES, TRANSACTION_STATUS } from '@app/contract/money';
import {
  TRANSACTION_SECTIONS, type BalanceCountQuery, type TransactionFilterQuery, type TransactionListQuery, type TransactionRow,
} from '@app/contract/transactions';
import { azTransactions } from '@app/contract/texts/az-transactions';
import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { balanceOperations as o, cashOperations, cashRegisters } from '../../db/schema/money';
import { currencies, settings, statuses } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type ListSpec } from '../../platform/list-query';
import { aliasedFields, RowTemplate } from '../../platform/row-template';
import { fullName } from '../../platform/sql-format';

/* SQL of the transactions (customers' balance operations, issue 17 item 2). */

/** What a register movement of a balance operation points at (cash_operations.object_model). */
export const BALANCE_OPERATION_OBJECT = 'balance_operation';

/** A customer-name filter matching at most this many customers is sent as `user_id = any(ids)` (as the declarations list). */
const RESOLVED_IDS_MAX = 5000;

/** Filter values resolved before the list query runs: customer code and name → ids, section → object models. */
export interface ResolvedTransactionFilters {
  customerIds?: number[];
  /** null entries: operations without an object (manual ones). undefined: no section filter. */
  objectModels?: (string | null)[];
}

const anyOfIds = (column: typeof o.userId, ids: number[]) =>
  ids.length ? sql`${column} = any(${sql.param(`{${ids.join(',')}}`)}::int[])` : sql`false`;

function sectionCondition(models: (string | null)[]): SQL {
  const named = models.filter((m): m is string => m !== null);
  const parts: SQL[] = [];
  if (named.length) parts.push(inArray(o.objectModel, named));
  if (models.includes(null)) parts.push(isNull(o.objectModel));
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

type SpecQuery = TransactionListQuery;

/** spec §2 "Transactions" filters: wire name → condition; sort key → indexed column. */
export function transactionListSpec(timeZone: string, resolved: ResolvedTransactionFilters): ListSpec<SpecQuery> {
  // customer code and name, resolved to ids before (resolveCustomerIds), are one condition of the base
  const customers = resolved.customerIds ? [anyOfIds(o.userId, resolved.customerIds)] : [];
  return {
    base: customers,
    isBaseNarrow: customers.length > 0,
    filters: {
      user_id: () => undefined,
      user_name: (v) => (resolved.customerIds ? undefined : v
        ? sql`${o.userId} in (select ${users.id} from ${users} where (${users.name} || ' ' || ${users.surname}) ilike ${`%${escapeLike(v)}%`})`
        : undefined),
      customer_id: filters.equals(o.userId),
      model_id: () => (resolved.objectModels ? sectionCondition(resolved.objectModels) : undefined),
      created_at: (range) => {
        const parts = [range.from && filters.from(o.createdAt, timeZone)(range.from), range.to && filters.to(o.createdAt, timeZone)(range.to)]
          .filter((x): x is SQL => !!x);
        return parts.length ? and(...parts) : undefined;
      },
      id: (v) => sql`${o.id} = ${v}`,
      type: filters.equals(o.type),
      payment_type: filters.anyOf(o.paymentType),
      state_id: filters.anyOf(o.statusId),
      currency: (v) => (v.length ? inArray(o.currency, v) : undefined),
    },
    sorts: {
      id: o.id,
      created_at: o.createdAt,
      amount: o.amount,
      user_id: o.userId,
    },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: o.id,
  };
}

/** Customer code (exact) and name (part) → customer ids; undefined when neither filter is given or the name matches too many. */
export async function resolveCustomerIds(db: DbOrTx, query: { user_id?: string; user_name?: string }): Promise<number[] | undefined> {
  const conditions: SQL[] = [];
  if (query.user_id) conditions.push(eq(users.code, query.user_id));
  if (query.user_name) conditions.push(sql`(${users.name} || ' ' || ${users.surname}) ilike ${`%${escapeLike(query.user_name)}%`}`);
  if (!conditions.length) return undefined;
  const rows = await db.select({ id: users.id }).from(users).where(and(...conditions)).limit(RESOLVED_IDS_MAX + 1);
  if (rows.length > RESOLVED_IDS_MAX) {
    // too many names: the code (if any) still narrows it; the name stays a sub-select (transactionListSpec)
    if (!query.user_id) return undefined;
  }
  return rows.map((r) => r.id);
}

/** 'Bölmə': a model id, or part of a section's name → the object models of those sections. */
export function resolveSections(text: string | undefined): (string | null)[] | undefined {
  if (!text) return undefined;
  const id = /^\d+$/.test(text) ? Number(text) : null;
  const needle = text.toLocaleLowerCase('az');
  return TRANSACTION_SECTIONS
    .filter((s) => (id !== null ? s.modelId === id : (MODEL_NAMES[s.modelId as keyof typeof MODEL_NAMES] ?? '').toLocaleLowerCase('az').includes(needle)))
    .map((s) => s.objectModel);
}

const rowCustomer = alias(users, 'row_customer');
const rowConfirmer = alias(users, 'row_confirmer');
const rowCreator = alias(users, 'row_creator');
const rowState = alias(statuses, 'row_state');

/** A constant id → name table of the contract as SQL (literals: the names are ours, never a request's). */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
const caseOf = (column: SQL | typeof o.type | typeof o.paymentType, names: Record<number, string>, otherwise: string) =>
  sql<string>`(case ${column} ${sql.join(Object.entries(names).map(([id, name]) => sql`when ${sql.raw(String(Number(id)))} then ${literal(name)}`), sql` `)} else ${literal(otherwise)} end)`;

/** The section (model) of an operation: by its object's model, a manual one is the transactions' own (4). */
const sectionModelId = sql<number>`(case ${sql.join(TRANSACTION_SECTIONS.filter((s) => s.objectModel).map((s) =>
  sql`when ${o.objectModel} = ${literal(s.objectModel!)} then ${sql.raw(String(s.modelId))}`), sql` `)} else ${sql.raw(String(MODEL.transactions))} end)`;

/** The columns of one list row (contract ZTransactionRow), in the wire format of the fields file. */
function transactionRowColumns(timeZone: string) {
  return {
    id: sql<number>`${o.id}::int`,
    user_id: o.userId,
    user_name: sql<string>`coalesce(${fullName(rowCustomer.name, rowCustomer.surname)}, '')`,
    user_code: rowCustomer.code,
    object_id: sql<number>`coalesce(${o.objectId}, ${o.id})::int`,
    model_id: sectionModelId,
    model_name: caseOf(sectionModelId, Object.fromEntries(TRANSACTION_SECTIONS.map((s) => [s.modelId, MODEL_NAMES[s.modelId as keyof typeof MODEL_NAMES]])), ''),
    amount: sql<string>`${o.amount}::text`,
    amount_azn: sql<string>`${o.amountAzn}::text`,
    currency: o.currency,
    before_balance: sql<number | null>`${o.beforeBalance}::float8`,
    cashback: sql<number>`coalesce(${o.cashback}, 0)::float8`,
    payment_type: sql<number>`${o.paymentType}::int`,
    payment_type_name: caseOf(o.paymentType, PAYMENT_TYPE_NAMES, ''),
    type: sql<number>`${o.type}::int`,
    type_name: caseOf(o.type, azTransactions.typeNames, ''),
    state_id: o.statusId,
    state_name: sql<string>`coalesce(${rowState.name}, '')`,
    confirmed_by: fullName(rowConfirmer.name, rowConfirmer.surname),
    created_by: fullName(rowCreator.name, rowCreator.surname),
    created_at: sql<string>`to_char(${o.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    descr: o.description,
  };
}

/** The row of a page of ids, its SQL rendered once per time zone (platform/row-template.ts). */
const transactionRows = new RowTemplate((page, timeZone) => new QueryBuilder()
  .select(aliasedFields(transactionRowColumns(timeZone)))
  .from(page.source)
  .innerJoin(o, eq(o.id, page.id))
  .leftJoin(rowCustomer, eq(rowCustomer.id, o.userId))
  .leftJoin(rowConfirmer, eq(rowConfirmer.id, o.confirmedBy))
  .leftJoin(rowCreator, eq(rowCreator.id, o.createdBy))
  .leftJoin(rowState, and(eq(rowState.modelId, MODEL.transactions), eq(rowState.id, o.statusId))));

export function readTransactionRows(db: DbOrTx, ids: readonly number[], timeZone: string): Promise<TransactionRow[]> {
  return transactionRows.rows<TransactionRow>(db, timeZone, ids);
}

/** One page of the list: the page's ids over balance_operations alone, then their rows; total capped (decision 0004). */
export async function findTransactionPage(db: DbOrTx, query: TransactionListQuery, timeZone: string, resolved: ResolvedTransactionFilters) {
  const built = buildListQuery(transactionListSpec(timeZone, resolved), query);
  const page = await db.select({ id: o.id }).from(o).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const rows = await readTransactionRows(db, page.map((r) => Number(r.id)), timeZone);
  const total = await countList(db, o, built);
  return { rows, total };
}

/** The list's where clause for a filter set (stats and export take the list's filters). */
export function transactionWhere(query: TransactionFilterQuery, timeZone: string, resolved: ResolvedTransactionFilters): SQL | undefined {
  return buildListQuery(transactionListSpec(timeZone, resolved), { ...query, page: 1, per_page: 1 } as TransactionListQuery).where;
}

/** pay/stats: confirmed (18) money in and out per balance currency over the filtered operations. */
export async function sumTransactionStats(db: DbOrTx, where: SQL | undefined) {
  const sum = (currency: string, type: number) =>
    sql<string>`coalesce(sum(${o.amount}) filter (where ${o.currency} = ${currency} and ${o.type} = ${type}), 0)::numeric(16,2)::text`;
  const [row] = await db.select({
    try_in: sum('TRY', MONEY_TYPE.income), try_out: sum('TRY', MONEY_TYPE.expense),
    usd_in: sum('USD', MONEY_TYPE.income), usd_out: sum('USD', MONEY_TYPE.expense),
  }).from(o).where(and(where, eq(o.statusId, TRANSACTION_STATUS.confirmed)));
  return row!;
}

/** Export: the filtered operations newest id first, in keyset batches of `size` ids. */
export async function* readTransactionBatches(db: DbOrTx, where: SQL | undefined, timeZone: string, max: number, size = 1000): AsyncGenerator<TransactionRow[]> {
  let last: number | null = null;
  let read = 0;
  while (read < max) {
    const ids: { id: number }[] = await db.select({ id: o.id }).from(o).where(and(where, last === null ? undefined : lt(o.id, last)))
      .orderBy(desc(o.id)).limit(Math.min(size, max - read));
    if (!ids.length) return;
    read += ids.length;
    last = Number(ids[ids.length - 1]!.id);
    yield await readTransactionRows(db, ids.map((r) => Number(r.id)), timeZone);
  }
}

// ---------------------------------------------------------------- create

/** A customer (role 0, not deleted) with the balances the form may take from. */
export function findCustomer(db: DbOrTx, id: number) {
  return db.select({ id: users.id, balanceUsd: users.balanceUsd, balanceTry: users.balanceTry })
    .from(users).where(and(eq(users.id, id), eq(users.admin, 0), isNull(users.deletedAt))).then((r) => r[0]);
}

/** The id the next balance operation will have (its register movement points at it before it is written: registers are locked first). */
export async function reserveOperationId(tx: DbOrTx): Promise<number> {
  const res = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('balance_operations', 'id'))::text as id`);
  return Number(res.rows[0]!.id);
}

/** A live register with its currency code. */
export function findRegister(db: DbOrTx, id: number) {
  return db.select({ id: cashRegisters.id, currencyId: cashRegisters.currencyId, currencyCode: currencies.currencyCode })
    .from(cashRegisters).innerJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(eq(cashRegisters.id, id), isNull(cashRegisters.deletedAt))).then((r) => r[0]);
}

/** settings group cashflow: terminalCashboxId (raw value; the service checks it). */
export async function findTerminalCashboxSetting(db: DbOrTx): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings)
    .where(and(eq(settings.groupId, 'cashflow'), eq(settings.key, 'terminalCashboxId')));
  return row?.value ?? null;
}

/** Settings group topup: whether a currency's balance may be topped up (stored true/false; on when never saved). */
export async function isTopupEnabled(db: DbOrTx, currency: 'USD' | 'TRY'): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings)
    .where(and(eq(settings.groupId, 'topup'), eq(settings.key, currency === 'USD' ? 'usdBalanceEnabled' : 'tryBalanceEnabled')));
  const value = row?.value;
  return value === undefined || value === null || value === true || value === 1 || value === '1';
}

// ---------------------------------------------------------------- status change, cancel

/** Locks the operations in id order (a status change works on them as they are now). */
export function lockOperations(tx: DbOrTx, ids: readonly number[]) {
  return tx.select({
    id: o.id, userId: o.userId, type: o.type, statusId: o.statusId, currency: o.currency, amount: o.amount, objectModel: o.objectModel,
  }).from(o).where(inArray(o.id, [...ids])).orderBy(asc(o.id)).for('update');
}

/** The register movements written for these operations (pay/balance in cash or by terminal). */
export function findCashOperationsOf(tx: DbOrTx, operationIds: readonly number[]) {
  if (!operationIds.length) return Promise.resolve([]);
  return tx.select({
    id: cashOperations.id, objectId: cashOperations.objectId, type: cashOperations.type, cashRegisterId: cashOperations.cashRegisterId,
    amount: cashOperations.amount, statusId: cashOperations.statusId,
  }).from(cashOperations)
    .where(and(eq(cashOperations.objectModel, BALANCE_OPERATION_OBJECT), inArray(cashOperations.objectId, [...operationIds])))
    .orderBy(asc(cashOperations.id))
    .for('update');
}

/** Locks registers, then customers, in id order (the ledger's lock order) before entries are posted one operation at a time. */
export async function lockRegistersAndCustomers(tx: DbOrTx, registerIds: readonly number[], userIds: readonly number[]): Promise<void> {
  if (registerIds.length) await tx.select({ id: cashRegisters.id }).from(cashRegisters).where(inArray(cashRegisters.id, [...registerIds])).orderBy(asc(cashRegisters.id)).for('update');
  if (userIds.length) await tx.select({ id: users.id }).from(users).where(inArray(users.id, [...userIds])).orderBy(asc(users.id)).for('update');
}

export async function setOperationStatus(tx: DbOrTx, ids: readonly number[], statusId: number, userId: number): Promise<void> {
  if (!ids.length) return;
  await tx.update(o).set({
    statusId,
    cancelledAt: statusId === TRANSACTION_STATUS.cancelled ? sql`now()` : null,
    ...(statusId === TRANSACTION_STATUS.confirmed ? { confirmedBy: userId } : {}),
  }).where(inArray(o.id, [...ids]));
}

/** The register movement's document follows its operation: active (18) while it counts, cancelled (21) while reversed. */
export async function setCashOperationStatus(tx: DbOrTx, id: number, isActive: boolean, userId: number): Promise<void> {
  await tx.update(cashOperations).set(isActive
    ? { statusId: TRANSACTION_STATUS.confirmed, cancelledAt: null, cancelledBy: null, updatedAt: sql`now()` }
    : { statusId: TRANSACTION_STATUS.cancelled, cancelledAt: sql`now()`, cancelledBy: userId, updatedAt: sql`now()` })
    .where(eq(cashOperations.id, id));
}

// ---------------------------------------------------------------- charts and statistics

/** charts/balance: today's confirmed top-ups and expenses (office day) and every customer's balance, per currency. */
export async function sumBalanceChart(db: DbOrTx, timeZone: string) {
  const today = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const sum = (currency: string, type: number) =>
    sql<string>`coalesce(sum(${o.amount}) filter (where ${o.currency} = ${currency} and ${o.type} = ${type}), 0)::numeric(16,2)::text`;
  const [day] = await db.select({
    popupUsd: sum('USD', MONEY_TYPE.income), popupTry: sum('TRY', MONEY_TYPE.income),
    expenseUsd: sum('USD', MONEY_TYPE.expense), expenseTry: sum('TRY', MONEY_TYPE.expense),
  }).from(o).where(and(eq(o.statusId, TRANSACTION_STATUS.confirmed), sql`${o.createdAt} >= ${today}`));
  const [total] = await db.select({
    usd: sql<string>`coalesce(sum(${users.balanceUsd}), 0)::numeric(16,2)::text`,
    try: sql<string>`coalesce(sum(${users.balanceTry}), 0)::numeric(16,2)::text`,
  }).from(users).where(isNull(users.deletedAt));
  return { ...day!, totalUsd: total!.usd, totalTry: total!.try };
}

/**
 * statistics/by_balance_count: the confirmed top-ups (income, 18) of the USD and TRY balances —
 * what the balances statistics page counts — between two moments (office time), per day and currency.
 */
export function balanceCountWhere(query: Pick<BalanceCountQuery, 'start_date' | 'end_date' | 'currency'>, timeZone: string): SQL {
  const moment = (v: string, end: boolean) => (v.length === 10 ? `${v} ${end ? '23:59:59' : '00:00:00'}` : v);
  return and(
    eq(o.statusId, TRANSACTION_STATUS.confirmed),
    eq(o.type, MONEY_TYPE.income),
    inArray(o.currency, query.currency ? [query.currency] : ['USD', 'TRY']),
    query.start_date ? filters.from(o.createdAt, timeZone)(moment(query.start_date, false)) : undefined,
    query.end_date ? filters.to(o.createdAt, timeZone)(moment(query.end_date, true)) : undefined,
  )!;
}

export async function aggregateBalanceCounts(db: DbOrTx, where: SQL, timeZone: string) {
  const day = sql<string>`to_char(${o.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db.select({
    added_date: day,
    currency: o.currency,
    transaction_count: sql<number>`count(*)::int`,
    amount: sql<string>`sum(${o.amount})::numeric(16,2)::text`,
    amount_azn: sql<string>`sum(${o.amountAzn})::numeric(16,2)::text`,
    // by position: the day's expression carries the time zone as a parameter, which PostgreSQL would not match to the select's
  }).from(o).where(where).groupBy(sql`1`, sql`2`).orderBy(sql`1 desc`, sql`2`);
  return rows.map((r) => ({ ...r, transaction_count: Number(r.transaction_count) }));
}

export async function findBalanceCountPage(db: DbOrTx, where: SQL, query: BalanceCountQuery, timeZone: string) {
  const spec = transactionListSpec(timeZone, {});
  // only the paging and sort of the query: its own filters are in `where`
  const paging = { page: query.page, per_page: query.per_page, sort_column: query.sort_column, sort_order: query.sort_order } as TransactionListQuery;
  const built = buildListQuery({ ...spec, base: [where] }, paging);
  const page = await db.select({ id: o.id }).from(o).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const rows = await readTransactionRows(db, page.map((r) => Number(r.id)), timeZone);
  const total = await countList(db, o, { ...built, isEstimable: false });
  return { rows, total };
}
