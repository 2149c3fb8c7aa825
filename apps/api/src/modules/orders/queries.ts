import { MODEL } from '@app/contract/models';
import {
  ORDER_DEBT_STATUS, ORDER_STATUS, type OrderDebtRow, type OrderListFilters, type OrderListQuery, type OrderRow, type OrderStateRow,
} from '@app/contract/orders';
import { azOrdersCore as t } from '@app/contract/texts/az-orders';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { declarations } from '../../db/schema/declarations';
import { orderDebts, orders as o } from '../../db/schema/orders';
import { statusHistory } from '../../db/schema/platform';
import { countries, productTypes, settings, statuses } from '../../db/schema/settings';
import { statOrdersDaily } from '../../db/schema/statistics';
import { users } from '../../db/schema/users';
import { buildListQuery, countList, escapeLike, filters, type ListSpec, type ListTotal } from '../../platform/list-query';
import { aliasedFields, RowTemplate } from '../../platform/row-template';
import { asDateTime, asDateTimeOrNull, fullName } from '../../platform/sql-format';

/* SQL of the orders (issue 18): the list, one order, its history, counts and statistics, writes. */

/** A name filter matching at most this many people is sent as `column = any(ids)` (as the transactions list). */
const RESOLVED_IDS_MAX = 5000;

/** Filter values resolved before the list query runs: customer code/name → ids, executor name → ids. */
export interface ResolvedOrderFilters {
  customerIds?: number[];
  executiveIds?: number[];
}

const anyOfIds = (column: typeof o.userId | typeof o.executiveId, ids: number[]) =>
  ids.length ? sql`${column} = any(${sql.param(`{${ids.join(',')}}`)}::int[])` : sql`false`;

const personName = sql`(${users.name} || ' ' || ${users.surname})`;

/** Customer code (exact) and name (part) → customer ids; undefined when neither is given (or the name alone matches too many). */
export async function resolveOrderCustomers(db: DbOrTx, query: { user_id?: string; user_name?: string }): Promise<number[] | undefined> {
  const conditions: SQL[] = [];
  if (query.user_id) conditions.push(eq(users.code, query.user_id));
  if (query.user_name) conditions.push(sql`${personName} ilike ${`%${escapeLike(query.user_name)}%`}`);
  if (!conditions.length) return undefined;
  const rows = await db.select({ id: users.id }).from(users).where(and(...conditions)).limit(RESOLVED_IDS_MAX + 1);
  if (rows.length > RESOLVED_IDS_MAX && !query.user_id) return undefined;
  return rows.map((r) => r.id);
}

/** 'Düzəliş edən': part of a staff member's name → their ids (staff are few). */
export async function resolveOrderExecutives(db: DbOrTx, name: string | undefined): Promise<number[] | undefined> {
  if (!name) return undefined;
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(sql`${users.admin} <> 0`, sql`${personName} ilike ${`%${escapeLike(name)}%`}`)).limit(RESOLVED_IDS_MAX);
  return rows.map((r) => r.id);
}

const rangeOf = (column: typeof o.createdAt | typeof o.waiting, timeZone: string) => (range: { from?: string; to?: string }) => {
  const parts = [range.from && filters.from(column, timeZone)(range.from), range.to && filters.to(column, timeZone)(range.to)]
    .filter((x): x is SQL => !!x);
  return parts.length ? and(...parts) : undefined;
};

/** spec §2 "Orders" filters: wire name → condition (served by the orders_* indexes); sort key → indexed column. */
export function orderListSpec(timeZone: string, resolved: ResolvedOrderFilters): ListSpec<OrderListQuery> {
  // customer code and name, resolved to ids before (resolveOrderCustomers), are one condition of the base
  const customers = resolved.customerIds ? [anyOfIds(o.userId, resolved.customerIds)] : [];
  return {
    base: [isNull(o.deletedAt), ...customers],
    isBaseNarrow: customers.length > 0,
    filters: {
      user_id: () => undefined,
      // a name matching too many customers stays a sub-select
      user_name: (v) => (resolved.customerIds ? undefined
        : sql`${o.userId} in (select ${users.id} from ${users} where ${personName} ilike ${`%${escapeLike(v)}%`})`),
      customer_id: filters.equals(o.userId),
      country_id: filters.anyOf(o.countryId),
      track_code: filters.contains(o.trackCode),
      shop_name: filters.contains(o.shopName),
      state_id: filters.anyOf(o.statusId),
      payed: (v) => sql`${o.payed} = ${v === '1'}`,
      executive: () => (resolved.executiveIds ? anyOfIds(o.executiveId, resolved.executiveIds) : undefined),
      executive_id: filters.equals(o.executiveId),
      declaration_id: filters.equals(o.declarationId),
      id: filters.equals(o.id),
      waiting: rangeOf(o.waiting, timeZone),
      created_at: rangeOf(o.createdAt, timeZone),
    },
    sorts: {
      id: o.id,
      created_at: o.createdAt,
      price: o.price,
      cargo_price: o.cargoPrice,
      quantity: o.quantity,
      waiting: o.waiting,
      state_id: o.statusId,
      user_id: o.userId,
    },
    defaultSort: { column: 'created_at', order: 'desc' },
    tieBreaker: o.id,
  };
}

/** The list's where clause for a filter set (export, counts, B's bulk status change take the list's filters). */
export function orderListWhere(query: OrderListFilters, timeZone: string, resolved: ResolvedOrderFilters): SQL | undefined {
  return buildListQuery(orderListSpec(timeZone, resolved), { ...query, page: 1, per_page: 1 } as OrderListQuery).where;
}

// ---------------------------------------------------------------- the row (ZOrderRow)

const rowCustomer = alias(users, 'row_customer');
const rowExecutive = alias(users, 'row_executive');
const rowState = alias(statuses, 'row_state');
const rowCountry = alias(countries, 'row_country');
const rowType = alias(productTypes, 'row_type');
const rowDeclaration = alias(declarations, 'row_declaration');

/** Sum of an order's open debt lines of one parameter (the row's diff_price / diff_cargo_price). */
const openDebt = (param: string) => sql<number>`coalesce((select sum(d.amount_difference) from order_debts d where d.order_id = ${o.id} and d.status = ${sql.raw(String(ORDER_DEBT_STATUS.open))} and d.param = '${sql.raw(param)}'), 0)::float8`;

const flag = (column: AnyColumn) => sql<0 | 1>`(case when ${column} then 1 else 0 end)`;

function orderRowColumns(timeZone: string) {
  return {
    id: o.id,
    track_code: sql<string>`coalesce(${o.trackCode}, '')`,
    user_id: o.userId,
    user_code: rowCustomer.code,
    user_name: sql<string>`coalesce(${fullName(rowCustomer.name, rowCustomer.surname)}, '')`,
    country_id: o.countryId,
    country_name: rowCountry.countryName,
    currency: o.currency,
    state_id: o.statusId,
    state_name: sql<string>`coalesce(${rowState.name}, '')`,
    payed: flag(o.payed),
    return: flag(o.returned),
    coupon_id: sql<number>`coalesce(${o.couponId}, 0)`,
    url: o.url,
    size: sql<string>`coalesce(${o.size}, '')`,
    color: sql<string>`coalesce(${o.color}, '')`,
    quantity: o.quantity,
    price: sql<string>`${o.price}::text`,
    cargo_price: sql<string>`${o.cargoPrice}::text`,
    shop_name: sql<string>`coalesce(${o.shopName}, '')`,
    product_type_id: o.productTypeId,
    product_type_name: sql<string>`coalesce(${rowType.nameAz}, '')`,
    executive: fullName(rowExecutive.name, rowExecutive.surname),
    executive_id: o.executiveId,
    // clients read a number and a text: 0 and '' when the order has no parcel yet
    declaration_id: sql<number>`coalesce(${o.declarationId}, 0)`,
    track_code_declaration: sql<string>`coalesce(${rowDeclaration.globalTrackCode}, ${rowDeclaration.trackCode}, '')`,
    diff_price: openDebt('price'),
    diff_cargo_price: openDebt('cargo_price'),
    is_new: flag(o.isNew),
    urgent: flag(o.urgent),
    client_descr: sql<string>`coalesce(${o.clientDescr}, '')`,
    descr: sql<string>`coalesce(${o.descr}, '')`,
    paid_amount: sql<string>`${o.paidAmount}::text`,
    service_percent: sql<string>`${o.servicePercent}::text`,
    waiting: asDateTimeOrNull(o.waiting, timeZone),
    updated_at: asDateTimeOrNull(o.updatedAt, timeZone),
    created_at: asDateTime(o.createdAt, timeZone),
  };
}

const orderRows = new RowTemplate((page, timeZone) => new QueryBuilder()
  .select(aliasedFields(orderRowColumns(timeZone)))
  .from(page.source)
  .innerJoin(o, eq(o.id, page.id))
  .leftJoin(rowCustomer, eq(rowCustomer.id, o.userId))
  .leftJoin(rowCountry, eq(rowCountry.id, o.countryId))
  .leftJoin(rowState, and(eq(rowState.modelId, MODEL.orders), eq(rowState.id, o.statusId)))
  .leftJoin(rowType, eq(rowType.id, o.productTypeId))
  .leftJoin(rowExecutive, eq(rowExecutive.id, o.executiveId))
  .leftJoin(rowDeclaration, eq(rowDeclaration.id, o.declarationId)));

/** The rows of these orders (deleted ones too: the caller chose the ids), in the given order. */
export async function readOrderRows(db: DbOrTx, ids: readonly number[], timeZone: string): Promise<OrderRow[]> {
  const rows = await orderRows.rows<OrderRow>(db, timeZone, ids);
  return rows.map((r) => ({ ...r, diff_price: Number(r.diff_price), diff_cargo_price: Number(r.diff_cargo_price) }));
}

/** One page of the list: the page's ids over `orders` alone, then their rows; total capped (decision 0004). */
export async function findOrderPage(db: DbOrTx, query: OrderListQuery, timeZone: string, resolved: ResolvedOrderFilters, base: SQL[] = []) {
  const spec = orderListSpec(timeZone, resolved);
  const built = buildListQuery({ ...spec, base: [...(spec.base ?? []), ...base], isBaseNarrow: spec.isBaseNarrow || base.length > 0 }, query);
  const page = await db.select({ id: o.id }).from(o).where(built.where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset);
  const rows = await readOrderRows(db, page.map((r) => r.id), timeZone);
  const total: ListTotal = await countList(db, o, built);
  return { rows, total };
}

/** Export: the filtered orders in the list's sort, in keyset-free pages of `size` (offset: exports are capped). */
export async function* readOrderBatches(db: DbOrTx, query: OrderListQuery, timeZone: string, resolved: ResolvedOrderFilters, max: number, size = 1000): AsyncGenerator<OrderRow[]> {
  const built = buildListQuery(orderListSpec(timeZone, resolved), { ...query, page: 1, per_page: size });
  // newest id first when the list's default sort applies: keyset on id, no offsets
  let last: number | null = null;
  let read = 0;
  const isDefault = !query.sort_column;
  let offset = 0;
  while (read < max) {
    const limit = Math.min(size, max - read);
    const ids: { id: number }[] = isDefault
      ? await db.select({ id: o.id }).from(o).where(and(built.where, last === null ? undefined : lt(o.id, last))).orderBy(desc(o.id)).limit(limit)
      : await db.select({ id: o.id }).from(o).where(built.where).orderBy(...built.orderBy).limit(limit).offset(offset);
    if (!ids.length) return;
    read += ids.length;
    offset += ids.length;
    last = ids[ids.length - 1]!.id;
    yield await readOrderRows(db, ids.map((r) => r.id), timeZone);
    if (ids.length < limit) return;
  }
}

// ---------------------------------------------------------------- one order: debts, history

export function findOrder(db: DbOrTx, id: number) {
  return db.select().from(o).where(and(eq(o.id, id), isNull(o.deletedAt))).then((r) => r[0]);
}

export function lockOrder(tx: DbOrTx, id: number) {
  return tx.select().from(o).where(and(eq(o.id, id), isNull(o.deletedAt))).for('update').then((r) => r[0]);
}

/** Locks live orders in id order. */
export function lockOrders(tx: DbOrTx, ids: readonly number[]) {
  return tx.select().from(o).where(and(inArray(o.id, [...ids]), isNull(o.deletedAt))).orderBy(asc(o.id)).for('update');
}

export function findOrderPreview(db: DbOrTx, id: number) {
  return db.select({ preview: o.preview }).from(o).where(eq(o.id, id)).then((r) => (r[0]?.preview ?? null) as Record<string, unknown> | null);
}

/** The detailed debt lines of an order, oldest first (wire names of orders/info debts[]). */
export async function findOrderDebtLines(db: DbOrTx, orderId: number, timeZone: string): Promise<OrderDebtRow[]> {
  const d = orderDebts;
  const rows = await db.select({
    id: d.id,
    order_id: d.orderId,
    params: d.param,
    previous_amount: sql<number>`${d.amountPrevious}::float8`,
    current_amount: sql<number>`${d.amountCurrent}::float8`,
    diff_amount: sql<number>`${d.amountDifference}::float8`,
    state_id: sql<number>`${d.status}::int`,
    descr: d.description,
    balance_operation_id: sql<number | null>`${d.balanceOperationId}::int`,
    created_at: asDateTime(d.createdAt, timeZone),
    settled_at: asDateTimeOrNull(d.settledAt, timeZone),
  }).from(d).where(eq(d.orderId, orderId)).orderBy(asc(d.id));
  return rows.map((r) => ({
    ...r,
    previous_amount: Number(r.previous_amount), current_amount: Number(r.current_amount), diff_amount: Number(r.diff_amount),
    state_id: Number(r.state_id), balance_operation_id: r.balance_operation_id === null ? null : Number(r.balance_operation_id),
    state_name: t.debtStates[Number(r.state_id)] ?? '',
  }));
}

/** Σ of the settled lines' differences (debts paid: +, refunds given: −) as exact text. */
export async function sumSettledDebts(db: DbOrTx, orderId: number): Promise<string> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${orderDebts.amountDifference}), 0)::numeric(16,2)::text` })
    .from(orderDebts).where(and(eq(orderDebts.orderId, orderId), eq(orderDebts.status, ORDER_DEBT_STATUS.settled)));
  return row?.sum ?? '0.00';
}

/** Σ of the open positive lines (what paying again would take). */
export async function sumOpenDebts(db: DbOrTx, orderId: number): Promise<string> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${orderDebts.amountDifference}), 0)::numeric(16,2)::text` })
    .from(orderDebts).where(and(eq(orderDebts.orderId, orderId), eq(orderDebts.status, ORDER_DEBT_STATUS.open), sql`${orderDebts.amountDifference} > 0`));
  return row?.sum ?? '0.00';
}

/** The status history of an order, oldest first. */
export async function findOrderStates(db: DbOrTx, orderId: number, timeZone: string): Promise<Omit<OrderStateRow, 'current'>[]> {
  const h = statusHistory;
  const rows = await db.select({
    id: sql<number>`${h.id}::int`,
    state_id: h.stateId,
    state_name: sql<string>`coalesce(${statuses.name}, '')`,
    user_id: h.userId,
    user_name: sql<string>`coalesce(${fullName(users.name, users.surname)}, '')`,
    descr: h.note,
    created_at: asDateTime(h.createdAt, timeZone),
  }).from(h)
    .leftJoin(statuses, and(eq(statuses.modelId, MODEL.orders), eq(statuses.id, h.stateId)))
    .leftJoin(users, eq(users.id, h.userId))
    .where(and(eq(h.modelId, MODEL.orders), eq(h.objectId, orderId)))
    .orderBy(asc(h.createdAt), asc(h.id));
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

// ---------------------------------------------------------------- form lookups and writes

/** A live user with their role (admin 0 = client). */
export function findUserRole(db: DbOrTx, id: number) {
  return db.select({ id: users.id, admin: users.admin }).from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).then((r) => r[0]);
}

export function findCountry(db: DbOrTx, id: number) {
  return db.select({ id: countries.id, isOrder: countries.isOrder }).from(countries).where(and(eq(countries.id, id), isNull(countries.deletedAt))).then((r) => r[0]);
}

export function findProductType(db: DbOrTx, id: number) {
  return db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, id)).then((r) => r[0]);
}

/** A setting of group `others` (raw stored value), e.g. orderPercent, orderStatus. */
export async function findOthersSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(and(eq(settings.groupId, 'others'), eq(settings.key, key)));
  return row?.value ?? null;
}

export function hasOrderStatus(db: DbOrTx, id: number) {
  return db.select({ id: statuses.id }).from(statuses).where(and(eq(statuses.modelId, MODEL.orders), eq(statuses.id, id))).then((r) => r.length > 0);
}

export type NewOrder = typeof o.$inferInsert;

export async function insertOrder(tx: DbOrTx, values: NewOrder): Promise<number> {
  const [row] = await tx.insert(o).values(values).returning({ id: o.id });
  return row!.id;
}

export async function updateOrder(tx: DbOrTx, id: number, values: Partial<NewOrder>): Promise<void> {
  await tx.update(o).set({ ...values, updatedAt: sql`now()` }).where(eq(o.id, id));
}

export async function softDeleteOrders(tx: DbOrTx, ids: readonly number[], userId: number): Promise<void> {
  if (!ids.length) return;
  await tx.update(o).set({ deletedAt: sql`now()`, updatedAt: sql`now()`, executiveId: userId }).where(inArray(o.id, [...ids]));
}

export async function insertOrderStatusChange(tx: DbOrTx, entry: { orderId: number; from: number | null; to: number; userId: number; note?: string | null }): Promise<void> {
  await tx.insert(statusHistory).values({
    modelId: MODEL.orders, objectId: entry.orderId, fromStateId: entry.from, stateId: entry.to, userId: entry.userId, note: entry.note?.slice(0, 500) ?? null,
  });
}

export async function setOrdersRead(db: DbOrTx, ids: readonly number[], isNew: boolean): Promise<number[]> {
  const rows = await db.update(o).set({ isNew }).where(and(inArray(o.id, [...ids]), isNull(o.deletedAt))).returning({ id: o.id });
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- declarations

/** A live declaration by id, or by its track code / global track code (newest first). */
export async function findDeclarationForLink(db: DbOrTx, by: { id?: number; trackCode?: string }) {
  const d = declarations;
  const where = by.id !== undefined ? eq(d.id, by.id) : or(eq(d.trackCode, by.trackCode!), eq(d.globalTrackCode, by.trackCode!));
  const [row] = await db.select({ id: d.id, userId: d.userId }).from(d).where(and(where, isNull(d.deletedAt))).orderBy(desc(d.id)).limit(1);
  return row;
}

/** The customer's live declaration whose global track code is the order's track code (automatic link). */
export async function findCustomerDeclarationByTrack(db: DbOrTx, userId: number, trackCode: string) {
  const d = declarations;
  const [row] = await db.select({ id: d.id }).from(d)
    .where(and(eq(d.globalTrackCode, trackCode), eq(d.userId, userId), isNull(d.deletedAt))).orderBy(desc(d.id)).limit(1);
  return row;
}

/** The live orders linked to a declaration, by id. */
export async function findDeclarationOrderIds(db: DbOrTx, declarationId: number): Promise<number[]> {
  const rows = await db.select({ id: o.id }).from(o).where(and(eq(o.declarationId, declarationId), isNull(o.deletedAt))).orderBy(asc(o.id));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- counters, counts, statistics

/** Sidebar badge: new (unread) orders that are not finished; capped like the declarations' badge. */
export function countUnreadOrders(db: DbOrTx, cap = 9999): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(o)
    .where(and(eq(o.isNew, true), isNull(o.deletedAt), sql`${o.statusId} not in (${sql.raw([ORDER_STATUS.completed, ORDER_STATUS.rejected, ORDER_STATUS.cancelled].join(','))})`))
    .limit(cap).as('unread');
  return db.select({ n: sql<number>`count(*)::int` }).from(inner).then((r) => Number(r[0]?.n ?? 0));
}

/** Orders per status over the list's where clause. */
export async function countOrdersByStatus(db: DbOrTx, where: SQL | undefined) {
  const rows = await db.select({ state_id: o.statusId, count: sql<number>`count(*)::int` }).from(o).where(where).groupBy(o.statusId);
  return rows.map((r) => ({ state_id: r.state_id, count: Number(r.count) }));
}

export function listOrderStatuses(db: DbOrTx) {
  return db.select({ id: statuses.id, name: statuses.name }).from(statuses).where(eq(statuses.modelId, MODEL.orders)).orderBy(asc(statuses.sort), asc(statuses.id));
}

/** Σ price × quantity + cargo_price per currency over a where clause, grouped by the office day created (and executor). */
export async function aggregateOrderCounts(db: DbOrTx, where: SQL | undefined, timeZone: string, byExecutor: boolean) {
  const day = sql<string>`to_char(${o.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const value = sql`(${o.price} * ${o.quantity} + ${o.cargoPrice})`;
  const sumOf = (currency?: string) => sql<string>`coalesce(sum(${value})${currency ? sql` filter (where ${o.currency} = ${currency})` : sql``}, 0)::numeric(16,2)::text`;
  const fields = {
    changed_date: day,
    order_count: sql<number>`count(*)::int`,
    price: sumOf(),
    price_try: sumOf('TRY'),
    price_usd: sumOf('USD'),
    ...(byExecutor ? { user_id: o.executiveId } : {}),
  };
  // by position: the day's expression carries the time zone as a parameter, which PostgreSQL would not match to the select's
  const rows = await db.select(fields).from(o).where(where)
    .groupBy(...(byExecutor ? [sql`1`, sql`6`] : [sql`1`])).orderBy(sql`1 desc`, ...(byExecutor ? [sql`6`] : []));
  return rows.map((r) => ({ ...r, order_count: Number(r.order_count) }));
}

/** Office days (Asia/Baku, both inside) and the statistics' equality filters, as the rollup answers them. */
export interface OrderRollupFilter {
  from?: string;
  to?: string;
  statusId?: number;
  countryId?: number;
  executiveId?: number;
}

/** The statistics' filters on stat_orders_daily (whole office days). */
function rollupWhere(filter: OrderRollupFilter) {
  const r = statOrdersDaily;
  return and(
    filter.from ? gte(r.day, filter.from) : undefined,
    filter.to ? lte(r.day, filter.to) : undefined,
    filter.statusId !== undefined ? eq(r.statusId, filter.statusId) : undefined,
    filter.countryId !== undefined ? eq(r.countryId, filter.countryId) : undefined,
    filter.executiveId !== undefined ? eq(r.executiveId, filter.executiveId) : undefined,
  );
}

/**
 * aggregateOrderCounts read from the rollup stat_orders_daily (live orders by office day × status × country ×
 * executive × currency: count, Σ price × quantity + cargo_price): the same rows for whole office days.
 */
export async function aggregateOrderCountsFromRollup(db: DbOrTx, filter: OrderRollupFilter, byExecutor: boolean) {
  const r = statOrdersDaily;
  const sumOf = (currency?: string) => sql<string>`coalesce(sum(${r.amount})${currency ? sql` filter (where ${r.currency} = ${currency})` : sql``}, 0)::numeric(16,2)::text`;
  const fields = {
    changed_date: r.day,
    order_count: sql<number>`sum(${r.count})::int`,
    price: sumOf(),
    price_try: sumOf('TRY'),
    price_usd: sumOf('USD'),
    ...(byExecutor ? { user_id: sql<number | null>`nullif(${r.executiveId}, 0)` } : {}),
  };
  const where = rollupWhere(filter);
  // the scan's order: newest day first, then executor ascending with "none" last
  const rows = await db.select(fields).from(r).where(where)
    .groupBy(...(byExecutor ? [r.day, r.executiveId] : [r.day])).having(sql`sum(${r.count}) <> 0`)
    .orderBy(desc(r.day), ...(byExecutor ? [sql`${r.executiveId} = 0`, asc(r.executiveId)] : []));
  return rows.map((x) => ({ ...x, order_count: Number(x.order_count) }));
}

/** One figure row of the orders statistics as the reply carries it (user_* only by executor). */
export type OrderFigureRow = {
  changed_date: string; order_count: number; price: string; price_try: string; price_usd: string;
  user_id?: number | null; user_name?: string;
};
export type OrderFigureTotal = Pick<OrderFigureRow, 'order_count' | 'price' | 'price_try' | 'price_usd'>;

/**
 * The statistics figures (by_orders_count, by_orders_admin_count) for whole office days from the rollup, with
 * their total: rows already in the reply's shape, newest day first, then executor ascending with "none" last
 * (user_name '' until the caller names them), read as plain rows (no per-field mapping). A year by executor
 * is ~2,300 rows: the grouping is ordered so that it reads stat_orders_daily_read_idx in its order (index-only,
 * group aggregate; a hash aggregate of the same rows costs several times more), and the total is summed
 * from the grouped rows in the same statement.
 */
export async function sumOrderFiguresFromRollup(db: DbOrTx, filter: OrderRollupFilter, byExecutor: boolean): Promise<{ rows: OrderFigureRow[]; total: OrderFigureTotal }> {
  const r = statOrdersDaily;
  const amount = (currency?: string) => sql`coalesce(sum(${r.amount})${currency ? sql` filter (where ${r.currency} = ${currency})` : sql``}, 0)`;
  const where = rollupWhere(filter);
  const money = (column: string) => sql.raw(`${column}::numeric(16,2)::text`);
  const res = await db.execute<OrderFigureRow>(sql`
    with g as materialized (
      select ${r.day} as day, ${byExecutor ? r.executiveId : sql`0`} as executive_id, sum(${r.count}) as n,
             ${amount()} as price, ${amount('TRY')} as price_try, ${amount('USD')} as price_usd
      from ${r} ${where ? sql`where ${where}` : sql``}
      group by ${byExecutor ? sql`${r.day}, ${r.executiveId}` : r.day} having sum(${r.count}) <> 0
      order by ${r.day} desc${byExecutor ? sql`, ${r.executiveId}` : sql``}
    )
    select null::text collate "C" as changed_date, sum(n)::int as order_count, ${money('sum(price)')} as price, ${money('sum(price_try)')} as price_try,
           ${money('sum(price_usd)')} as price_usd${byExecutor ? sql`, null::int as user_id, '' as user_name` : sql``}
    from g having count(*) > 0
    union all
    select to_char(day, 'YYYY-MM-DD') collate "C", n::int, ${money('price')}, ${money('price_try')}, ${money('price_usd')}${byExecutor ? sql`, nullif(executive_id, 0), ''` : sql``}
    from g
    order by changed_date desc nulls first${byExecutor ? sql`, user_id nulls last` : sql``}`);
  const rows = res.rows;
  // the total comes first (its day is null); absent when nothing counts
  const total = rows[0] && rows[0].changed_date === null ? rows.shift()! : undefined;
  return {
    rows,
    total: total
      ? { order_count: total.order_count, price: total.price, price_try: total.price_try, price_usd: total.price_usd }
      : { order_count: 0, price: '0.00', price_try: '0.00', price_usd: '0.00' },
  };
}

/** Names of staff members by id. */
export async function findPeopleNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: sql<string>`coalesce(${fullName(users.name, users.surname)}, '')` }).from(users).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
