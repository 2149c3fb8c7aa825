import { compareAmount, sumAmounts } from '@app/contract/declaration-workflow';
import {
  ORDER_STATUS, ORDER_STATUS_COLORS, orderAmountDue, orderCurrency,
  type OrderAdminCountQuery, type OrderAdminCountReply, type OrderCountQuery, type OrderCountReply, type OrderCountsQuery, type OrderCountsReply,
  type OrderEditForm, type OrderExportQuery, type OrderForm, type OrderIdsReply, type OrderInfoReply, type OrderIsNewQuery, type OrderLinkForm,
  type OrderListFilters, type OrderListQuery, type OrderListReply, type OrderRow, type OrderSavedReply, type OrderStatesReply,
} from '@app/contract/orders';
import { azOrdersCore as t } from '@app/contract/texts/az-orders';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { STATISTICS_TIME_ZONE } from '../../db/schema/statistics';
import { hasPermission, type RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { readThrough } from '../../platform/write-epoch';
import { recordOrderPriceChange, refundOrder } from './money/service';
import {
  aggregateOrderCounts, aggregateOrderCountsFromRollup, countOrdersByStatus, countUnreadOrders, findCountry, findCustomerDeclarationByTrack, findDeclarationForLink,
  findDeclarationOrderIds, findOrder, findOrderDebtLines, findOrderPage, findOrderPreview, findOrderStates, findOthersSetting, findPeopleNames,
  findProductType, findUserRole, hasOrderStatus, sumOrderFiguresFromRollup, insertOrder, insertOrderStatusChange, listOrderStatuses, lockOrder, lockOrders, orderListWhere,
  readOrderBatches, readOrderRows, resolveOrderCustomers, resolveOrderExecutives, setOrdersRead, softDeleteOrders, sumOpenDebts, sumSettledDebts,
  updateOrder, type NewOrder, type OrderRollupFilter, type ResolvedOrderFilters,
} from './queries';

/* Orders core (issue 18): list, detail, form, delete, read flag, declaration links, counts, statistics. */

/** An export writes at most this many rows. */
export const ORDER_EXPORT_MAX_ROWS = 100_000;
/** Default settings when never saved (orders-shared: others.orderPercent 5, others.orderStatus 5). */
const DEFAULT_SERVICE_PERCENT = '5.00';

async function resolveFilters(db: DbOrTx, query: OrderListFilters): Promise<ResolvedOrderFilters> {
  return {
    customerIds: await resolveOrderCustomers(db, query),
    executiveIds: await resolveOrderExecutives(db, query.executive),
  };
}

/** GET /api/admin/v2/orders/getlist */
export async function listOrders(db: Db, query: OrderListQuery, timeZone: string): Promise<OrderListReply> {
  const { rows, total } = await findOrderPage(db, query, timeZone, await resolveFilters(db, query));
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** The list's WHERE for a filter set (B's bulk status change by filters, counts, export). */
export async function buildOrderFilterWhere(db: DbOrTx, query: OrderListFilters, timeZone: string): Promise<SQL | undefined> {
  return orderListWhere(query, timeZone, await resolveFilters(db, query));
}

/**
 * Finds and locks (ascending id) the live orders the list's filters match, at most `limit` ids
 * (the caller refuses when it gets more than its cap): B's OrderFilterLocker.
 */
export function lockOrdersByFilters(timeZone: string) {
  return async (tx: DbOrTx, query: OrderListFilters, limit: number): Promise<number[]> => {
    const where = await buildOrderFilterWhere(tx, query, timeZone);
    const rows = await tx.select({ id: orders.id }).from(orders).where(where).orderBy(asc(orders.id)).limit(limit).for('update');
    return rows.map((r) => r.id);
  };
}

/** One order's row (deleted ones too), for replies of other parts (pay, status). */
export async function readOrderRow(db: DbOrTx, id: number, timeZone: string): Promise<OrderRow | undefined> {
  return (await readOrderRows(db, [id], timeZone))[0];
}

/** GET /api/admin/orders/export (.xlsx rows in batches). */
export async function readOrdersForExport(db: Db, query: OrderExportQuery, timeZone: string): Promise<AsyncIterable<OrderRow[]>> {
  const full = { ...query, page: 1, per_page: 1000 } as OrderListQuery;
  return readOrderBatches(db, full, timeZone, await resolveFilters(db, full), ORDER_EXPORT_MAX_ROWS);
}

/** GET /api/admin/orders/export_csv: every filtered row (capped) in memory for the CSV writer. */
export async function readOrdersForCsv(db: Db, query: OrderExportQuery, timeZone: string): Promise<OrderRow[]> {
  const all: OrderRow[] = [];
  for await (const batch of await readOrdersForExport(db, query, timeZone)) all.push(...batch);
  return all;
}

// ---------------------------------------------------------------- detail

/** GET /api/admin/orders/info?order_id */
export async function readOrderInfo(db: Db, id: number, timeZone: string): Promise<OrderInfoReply> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('order_id', t.orderNotFound);
  const [row] = await readOrderRows(db, [id], timeZone);
  const debts = await findOrderDebtLines(db, id, timeZone);
  const settled = await sumSettledDebts(db, id);
  const refundable = order.payed && !order.returned ? sumAmounts([order.paidAmount, settled]) : '0.00';
  const due = order.returned || order.statusId === ORDER_STATUS.rejected || order.statusId === ORDER_STATUS.cancelled
    ? '0.00'
    : order.payed
      ? await sumOpenDebts(db, id)
      : orderAmountDue({ price: order.price, quantity: order.quantity, cargo_price: order.cargoPrice, service_percent: order.servicePercent });
  return {
    data: {
      ...row!,
      preview: await findOrderPreview(db, id),
      debts,
      amounts_to_refund: compareAmount(refundable, '0') > 0 ? refundable : '0.00',
      amount_due: due,
    },
  };
}

/** GET /api/admin/orders/getstates?order_id: oldest first, the last one current. */
export async function readOrderStates(db: Db, id: number, timeZone: string): Promise<OrderStatesReply> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('order_id', t.orderNotFound);
  const rows = await findOrderStates(db, id, timeZone);
  return { data: rows.map((r, i) => ({ ...r, current: i === rows.length - 1 ? 1 : 0 })) };
}

// ---------------------------------------------------------------- create / edit

const isClosed = (statusId: number) => statusId === ORDER_STATUS.rejected || statusId === ORDER_STATUS.cancelled;

/** Rules of the form the schema cannot see: the customer is a client, the country takes orders, the type exists. */
async function checkFormReferences(db: DbOrTx, form: OrderForm): Promise<void> {
  const errors: Record<string, string[]> = {};
  const customer = await findUserRole(db, form.user_id!);
  if (!customer) errors.user_id = [t.customerNotFound];
  else if (customer.admin !== 0) errors.user_id = [t.customerNotClient];
  const country = await findCountry(db, form.country_id!);
  if (!country) errors.country_id = [t.countryNotFound];
  else if (!country.isOrder) errors.country_id = [t.countryNotForOrders];
  if (form.product_type_id && !(await findProductType(db, form.product_type_id))) errors.product_type_id = [t.productTypeNotFound];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** GET orders/service_percent: what a new order's form computes the amount due with (staff without the settings permission too). */
export async function readOrderServicePercent(db: Db): Promise<{ data: { order_percent: string } }> {
  return { data: { order_percent: await readServicePercent(db) } };
}

/** settings others.orderPercent as 'N.NN' (5 when never saved or unreadable). */
async function readServicePercent(db: DbOrTx): Promise<string> {
  const raw = await findOthersSetting(db, 'orderPercent');
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? sumAmounts([text]) : DEFAULT_SERVICE_PERCENT;
}

/** settings others.orderStatus: an order's first status (5 when never saved or not a status of model 1). */
async function readInitialStatus(db: DbOrTx): Promise<number> {
  const raw = await findOthersSetting(db, 'orderStatus');
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 && (await hasOrderStatus(db, id)) ? id : ORDER_STATUS.pending;
}

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in the office's time zone → an instant for the timestamptz column. */
const officeMoment = (text: string, timeZone: string) => sql`(${text.length === 10 ? `${text} 00:00:00` : text}::timestamp at time zone ${timeZone})`;

/** Reads the product preview from the link through C's preview service when it is there; never blocks saving. */
export type PreviewReader = (url: string) => Promise<Record<string, unknown> | null>;

function formValues(form: OrderForm, timeZone: string): Partial<NewOrder> {
  return {
    userId: form.user_id!,
    countryId: form.country_id!,
    currency: orderCurrency(form.country_id!),
    url: form.url,
    shopName: form.shop_name,
    productTypeId: form.product_type_id,
    color: form.color,
    size: form.size,
    quantity: form.quantity,
    price: form.price!,
    cargoPrice: form.cargo_price ?? '0.00',
    urgent: form.urgent,
    descr: form.descr,
    ...(form.coupon_id !== undefined ? { couponId: form.coupon_id } : {}),
    ...(form.waiting !== undefined ? { waiting: form.waiting === null ? null : (officeMoment(form.waiting, timeZone) as unknown as Date) } : {}),
    ...(form.track_code !== undefined ? { trackCode: form.track_code } : {}),
    ...(form.preview !== undefined ? { preview: form.preview } : {}),
  };
}

/** Links the order to its customer's parcel whose global track code is the order's track code (on save). */
async function linkByTrackCode(tx: DbOrTx, orderId: number, userId: number, trackCode: string | null | undefined, currentDeclarationId: number | null) {
  if (!trackCode || currentDeclarationId) return;
  const declaration = await findCustomerDeclarationByTrack(tx, userId, trackCode);
  if (declaration) await updateOrder(tx, orderId, { declarationId: declaration.id });
}

/** POST /api/admin/orders/create (multipart). */
export async function createOrder(db: Db, user: RequestUser, form: OrderForm, timeZone: string, readPreview?: PreviewReader): Promise<OrderSavedReply> {
  await checkFormReferences(db, form);
  const servicePercent = await readServicePercent(db);
  const statusId = await readInitialStatus(db);
  // the preview is read before the transaction (a shop's time-out must not hold locks); a failure saves without it
  let preview = form.preview;
  if (preview === undefined && readPreview) preview = await readPreview(form.url).catch(() => null);
  const id = await db.transaction(async (tx) => {
    const values = formValues({ ...form, preview: preview ?? null }, timeZone);
    const orderId = await insertOrder(tx, {
      ...values, servicePercent, statusId, executiveId: user.id, createdBy: user.id, isNew: true,
    } as NewOrder);
    await insertOrderStatusChange(tx, { orderId, from: null, to: statusId, userId: user.id });
    await linkByTrackCode(tx, orderId, form.user_id!, form.track_code, null);
    await recordAudit(tx, { userId: user.id, action: 'orders.create', entity: 'order', entityId: orderId, changes: { user_id: form.user_id, price: form.price, quantity: form.quantity } });
    return orderId;
  });
  return { message: t.created, data: (await readOrderRow(db, id, timeZone))! };
}

/**
 * POST /api/admin/orders/edit (multipart). A rejected or cancelled order is not editable; on a paid
 * order the customer and country (the balance and currency that paid it) stay, and a change of
 * price, quantity or cargo price writes B's debt or refund lines in the same transaction.
 */
export async function editOrder(db: Db, user: RequestUser, form: OrderEditForm, timeZone: string): Promise<OrderSavedReply> {
  await checkFormReferences(db, form);
  await db.transaction(async (tx) => {
    const before = await lockOrder(tx, form.order_id);
    if (!before) throw notFound('order_id', t.orderNotFound);
    if (isClosed(before.statusId)) throw invalid({ order_id: [t.orderClosed] });
    const isPaid = before.payed && !before.returned;
    if (isPaid && (before.userId !== form.user_id || before.countryId !== form.country_id)) {
      throw invalid({ ...(before.userId !== form.user_id ? { user_id: [t.paidCustomerLocked] } : {}), ...(before.countryId !== form.country_id ? { country_id: [t.paidCustomerLocked] } : {}) });
    }
    const values = formValues(form, timeZone);
    await updateOrder(tx, before.id, { ...values, executiveId: user.id });
    if (isPaid) {
      const changed = compareAmount(before.price, form.price!) !== 0 || before.quantity !== form.quantity
        || compareAmount(before.cargoPrice, form.cargo_price ?? '0') !== 0;
      if (changed) await recordOrderPriceChange(tx, user, before, { price: form.price!, quantity: form.quantity, cargoPrice: form.cargo_price ?? '0.00' });
    }
    const trackCode = form.track_code === undefined ? before.trackCode : form.track_code;
    await linkByTrackCode(tx, before.id, form.user_id!, trackCode, before.userId === form.user_id ? before.declarationId : null);
    if (before.userId !== form.user_id && before.declarationId) await updateOrder(tx, before.id, { declarationId: null });
    await recordAudit(tx, {
      userId: user.id, action: 'orders.edit', entity: 'order', entityId: before.id,
      changes: { price: { from: before.price, to: form.price }, quantity: { from: before.quantity, to: form.quantity }, cargo_price: { from: before.cargoPrice, to: form.cargo_price } },
    });
  });
  return { message: t.updated, data: (await readOrderRow(db, form.order_id, timeZone))! };
}

// ---------------------------------------------------------------- delete, read flag, declaration link

/** POST /api/admin/orders/cancel?order_id=1,2: soft delete; a paid order's money goes back first (B's refund). */
export async function deleteOrders(db: Db, user: RequestUser, ids: readonly number[]): Promise<OrderIdsReply> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const locked = await lockOrders(tx, unique);
    const missing = unique.filter((id) => !locked.some((o) => o.id === id));
    if (missing.length) throw notFound('order_id', `${t.orderNotFound}: #${missing.join(', #')}`);
    await refundOrder(tx, user, unique, null);
    await softDeleteOrders(tx, unique, user.id);
    await recordAudit(tx, { userId: user.id, action: 'orders.delete', entity: 'order', entityId: unique[0]!, changes: { ids: unique } });
  });
  return { message: t.deleted, data: { ids: unique } };
}

/** POST /api/admin/isnew?model_id=1&object_id=1,2&is_new=true|false */
export async function setOrderRead(db: Db, user: RequestUser, query: OrderIsNewQuery): Promise<OrderIdsReply> {
  // the shared isnew route is open to the office; orders need their own permission
  if (!hasPermission(user, 'orders')) throw forbidden();
  const ids = await db.transaction(async (tx) => {
    const changed = await setOrdersRead(tx, query.object_id, query.is_new);
    if (!changed.length) throw notFound('object_id', t.orderNotFound);
    await recordAudit(tx, { userId: user.id, action: 'orders.read', entity: 'order', entityId: changed[0]!, changes: { ids: changed, is_new: query.is_new } });
    return changed;
  });
  return { message: t.readChanged, data: { ids } };
}

/** POST /api/admin/orders/link_declaration: the customer's own parcel only. */
export async function linkOrderDeclaration(db: Db, user: RequestUser, form: OrderLinkForm, timeZone: string): Promise<OrderSavedReply> {
  if (form.declaration_id === undefined && !form.track_code) throw invalid({ declaration_id: [t.declarationRequired] });
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, form.order_id);
    if (!order) throw notFound('order_id', t.orderNotFound);
    const declaration = await findDeclarationForLink(tx, form.declaration_id !== undefined ? { id: form.declaration_id } : { trackCode: form.track_code! });
    const field = form.declaration_id !== undefined ? 'declaration_id' : 'track_code';
    if (!declaration) throw invalid({ [field]: [t.declarationNotFound] });
    if (declaration.userId !== order.userId) throw invalid({ [field]: [t.declarationOtherCustomer] });
    await updateOrder(tx, order.id, { declarationId: declaration.id, executiveId: user.id });
    await recordAudit(tx, { userId: user.id, action: 'orders.link_declaration', entity: 'order', entityId: order.id, changes: { declaration_id: { from: order.declarationId, to: declaration.id } } });
  });
  return { message: t.linked, data: (await readOrderRow(db, form.order_id, timeZone))! };
}

/** GET /api/admin/declaration/orders: the declaration's live orders' ids as text (the declarations workflow checks the declaration). */
export async function listDeclarationOrderIds(db: DbOrTx, declarationId: number): Promise<string[]> {
  return (await findDeclarationOrderIds(db, declarationId)).map(String);
}

/** notification/count `order`: new (unread) orders not yet finished. */
export function countOrderBadge(db: DbOrTx): Promise<number> {
  return countUnreadOrders(db);
}

// ---------------------------------------------------------------- counts and statistics

/** GET /api/admin/orders/counts_by_status: the list's filters, one row per status of model 1. */
export async function countOrdersPerStatus(db: Db, query: OrderCountsQuery, timeZone: string): Promise<OrderCountsReply> {
  const { state_id: _ignored, ...rest } = query;
  // the status filter narrows which rows are shown, not what each count counts
  const where = await buildOrderFilterWhere(db, rest, timeZone);
  const counts = new Map((await countOrdersByStatus(db, where)).map((r) => [r.state_id, r.count]));
  const chosen = query.state_id?.length ? new Set(query.state_id) : null;
  const data = (await listOrderStatuses(db))
    .filter((s) => !chosen || chosen.has(s.id))
    .map((s) => ({ state_id: s.id, name: s.name, color: ORDER_STATUS_COLORS[s.id] ?? 'default', count: counts.get(s.id) ?? 0 }));
  return { data, total: data.reduce((acc, r) => acc + r.count, 0) };
}

/** A statistics date: a day alone means its whole day (office time). */
const statMoment = (v: string, isEnd: boolean) => (v.length === 10 ? `${v} ${isEnd ? '23:59:59' : '00:00:00'}` : v.length === 16 ? `${v}:${isEnd ? '59' : '00'}` : v);

/** The statistics' filters as the list's: created_at range, status, country, executor. */
function statisticsFilters(query: OrderCountQuery | OrderAdminCountQuery): OrderListFilters {
  const from = query.start_date ? statMoment(query.start_date, false) : undefined;
  const to = query.end_date ? statMoment(query.end_date, true) : undefined;
  return {
    created_at: from || to ? { from, to } : undefined,
    state_id: query.state_id ? [query.state_id] : undefined,
    country_id: query.country_id ? [query.country_id] : undefined,
    executive_id: 'admin_id' in query ? query.admin_id : undefined,
  } as OrderListFilters;
}

const isDrillDown = (query: { getlist?: string }) => query.getlist === 'true' || query.getlist === '1';

/**
 * The orders behind a figure. Its total is the figure's own count (issue 19 item 3), exact past the
 * list's 10,000 cap (decision 0004 addendum): summed from the rollup for whole office days, else
 * counted by the same scan as the figure when the list's count stopped at the cap.
 */
async function drillDown(db: Db, query: OrderCountQuery | OrderAdminCountQuery, timeZone: string): Promise<OrderListReply> {
  const list = { ...statisticsFilters(query), page: query.page, per_page: query.per_page, sort_column: query.sort_column, sort_order: query.sort_order } as OrderListQuery;
  const rollup = rollupFilterOf(query, timeZone);
  const [reply, rolled] = await Promise.all([listOrders(db, list, timeZone), rollup ? aggregateOrderCountsFromRollup(db, rollup, false) : undefined]);
  const rows = rolled ?? (reply.total_kind === 'exact' ? undefined
    : await aggregateOrderCounts(db, await buildOrderFilterWhere(db, statisticsFilters(query), timeZone), timeZone, false));
  return rows ? { ...reply, total: rows.reduce((acc, r) => acc + r.order_count, 0), total_kind: 'exact' } : reply;
}

function totalsOf(rows: { order_count: number; price: string; price_try: string; price_usd: string }[]) {
  return {
    order_count: rows.reduce((acc, r) => acc + r.order_count, 0),
    price: sumAmounts(rows.map((r) => r.price)),
    price_try: sumAmounts(rows.map((r) => r.price_try)),
    price_usd: sumAmounts(rows.map((r) => r.price_usd)),
  };
}

/**
 * The statistics' filters as the rollup stat_orders_daily answers them: whole office days (a day alone, or
 * 00:00 to 23:59) in the rollup's zone. Undefined for a range cut inside a day or another APP_TIMEZONE:
 * those scan the orders (aggregateOrderCounts).
 */
function rollupFilterOf(query: OrderCountQuery | OrderAdminCountQuery, timeZone: string): OrderRollupFilter | undefined {
  if (timeZone !== STATISTICS_TIME_ZONE) return undefined;
  const from = query.start_date ? /^(\d{4}-\d{2}-\d{2}) 00:00:00$/.exec(statMoment(query.start_date, false))?.[1] : undefined;
  const to = query.end_date ? /^(\d{4}-\d{2}-\d{2}) 23:59:59$/.exec(statMoment(query.end_date, true))?.[1] : undefined;
  if ((query.start_date && !from) || (query.end_date && !to)) return undefined;
  return {
    from, to, statusId: query.state_id, countryId: query.country_id,
    executiveId: 'admin_id' in query ? query.admin_id : undefined,
  };
}

/**
 * The figures (not the drill-downs) kept 3 s per database and filter set, as the statistics landing's:
 * a year by executor is ~2,300 rows, and several managers open the same range at once. Any write
 * through the API drops them (platform/write-epoch.ts); writes outside it show within 3 s.
 */
function cachedFigures<V>(db: Db, kind: 'day' | 'admin', query: OrderCountQuery | OrderAdminCountQuery, timeZone: string, load: () => Promise<V>): Promise<V> {
  const key = [kind, timeZone, query.start_date, query.end_date, query.state_id, query.country_id, 'admin_id' in query ? query.admin_id : undefined]
    .map((v) => v ?? '').join('|');
  return readThrough(db, 'orders-statistics', key, load);
}

/** GET /api/admin/statistics/by_orders_count: per office day created; getlist=true: the orders (list rows). */
export async function readOrderCounts(db: Db, query: OrderCountQuery, timeZone: string): Promise<OrderCountReply> {
  if (isDrillDown(query)) return drillDown(db, query, timeZone);
  return cachedFigures(db, 'day', query, timeZone, () => sumOrderCounts(db, query, timeZone));
}

async function sumOrderCounts(db: Db, query: OrderCountQuery, timeZone: string): Promise<OrderCountReply> {
  const rollup = rollupFilterOf(query, timeZone);
  if (rollup) {
    const { rows: data, total } = await sumOrderFiguresFromRollup(db, rollup, false);
    return { data, total };
  }
  const rows = await aggregateOrderCounts(db, await buildOrderFilterWhere(db, statisticsFilters(query), timeZone), timeZone, false);
  const data = rows.map(({ changed_date, order_count, price, price_try, price_usd }) => ({ changed_date, order_count, price, price_try, price_usd }));
  return { data, total: totalsOf(data) };
}

/** GET /api/admin/statistics/by_orders_admin_count: per office day and executor; getlist=true: the orders. */
export async function readOrderAdminCounts(db: Db, query: OrderAdminCountQuery, timeZone: string): Promise<OrderAdminCountReply> {
  if (isDrillDown(query)) return drillDown(db, query, timeZone);
  return cachedFigures(db, 'admin', query, timeZone, () => sumOrderAdminCounts(db, query, timeZone));
}

async function sumOrderAdminCounts(db: Db, query: OrderAdminCountQuery, timeZone: string): Promise<OrderAdminCountReply> {
  const rollup = rollupFilterOf(query, timeZone);
  if (rollup) {
    // a year is ~2,300 rows: named in place (the executors are a handful), no copy of each row
    const { rows, total } = await sumOrderFiguresFromRollup(db, rollup, true);
    const names = await findPeopleNames(db, [...new Set(rows.map((r) => r.user_id).filter((x): x is number => typeof x === 'number'))]);
    for (const r of rows) r.user_name = names.get(r.user_id as number) ?? '';
    return { data: rows as (typeof rows[number] & { user_id: number | null; user_name: string })[], total };
  }
  const rows = await aggregateOrderCounts(db, await buildOrderFilterWhere(db, statisticsFilters(query), timeZone), timeZone, true);
  const names = await findPeopleNames(db, [...new Set(rows.map((r) => r.user_id).filter((x): x is number => typeof x === 'number'))]);
  const data = rows.map((r) => ({
    changed_date: r.changed_date, order_count: r.order_count, price: r.price, price_try: r.price_try, price_usd: r.price_usd,
    user_id: (r.user_id as number | null | undefined) ?? null, user_name: names.get(r.user_id as number) ?? '',
  }));
  return { data, total: totalsOf(data) };
}
