import { CASHFLOW_STATUS, type CashflowFilters, type CashflowListQuery, type CashflowRow, type CashboxDailyQuery } from '@app/contract/cashflow';
import { MODEL } from '@app/contract/models';
import { PAYMENT_TYPE_NAMES } from '@app/contract/money';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cashFlowDaily } from '../../db/schema/cashflow';
import { cashCategories, cashOperations as o, cashRegisterEntries, cashRegisters } from '../../db/schema/money';
import { currencies, settings } from '../../db/schema/settings';
import { buildListQuery, countList, filters, type ListSpec } from '../../platform/list-query';

/* SQL of the cash-flow screens: cash_operations (the documents), their ledger entries, the analytics. */

const ACTIVE = CASHFLOW_STATUS.active;
const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

// ---------------------------------------------------------------- list and detail

/** Filters of the list and its exports (the statistics drill-down sends the same names). */
function cashflowFilterSpec(timeZone: string): ListSpec<CashflowFilters & CashflowListQuery>['filters'] {
  return {
    id: (v) => (/^\d{1,9}$/.test(v) ? sql`${o.id} = ${Number(v)}` : sql`false`),
    operation_date: (r) => and(r.from ? filters.from(o.operatedAt, timeZone)(r.from) : undefined, r.to ? filters.to(o.operatedAt, timeZone)(r.to) : undefined),
    operation: filters.equals(o.type),
    payment_type: filters.equals(o.paymentType),
    // A category includes its sub-categories (a top-level one picked alone, or used directly).
    cash_category_id: (ids) => {
      if (!ids.length) return undefined;
      const family = sql`(select c.id from cash_categories c where c.id in (${idList(ids)}) or c.parent_id in (${idList(ids)}))`;
      return sql`(${o.categoryId} in ${family} or ${o.transferCategoryId} in ${family})`;
    },
    cash_category_id_parent: (ids) => {
      if (!ids.length) return undefined;
      const family = sql`(select c.id from cash_categories c where c.id in (${idList(ids)}) or c.parent_id in (${idList(ids)}))`;
      return sql`(${o.categoryId} in ${family} or ${o.transferCategoryId} in ${family})`;
    },
    cashbox_id: (id) => sql`(${o.cashRegisterId} = ${id} or ${o.transferCashRegisterId} = ${id})`,
    state_id: filters.equals(o.statusId),
  };
}

function cashflowListSpec(query: CashflowFilters, timeZone: string): ListSpec<CashflowListQuery> {
  return {
    filters: cashflowFilterSpec(timeZone),
    sorts: {
      id: o.id, operation_date: o.operatedAt, created_at: o.createdAt, amount: o.amount, cashbox_id: o.cashRegisterId, cashbox_name: o.cashRegisterId,
      operation: o.type, payment_type: o.paymentType, transfer: o.isTransfer, cash_category_id: o.categoryId, category_name: o.categoryId,
      user_id: o.userId, user_name: o.userId, state_id: o.statusId,
    },
    defaultSort: { column: 'operation_date', order: 'desc' },
    tieBreaker: o.id,
    // Cancelled (deleted) transactions show only when asked for by status.
    base: query.state_id === undefined ? [sql`${o.statusId} = ${ACTIVE}`] : [],
  };
}

const paymentTypeName = sql.raw(`(case o.payment_type ${Object.entries(PAYMENT_TYPE_NAMES).map(([id, name]) => `when ${Number(id)} then '${name.replace(/'/g, "''")}'`).join(' ')} else '' end)`);

/** The flat row of one transaction (api-fields-in-use.tsv): joins for names, the ledger for the previous balances. */
function rowSelect(timeZone: string): SQL {
  return sql`
    o.id, coalesce(o.user_id, 0) as user_id, coalesce(nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), ''), '') as user_name,
    o.cash_register_id as cashbox_id, coalesce(r.name, '') as cashbox_name, o.currency_id, coalesce(c.currency_code, '') as currency_code,
    case when o.is_transfer then 1 else 0 end as transfer,
    coalesce(o.transfer_cash_register_id, 0) as transfer_cashbox_id, coalesce(tr.name, '') as cashbox_name_transfer,
    coalesce(o.transfer_currency_id, 0) as transfer_cashbox_currency_id, coalesce(tc.currency_code, '') as transfer_cashbox_currency_code,
    coalesce(o.transfer_amount, 0)::float8 as transfer_cashbox_amount, coalesce(o.transfer_rate, 0)::float8 as transfer_rate,
    o.amount::float8 as amount,
    coalesce((select e.balance_before from cash_register_entries e where e.operation_id = o.id and e.cash_register_id = o.cash_register_id
              and e.kind = 'post' order by e.id desc limit 1), 0)::float8 as before_balance,
    coalesce((select e.balance_before from cash_register_entries e where e.operation_id = o.id and e.cash_register_id = o.transfer_cash_register_id
              and e.kind = 'post' order by e.id desc limit 1), 0)::float8 as transfer_before_balance,
    o.status_id as state_id, coalesce(s.name, '') as state_name,
    coalesce(cp.id, cat.id, 0) as cash_category_id_parent, coalesce(cp.name, cat.name, '') as category_name_parent,
    case when cp.id is null then 0 else cat.id end as cash_category_id, case when cp.id is null then '' else cat.name end as category_name,
    coalesce(tcp.id, tcat.id, 0) as transfer_category_id_parent, coalesce(tcp.name, tcat.name, '') as transfer_category_name_parent,
    case when tcp.id is null then 0 else tcat.id end as transfer_category_id, case when tcp.id is null then '' else tcat.name end as transfer_category_name,
    o.type as operation, coalesce(o.payment_type, 0) as payment_type, ${paymentTypeName} as payment_type_name,
    o.reason, coalesce(o.description, '') as descr,
    to_char(o.operated_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as operation_date,
    to_char(o.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as created_at`;
}
const rowJoins = sql`
    left join users u on u.id = o.user_id
    left join cash_registers r on r.id = o.cash_register_id
    left join currencies c on c.id = o.currency_id
    left join cash_registers tr on tr.id = o.transfer_cash_register_id
    left join currencies tc on tc.id = o.transfer_currency_id
    left join statuses s on s.model_id = ${MODEL.transactions} and s.id = o.status_id
    left join cash_categories cat on cat.id = o.category_id
    left join cash_categories cp on cp.id = cat.parent_id
    left join cash_categories tcat on tcat.id = o.transfer_category_id
    left join cash_categories tcp on tcp.id = tcat.parent_id`;

async function findRowsByIds(db: DbOrTx, ids: readonly number[], timeZone: string): Promise<CashflowRow[]> {
  if (!ids.length) return [];
  const res = await db.execute<CashflowRow>(sql`
    select ${rowSelect(timeZone)}
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality page(id, ord)
    join cash_operations o on o.id = page.id
    ${rowJoins}
    order by page.ord`);
  return res.rows.map(normalizeRow);
}

/** node-postgres and PGlite agree on float8 → number; ints may arrive as text from some drivers. */
function normalizeRow(row: CashflowRow): CashflowRow {
  const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
  return {
    ...row,
    id: n(row.id), user_id: n(row.user_id), cashbox_id: n(row.cashbox_id), currency_id: n(row.currency_id), transfer: n(row.transfer) ? 1 : 0,
    transfer_cashbox_id: n(row.transfer_cashbox_id), transfer_cashbox_currency_id: n(row.transfer_cashbox_currency_id),
    transfer_cashbox_amount: n(row.transfer_cashbox_amount), transfer_rate: n(row.transfer_rate), amount: n(row.amount),
    before_balance: n(row.before_balance), transfer_before_balance: n(row.transfer_before_balance), state_id: n(row.state_id),
    cash_category_id_parent: n(row.cash_category_id_parent), cash_category_id: n(row.cash_category_id),
    transfer_category_id_parent: n(row.transfer_category_id_parent), transfer_category_id: n(row.transfer_category_id),
    operation: n(row.operation), payment_type: n(row.payment_type),
  };
}

export async function findCashflowPage(db: DbOrTx, query: CashflowListQuery, timeZone: string) {
  const built = buildListQuery(cashflowListSpec(query, timeZone), query);
  const ids = (await db.select({ id: o.id }).from(o).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset)).map((r) => r.id);
  const [rows, total] = await Promise.all([findRowsByIds(db, ids, timeZone), countList(db, o, built)]);
  return { rows, total };
}

/** The whole filtered list (no paging) in batches of ids, for the exports. */
export async function* findCashflowBatches(db: DbOrTx, query: CashflowFilters & Partial<CashflowListQuery>, timeZone: string, max: number, batch = 1000): AsyncIterable<CashflowRow[]> {
  const built = buildListQuery(cashflowListSpec(query, timeZone), { ...query, page: 1, per_page: max } as CashflowListQuery);
  const ids = (await db.select({ id: o.id }).from(o).where(built.where).orderBy(...built.orderBy).limit(max)).map((r) => r.id);
  for (let i = 0; i < ids.length; i += batch) yield await findRowsByIds(db, ids.slice(i, i + batch), timeZone);
}

export async function findCashflowRow(db: DbOrTx, id: number, timeZone: string): Promise<CashflowRow | undefined> {
  return (await findRowsByIds(db, [id], timeZone))[0];
}

// ---------------------------------------------------------------- writes

export type CashOperationRow = typeof o.$inferSelect;
export type CashOperationInsert = typeof o.$inferInsert;

export function findCashOperationForUpdate(tx: DbOrTx, id: number): Promise<CashOperationRow | undefined> {
  return tx.select().from(o).where(eq(o.id, id)).for('update').then((r) => r[0]);
}

/** Live registers with their currency (the form's register and its target). */
export function findRegisters(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: cashRegisters.id, name: cashRegisters.name, currencyId: cashRegisters.currencyId, currencyCode: currencies.currencyCode, balance: cashRegisters.balance, amount: cashRegisters.amount })
    .from(cashRegisters).innerJoin(currencies, eq(currencies.id, cashRegisters.currencyId))
    .where(and(inArray(cashRegisters.id, [...ids]), isNull(cashRegisters.deletedAt)))
    .orderBy(asc(cashRegisters.id));
}

/** The first live register (the analytics' default). */
export function findFirstRegisterId(db: DbOrTx): Promise<number | undefined> {
  return db.select({ id: cashRegisters.id }).from(cashRegisters).where(isNull(cashRegisters.deletedAt)).orderBy(asc(cashRegisters.id)).limit(1).then((r) => r[0]?.id);
}

/** Live categories among these ids. */
export async function findLiveCategoryIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.select({ id: cashCategories.id }).from(cashCategories).where(and(inArray(cashCategories.id, [...ids]), isNull(cashCategories.deletedAt)))).map((r) => r.id);
}

/** settings 'cashflow'.terminalCashboxId (raw): a manual operation on it is paid by terminal. */
export async function findTerminalRegisterSetting(db: DbOrTx): Promise<unknown> {
  const rows = await db.select({ value: settings.value }).from(settings).where(and(eq(settings.groupId, 'cashflow'), eq(settings.key, 'terminalCashboxId')));
  return rows[0]?.value ?? null;
}

export async function insertCashOperation(tx: DbOrTx, row: CashOperationInsert & { operatedAtText: string; timeZone: string }): Promise<number> {
  const { operatedAtText, timeZone, ...values } = row;
  const [inserted] = await tx.insert(o).values({ ...values, operatedAt: sql`(${operatedAtText}::timestamp at time zone ${timeZone})` }).returning({ id: o.id });
  return inserted!.id;
}

export async function updateCashOperation(tx: DbOrTx, id: number, values: Partial<CashOperationInsert>, operated?: { text: string; timeZone: string }): Promise<void> {
  await tx.update(o).set({ ...values, ...(operated ? { operatedAt: sql`(${operated.text}::timestamp at time zone ${operated.timeZone})` } : {}), updatedAt: sql`now()` })
    .where(eq(o.id, id));
}

/** Target ÷ source, six places (numeric(18,6)), computed exactly in SQL. */
export async function computeRate(db: DbOrTx, target: string, source: string): Promise<string> {
  const res = await db.execute<{ rate: string }>(sql`select round(${target}::numeric / ${source}::numeric, 6)::text as rate`);
  return res.rows[0]!.rate;
}

/** What the operation's entries add up to now, per register (its current effect on the ledger). */
export async function findOperationEffect(tx: DbOrTx, operationId: number): Promise<{ cashRegisterId: number; amount: string }[]> {
  const res = await tx.select({ cashRegisterId: cashRegisterEntries.cashRegisterId, amount: sql<string>`sum(${cashRegisterEntries.amount})::text` })
    .from(cashRegisterEntries).where(eq(cashRegisterEntries.operationId, operationId)).groupBy(cashRegisterEntries.cashRegisterId)
    .orderBy(asc(cashRegisterEntries.cashRegisterId));
  return res;
}

// ---------------------------------------------------------------- analytics

/**
 * Every active movement of a register's money: the operation's own side (income +, expense −) and
 * a transfer's target side (income of transfer_amount), each with its category and day. What the
 * ledger holds for an active operation is exactly this (cancelled ones net to zero).
 */
function movements(where: { registerId?: number; from?: string; to?: string; timeZone: string }): SQL {
  const side = (registerCol: string, extra: SQL) => and(
    sql`o.status_id = ${ACTIVE}`,
    extra,
    where.registerId !== undefined ? sql`${sql.raw(registerCol)} = ${where.registerId}` : undefined,
    where.from ? sql`o.operated_at >= (${where.from}::timestamp at time zone ${where.timeZone})` : undefined,
    where.to ? sql`o.operated_at <= (${where.to}::timestamp at time zone ${where.timeZone})` : undefined,
  );
  return sql`(
    select o.id, o.cash_register_id as register_id, o.type as side, o.amount, o.category_id, o.operated_at, o.payment_type
    from cash_operations o where ${side('o.cash_register_id', sql`true`)}
    union all
    select o.id, o.transfer_cash_register_id, 1, o.transfer_amount, o.transfer_category_id, o.operated_at, o.payment_type
    from cash_operations o where ${side('o.transfer_cash_register_id', sql`o.is_transfer`)}
  )`;
}

/** Income and expense per category id (null: none) of one register over a period. */
export async function sumByCategory(db: DbOrTx, registerId: number, from: string | undefined, to: string | undefined, timeZone: string) {
  const res = await db.execute<{ category_id: number | null; income: string; expense: string }>(sql`
    select m.category_id, coalesce(sum(m.amount) filter (where m.side = 1), 0)::text as income, coalesce(sum(m.amount) filter (where m.side = 2), 0)::text as expense
    from ${movements({ registerId, from, to, timeZone })} m
    group by m.category_id`);
  return res.rows.map((r) => ({ categoryId: r.category_id === null ? null : Number(r.category_id), income: r.income, expense: r.expense }));
}

/** Categories (live, or removed ones still used) by id: name and parent. */
export async function findCategories(db: DbOrTx, usedIds: readonly number[]) {
  return db.select({ id: cashCategories.id, name: cashCategories.name, parentId: cashCategories.parentId, deletedAt: cashCategories.deletedAt })
    .from(cashCategories)
    .where(usedIds.length ? sql`${cashCategories.deletedAt} is null or ${cashCategories.id} in (${idList(usedIds)}) or ${cashCategories.id} in (select c.parent_id from cash_categories c where c.id in (${idList(usedIds)}))` : isNull(cashCategories.deletedAt))
    .orderBy(asc(cashCategories.id));
}

export async function findRegisterWithCurrency(db: DbOrTx, id: number) {
  return (await db.select({ id: cashRegisters.id, name: cashRegisters.name, amount: cashRegisters.amount, currencyId: currencies.id, currencyCode: currencies.currencyCode })
    .from(cashRegisters).innerJoin(currencies, eq(currencies.id, cashRegisters.currencyId)).where(eq(cashRegisters.id, id)))[0];
}

/** The daily figures (office days): count and sum of the movements the filters keep, income and expense apart. */
export async function sumByDay(db: DbOrTx, query: CashboxDailyQuery, timeZone: string) {
  const { from, to } = query.operation_date ?? {};
  const categoryIds = query.cash_category_id ?? [];
  const parentIds = query.cash_category_id_parent ?? [];
  const conditions = and(
    query.operation !== undefined ? sql`m.side = ${query.operation}` : undefined,
    query.payment_type !== undefined ? sql`m.payment_type = ${query.payment_type}` : undefined,
    categoryIds.length ? sql`m.category_id in (select c.id from cash_categories c where c.id in (${idList(categoryIds)}) or c.parent_id in (${idList(categoryIds)}))` : undefined,
    parentIds.length ? sql`m.category_id in (select c.id from cash_categories c where c.id in (${idList(parentIds)}) or c.parent_id in (${idList(parentIds)}))` : undefined,
  );
  const res = await db.execute<{ day: string; count: number; price: string; income: string; expense: string }>(sql`
    select to_char(m.operated_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as count, sum(m.amount)::text as price,
           coalesce(sum(m.amount) filter (where m.side = 1), 0)::text as income, coalesce(sum(m.amount) filter (where m.side = 2), 0)::text as expense
    from ${movements({ registerId: query.cashbox_id, from, to, timeZone })} m
    ${conditions ? sql`where ${conditions}` : sql``}
    group by 1 order by 1`);
  return res.rows.map((r) => ({ day: r.day, count: Number(r.count), price: r.price, income: r.income, expense: r.expense }));
}

/** A register's balance just before a moment: its initial amount plus every active movement before it (by operation date). */
export async function findBalanceBefore(db: DbOrTx, registerId: number, before: string | undefined, timeZone: string): Promise<string> {
  const res = await db.execute<{ balance: string }>(sql`
    select (r.amount + coalesce((select sum(case when m.side = 1 then m.amount else -m.amount end)
             from ${movements({ registerId, timeZone })} m
             ${before ? sql`where m.operated_at < (${before}::timestamp at time zone ${timeZone})` : sql`where false`}), 0))::text as balance
    from cash_registers r where r.id = ${registerId}`);
  return res.rows[0]?.balance ?? '0';
}

// ---------------------------------------------------------------- analytics from the daily lines (cash_flow_daily)

/** Day bounds of the summary path ('YYYY-MM-DD', inclusive). */
export interface DayRange { from?: string; to?: string }
const dayBetween = (r: DayRange) => and(
  r.from ? sql`d.day >= ${r.from}::date` : undefined,
  r.to ? sql`d.day <= ${r.to}::date` : undefined,
);
const categoryFamily = (ids: readonly number[]) => sql`(select c.id from cash_categories c where c.id in (${idList(ids)}) or c.parent_id in (${idList(ids)}))`;

/** Income and expense per category id (null: none) of one register over whole office days. */
export async function sumByCategoryFromDaily(db: DbOrTx, registerId: number, days: DayRange) {
  const res = await db.execute<{ category_id: number; income: string; expense: string }>(sql`
    select d.category_id, coalesce(sum(d.amount) filter (where d.side = 1), 0)::text as income, coalesce(sum(d.amount) filter (where d.side = 2), 0)::text as expense
    from ${cashFlowDaily} d
    where ${and(sql`d.cash_register_id = ${registerId}`, dayBetween(days))}
    group by d.category_id
    having sum(d.count) <> 0 or sum(d.amount) <> 0`);
  return res.rows.map((r) => ({ categoryId: Number(r.category_id) === 0 ? null : Number(r.category_id), income: r.income, expense: r.expense }));
}

/** The daily figures from the daily lines: the same filters as sumByDay, on whole office days. */
export async function sumByDayFromDaily(db: DbOrTx, query: CashboxDailyQuery, days: DayRange) {
  const categoryIds = query.cash_category_id ?? [];
  const parentIds = query.cash_category_id_parent ?? [];
  const where = and(
    query.cashbox_id !== undefined ? sql`d.cash_register_id = ${query.cashbox_id}` : undefined,
    dayBetween(days),
    query.operation !== undefined ? sql`d.side = ${query.operation}` : undefined,
    query.payment_type !== undefined ? sql`d.payment_type = ${query.payment_type}` : undefined,
    categoryIds.length ? sql`d.category_id in ${categoryFamily(categoryIds)}` : undefined,
    parentIds.length ? sql`d.category_id in ${categoryFamily(parentIds)}` : undefined,
  );
  const res = await db.execute<{ day: string; count: number; price: string; income: string; expense: string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.count)::int as count, sum(d.amount)::text as price,
           coalesce(sum(d.amount) filter (where d.side = 1), 0)::text as income, coalesce(sum(d.amount) filter (where d.side = 2), 0)::text as expense
    from ${cashFlowDaily} d
    ${where ? sql`where ${where}` : sql``}
    group by d.day having sum(d.count) <> 0 order by d.day`);
  return res.rows.map((r) => ({ day: r.day, count: Number(r.count), price: r.price, income: r.income, expense: r.expense }));
}

/** A register's balance at the start of an office day: its initial amount plus every active movement of the days before. */
export async function findBalanceBeforeDay(db: DbOrTx, registerId: number, day: string | undefined): Promise<string> {
  const res = await db.execute<{ balance: string }>(sql`
    select (r.amount + coalesce((select sum(case when d.side = 1 then d.amount else -d.amount end) from ${cashFlowDaily} d
             where d.cash_register_id = r.id ${day ? sql`and d.day < ${day}::date` : sql`and false`}), 0))::text as balance
    from cash_registers r where r.id = ${registerId}`);
  return res.rows[0]?.balance ?? '0';
}
