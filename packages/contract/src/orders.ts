import { z } from 'zod';
import { INT4_MAX, ZListQuery, zDateTimeOut, zDateTimeText, zDecimalOut, zFlag, zFlag01, zId, zIdList, zInt, zListReply, zNumber } from './common';
import { fromUnits, toUnits } from './declaration-workflow';
import { azOrdersCore as t } from './texts/az-orders';
import { zDateRangeText } from './users';

/*
 * Orders (issue 18; spec §2 "Orders", §3 "Order" and "Product preview", §4 order statuses of model 1).
 * Wire names as ../shared/spec/api-fields-in-use.tsv and api-requests-in-use.tsv list them: the list,
 * the detail and the statistics drill-downs all send the same row (ZOrderRow).
 *
 * This file is the shared core (ids, colours, the row, list query); each part of the orders domain
 * adds its own schemas below its own banner.
 */

/** Statuses of model 1 (spec §4). */
export const ORDER_STATUS = {
  rejected: 4, pending: 5, awaitingPayment: 7, ordered: 8, atWarehouse: 9, completed: 10, cancelled: 32,
} as const;
/** spec §4: order status tag colours by id. */
export const ORDER_STATUS_COLORS: Record<number, string> = { 4: 'red', 5: 'orange', 7: 'purple', 8: 'blue', 9: 'lime', 10: 'green', 32: 'red' };
/** The life of an order in the timeline's order (spec §2 "Timeline steps"); 4 and 32 end it early. */
export const ORDER_STATUS_FLOW: readonly number[] = [5, 7, 8, 9, 10];

/** spec §9: the price currency follows the country: ₺ (TRY) for 1 Turkey, $ (USD) otherwise. */
export function orderCurrency(countryId: number): 'TRY' | 'USD' {
  return countryId === 1 ? 'TRY' : 'USD';
}
export function orderCurrencySymbol(countryId: number): '₺' | '$' {
  return countryId === 1 ? '₺' : '$';
}

/** spec §9 export file name: orders_list_{random}.csv. */
export const ORDERS_CSV_PREFIX = 'orders_list_';

const int = () => z.number().int();

/** One order as the list, the detail and the statistics drill-downs send it. */
export const ZOrderRow = z.object({
  id: int(),
  track_code: z.string(),
  user_id: int(),
  /** The customer code shown in 'M. kodu' (the list filters by it). */
  user_code: z.string().nullable(),
  user_name: z.string(),
  country_id: int(),
  country_name: z.string().nullable(),
  currency: z.enum(['TRY', 'USD']),
  state_id: int(),
  state_name: z.string(),
  payed: zFlag01,
  return: zFlag01,
  coupon_id: int(),
  url: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: int(),
  /** Unit price (number-as-string). */
  price: zDecimalOut,
  /** Domestic shipping (number-as-string). */
  cargo_price: zDecimalOut,
  shop_name: z.string(),
  product_type_id: int().nullable(),
  product_type_name: z.string().nullable(),
  executive: z.string().nullable(),
  executive_id: int().nullable(),
  declaration_id: int().nullable(),
  track_code_declaration: z.string().nullable(),
  /** Open debt lines: product price difference, shipping difference (negative: owed back). */
  diff_price: z.number(),
  diff_cargo_price: z.number(),
  is_new: zFlag01,
  urgent: zFlag01,
  client_descr: z.string().nullable(),
  descr: z.string().nullable(),
  /** What was taken from the balance (number-as-string, '0.00' unpaid). */
  paid_amount: zDecimalOut,
  /** The service percent of the order (settings others.orderPercent when created). */
  service_percent: zDecimalOut,
  waiting: zDateTimeOut.nullable(),
  updated_at: zDateTimeOut.nullable(),
  created_at: zDateTimeOut,
});
export type OrderRow = z.infer<typeof ZOrderRow>;

// ---------------------------------------------------------------- list (GET v2/orders/getlist), its export and bulk status

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = z.preprocess((v) => (typeof v === 'number' ? String(v) : blank(v)), z.string().trim().max(200).optional());

export const ZOrderListFilters = z.object({
  /** 'M. kodu': the customer code (exact). */
  user_id: text,
  /** 'Müştəri': part of the customer's name. */
  user_name: text,
  /** Our own exact customer id filter (links from a customer's page). */
  customer_id: z.preprocess(blank, zId.optional()),
  country_id: zIdList,
  track_code: text,
  shop_name: text,
  state_id: zIdList,
  payed: z.preprocess(blank, z.enum(['1', '0']).optional()),
  /** 'Düzəliş edən': part of the executor's name. */
  executive: text,
  /** Exact executor id (statistics by admin drill-down). */
  executive_id: z.preprocess(blank, zId.optional()),
  declaration_id: z.preprocess(blank, zId.optional()),
  id: z.preprocess(blank, zId.optional()),
  /** 'Gözlənilən tarix': 'YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss'. */
  waiting: zDateRangeText,
  /** 'Yaradılma tarixi'. */
  created_at: zDateRangeText,
});
export type OrderListFilters = z.infer<typeof ZOrderListFilters>;

export const ORDER_SORT_COLUMNS = ['id', 'created_at', 'price', 'cargo_price', 'quantity', 'waiting', 'state_id', 'user_id'] as const;

export const ZOrderListQuery = ZListQuery.extend({
  sort_column: z.enum(ORDER_SORT_COLUMNS).optional(),
}).extend(ZOrderListFilters.shape);
export type OrderListQuery = z.infer<typeof ZOrderListQuery>;
export const ZOrderListReply = zListReply(ZOrderRow);
export type OrderListReply = z.infer<typeof ZOrderListReply>;

// ================================================================ orders: payment, debts, statuses (B orders-api-money)
// POST orders/pay, POST orders/edit/state, v2/orders/edit/state, orders/bulk_reject (the debt lines are read by orders/info).

/**
 * Which status an order may go to from each status (spec §4; the web greys out the others). Paid
 * work (8 ordered, 9 at the warehouse, 10 completed) needs payment (ORDER_PAID_STATUSES); 4
 * rejected (with a reason) and 32 cancelled refund what was paid and end the order, like 10
 * completed: nothing leaves them. One step back is allowed for corrections (7 → 5, 9 → 8); a
 * completed order is closed. An order already at the target status is skipped, not refused.
 */
export const ORDER_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  [ORDER_STATUS.pending]: [ORDER_STATUS.awaitingPayment, ORDER_STATUS.ordered, ORDER_STATUS.rejected, ORDER_STATUS.cancelled],
  [ORDER_STATUS.awaitingPayment]: [ORDER_STATUS.pending, ORDER_STATUS.ordered, ORDER_STATUS.rejected, ORDER_STATUS.cancelled],
  [ORDER_STATUS.ordered]: [ORDER_STATUS.atWarehouse, ORDER_STATUS.completed, ORDER_STATUS.rejected, ORDER_STATUS.cancelled],
  [ORDER_STATUS.atWarehouse]: [ORDER_STATUS.ordered, ORDER_STATUS.completed],
  [ORDER_STATUS.completed]: [],
  [ORDER_STATUS.rejected]: [],
  [ORDER_STATUS.cancelled]: [],
};
/** Statuses that need the order paid first (orders-shared: 8 and later). */
export const ORDER_PAID_STATUSES: readonly number[] = [ORDER_STATUS.ordered, ORDER_STATUS.atWarehouse, ORDER_STATUS.completed];
/** Statuses that give the money back (refund through the ledger, `return` = 1). */
export const ORDER_REFUND_STATUSES: readonly number[] = [ORDER_STATUS.rejected, ORDER_STATUS.cancelled];
/** Statuses an order never leaves; a rejected or cancelled one cannot be paid either. */
export const ORDER_FINAL_STATUSES: readonly number[] = [ORDER_STATUS.rejected, ORDER_STATUS.completed, ORDER_STATUS.cancelled];

/** Why a status cannot be given (null: it can); the web greys the option out, the server refuses with the same rule. */
export function orderTransitionProblem(from: number, to: number, payed: boolean): 'same' | 'notAllowed' | 'needsPayment' | null {
  if (from === to) return 'same';
  if (!(ORDER_TRANSITIONS[from] ?? []).includes(to)) return 'notAllowed';
  if (ORDER_PAID_STATUSES.includes(to) && !payed) return 'needsPayment';
  return null;
}

const SCALE = 2;
const PERCENT_UNITS = 10_000n; // 100 % at 2 decimals
const divideHalfUp = (n: bigint, d: bigint) => {
  const negative = n < 0n;
  const a = negative ? -n : n;
  const q = (a * 2n + d) / (d * 2n);
  return negative ? -q : q;
};
/**
 * What the customer pays for an order (orders-shared): (price × quantity + cargo_price) ×
 * (1 + service_percent / 100), 2 decimals half up, exact (no floats).
 */
export function orderAmountDue(o: { price: string; quantity: number; cargo_price: string; service_percent: string }): string {
  const base = toUnits(o.price, SCALE) * BigInt(Math.trunc(o.quantity)) + toUnits(o.cargo_price, SCALE);
  return fromUnits(divideHalfUp(base * (PERCENT_UNITS + toUnits(o.service_percent, SCALE)), PERCENT_UNITS), SCALE);
}

/** 'price' (price × quantity) or 'cargo_price' (ORDER_DEBT_PARAMS, with ORDER_DEBT_STATUS in A's section below). */
export type OrderDebtParam = 'price' | 'cargo_price';

const orderIdList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(/[,/]/) : v;
  if (!Array.isArray(items)) return items;
  return items.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
}, z.array(zId).min(1).max(1000));
const reason = z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : blank(v)), z.string().max(500).optional());

/** POST /api/admin/orders/pay?order_id= (our own path): pays the order, or its open debt lines once paid. */
export const ZOrderPayQuery = z.object({ order_id: zId });
export type OrderPayQuery = z.infer<typeof ZOrderPayQuery>;
export const ZOrderPayReply = z.object({
  message: z.string(),
  data: ZOrderRow,
  /** What this call took from the balance (number-as-string) and the balance operation that took it. */
  charged: zDecimalOut,
  balance_operation_id: int(),
});
export type OrderPayReply = z.infer<typeof ZOrderPayReply>;

/** POST /api/admin/orders/edit/state?order_id=1,2&state_id=&client_descr= (ids also joined by '/', as orders/{id}/reject). */
export const ZOrderStateQuery = z.object({ order_id: orderIdList, state_id: zId, client_descr: reason });
export type OrderStateQuery = z.infer<typeof ZOrderStateQuery>;

/** Bulk over the list's filters: at most this many orders at once (the call is refused above it). */
export const ORDER_BULK_STATE_MAX = 10_000;
/** POST /api/admin/v2/orders/edit/state: every order the list filters match (the table's page and sort are ignored). */
export const ZOrderBulkStateQuery = ZOrderListQuery.extend({ new_state_id: zId, new_client_descr: reason });
export type OrderBulkStateQuery = z.infer<typeof ZOrderBulkStateQuery>;
/** POST /api/admin/orders/bulk_reject: status 4 for every order the filters match, with the reason. */
export const ZOrderBulkRejectQuery = ZOrderListQuery.extend({ client_descr: reason, new_client_descr: reason });
export type OrderBulkRejectQuery = z.infer<typeof ZOrderBulkRejectQuery>;
export const ZOrderStateReply = z.object({
  message: z.string(),
  data: z.object({
    /** The orders whose status changed. */
    ids: z.array(int()),
    /** Already at the status: left as they were. */
    skipped: z.array(int()),
    /** Of `ids`, those whose money went back to the balance. */
    refunded: z.array(int()),
  }),
});
export type OrderStateReply = z.infer<typeof ZOrderStateReply>;

// ================================================================ orders-api-core (engineer A): form, info, states, counts, statistics, links

export const ORDER_URL_MAX = 2000;
export const ORDER_DESCR_MAX = 2000;
export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 1000;
export const ORDER_PRICE_MAX = '999999999.99';

const FORM_MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** A positive id; `required` is the text for a missing one (null: optional → null when blank). */
function formId(required: string | null, bad: string) {
  return z.unknown().optional().transform((raw, ctx): number | null => {
    const v = trimmed(raw);
    if (isBlank(v)) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return null;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n <= 0 || n > INT4_MAX) ctx.addIssue({ code: 'custom', message: bad });
    return n;
  });
}
/** Optional text up to `max` characters (blank → null). */
function formText(max: number, tooLong: string) {
  return z.unknown().optional().transform((raw, ctx): string | null => {
    const v = trimmed(raw);
    if (isBlank(v)) return null;
    if (typeof v !== 'string' && typeof v !== 'number') { ctx.addIssue({ code: 'custom', message: tooLong }); return null; }
    const text = String(v);
    if (text.length > max) ctx.addIssue({ code: 'custom', message: tooLong });
    return text;
  });
}
/** Money 0–999999999.99 with at most 2 decimals, kept as exact text ('12.5' → '12.50'). */
function formMoney(required: string | null, bad: string) {
  return z.unknown().optional().transform((raw, ctx): string | null => {
    const v = typeof raw === 'number' ? String(raw) : trimmed(raw);
    if (isBlank(v)) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return null;
    }
    const text = typeof v === 'string' ? v.replace(',', '.') : '';
    if (!FORM_MONEY.test(text)) { ctx.addIssue({ code: 'custom', message: bad }); return null; }
    const [whole, fraction = ''] = text.split('.');
    return `${String(Number(whole))}.${fraction.padEnd(2, '0')}`;
  });
}

/** spec §7 "orders/create or edit (multipart)": the wire names of api-requests-in-use.tsv, plus coupon_id, waiting, track_code, preview. */
export const ZOrderForm = z.object({
  user_id: formId(t.customerRequired, t.customerNotFound),
  country_id: formId(t.countryRequired, t.countryNotFound),
  url: z.unknown().optional().transform((raw, ctx): string => {
    const v = trimmed(raw);
    if (isBlank(v) || typeof v !== 'string') { ctx.addIssue({ code: 'custom', message: t.urlRequired }); return ''; }
    if (v.length > ORDER_URL_MAX) ctx.addIssue({ code: 'custom', message: t.urlTooLong });
    else if (!isHttpUrl(v)) ctx.addIssue({ code: 'custom', message: t.urlInvalid });
    return v;
  }),
  shop_name: formText(160, t.shopNameTooLong),
  product_type_id: formId(null, t.productTypeInvalid),
  color: formText(120, t.colorTooLong),
  size: formText(120, t.sizeTooLong),
  quantity: z.unknown().optional().transform((raw, ctx): number => {
    const v = trimmed(raw);
    if (isBlank(v)) { ctx.addIssue({ code: 'custom', message: t.quantityRequired }); return 0; }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,7}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < ORDER_QUANTITY_MIN || n > ORDER_QUANTITY_MAX) ctx.addIssue({ code: 'custom', message: t.quantityRange });
    return n;
  }),
  price: formMoney(t.priceRequired, t.priceInvalid),
  cargo_price: formMoney(null, t.cargoPriceInvalid),
  urgent: z.preprocess((v) => (isBlank(v) ? undefined : v), zFlag.optional()).transform((v) => v ?? false),
  descr: formText(ORDER_DESCR_MAX, t.descrTooLong),
  coupon_id: formId(null, t.couponInvalid).optional(),
  /** Expected date 'YYYY-MM-DD[ HH:mm[:ss]]' (office time); absent: unchanged on edit, blank: cleared. */
  waiting: z.unknown().optional().transform((raw, ctx): string | null | undefined => {
    if (raw === undefined) return undefined;
    const v = trimmed(raw);
    if (isBlank(v)) return null;
    if (typeof v !== 'string' || !zDateTimeText.safeParse(v).success) ctx.addIssue({ code: 'custom', message: t.waitingInvalid });
    return typeof v === 'string' ? v : null;
  }),
  /** The shop's tracking code; absent: unchanged on edit. */
  track_code: z.unknown().optional().transform((raw, ctx): string | null | undefined => {
    if (raw === undefined) return undefined;
    const v = trimmed(raw);
    if (isBlank(v)) return null;
    const text = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    if (text.length > 80) ctx.addIssue({ code: 'custom', message: t.trackCodeTooLong });
    return text;
  }),
  /** The product preview the form already read (ZProductPreview as JSON text); absent: the server reads it from the link on create. */
  preview: z.unknown().optional().transform((raw, ctx): Record<string, unknown> | null | undefined => {
    if (raw === undefined) return undefined;
    if (isBlank(raw)) return null;
    try {
      const value: unknown = typeof raw === 'string' ? (raw.length <= 200_000 ? JSON.parse(raw) : undefined) : raw;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch { /* refused below */ }
    ctx.addIssue({ code: 'custom', message: t.previewInvalid });
    return null;
  }),
});
export type OrderForm = z.infer<typeof ZOrderForm>;
/** orders/edit: the same form with the order's id. */
export const ZOrderEditForm = ZOrderForm.extend({ order_id: zId });
export type OrderEditForm = z.infer<typeof ZOrderEditForm>;


/** Only http(s) links with a host (spec §7 "the product link"). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const ZOrderIdQuery = z.object({ order_id: zId });
/** GET orders/service_percent: the service percent a new order takes (settings others.orderPercent), for the form's amount due. */
export const ZOrderServicePercentReply = z.object({ data: z.object({ order_percent: zDecimalOut }) });
export type OrderServicePercentReply = z.infer<typeof ZOrderServicePercentReply>;
export type OrderIdQuery = z.infer<typeof ZOrderIdQuery>;
/** orders/cancel?order_id=1,2 (ids joined with ','). */
export const ZOrderIdsQuery = z.object({ order_id: zIdList.pipe(z.array(z.number().int().positive()).min(1).max(1000)) });
export type OrderIdsQuery = z.infer<typeof ZOrderIdsQuery>;

/** create/edit/link: the saved order's row. */
export const ZOrderSavedReply = z.object({ message: z.string(), data: ZOrderRow });
export type OrderSavedReply = z.infer<typeof ZOrderSavedReply>;
export const ZOrderIdsReply = z.object({ message: z.string(), data: z.object({ ids: z.array(int()) }) });
export type OrderIdsReply = z.infer<typeof ZOrderIdsReply>;

/** Debt line statuses (order_debts.status): 0 open (owed), 1 settled (paid from / refunded to the balance), 2 cancelled (the order was refunded). */
export const ORDER_DEBT_STATUS = { open: 0, settled: 1, cancelled: 2 } as const;
/** Parameters of a debt line: 'price' is price × quantity, 'cargo_price' the domestic shipping. */
export const ORDER_DEBT_PARAMS = ['price', 'cargo_price'] as const;

/** One detailed debt line (spec §3 "detailedDebts"; wire names of orders/info `debts[]`). */
export const ZOrderDebtRow = z.object({
  id: int(),
  order_id: int(),
  /** 'price' (price × quantity) or 'cargo_price'. */
  params: z.string(),
  previous_amount: z.number(),
  current_amount: z.number(),
  /** Owed (positive) or given back (negative), service percent included. */
  diff_amount: z.number(),
  state_id: int(),
  state_name: z.string(),
  descr: z.string().nullable(),
  balance_operation_id: int().nullable(),
  created_at: zDateTimeOut,
  settled_at: zDateTimeOut.nullable(),
});
export type OrderDebtRow = z.infer<typeof ZOrderDebtRow>;

/**
 * GET orders/info?order_id: the row plus the stored preview, the debt lines (`debts`, as clients
 * read them: the detailed lines; their open sums are the row's diff_price / diff_cargo_price) and
 * what a reject/cancel would give back now (`amounts_to_refund`: paid + settled debt payments −
 * refunds made, service percent included; 0 once returned).
 */
export const ZOrderInfo = ZOrderRow.extend({
  preview: z.record(z.string(), z.unknown()).nullable(),
  /** The detailed debt lines (B's ZOrderDebtRow, as orders/debts sends them). */
  debts: z.array(ZOrderDebtRow),
  amounts_to_refund: zDecimalOut,
  /** What paying it now would take: amount due (unpaid) or the open debts (paid). */
  amount_due: zDecimalOut,
});
export type OrderInfo = z.infer<typeof ZOrderInfo>;
export const ZOrderInfoReply = z.object({ data: ZOrderInfo });
export type OrderInfoReply = z.infer<typeof ZOrderInfoReply>;

/** GET orders/getstates?order_id: the status history, oldest first; `current` marks the last. */
export const ZOrderStateRow = z.object({
  id: int(),
  state_id: int(),
  state_name: z.string(),
  user_id: int().nullable(),
  user_name: z.string(),
  current: zFlag01,
  descr: z.string().nullable(),
  created_at: zDateTimeOut.nullable(),
});
export type OrderStateRow = z.infer<typeof ZOrderStateRow>;
export const ZOrderStatesReply = z.object({ data: z.array(ZOrderStateRow) });
export type OrderStatesReply = z.infer<typeof ZOrderStatesReply>;

/** GET orders/counts_by_status (the list's filters): one row per status of model 1, zero counts included. */
export const ZOrderCountsQuery = ZOrderListFilters;
export type OrderCountsQuery = z.infer<typeof ZOrderCountsQuery>;
export const ZOrderCountsReply = z.object({
  data: z.array(z.object({ state_id: int(), name: z.string(), color: z.string(), count: int() })),
  total: int(),
});
export type OrderCountsReply = z.infer<typeof ZOrderCountsReply>;

/** GET orders/export and orders/export_csv: the list's filters and sort (all pages, up to 100,000 rows). */
export const ZOrderExportQuery = ZOrderListQuery.partial({ page: true, per_page: true });
export type OrderExportQuery = z.infer<typeof ZOrderExportQuery>;

/** POST orders/link_declaration: order_id and declaration_id or the parcel's track code (global or ours). */
export const ZOrderLinkForm = z.object({
  order_id: zId,
  declaration_id: z.preprocess((v) => (isBlank(trimmed(v)) ? undefined : v), zId.optional()),
  track_code: z.preprocess((v) => (isBlank(trimmed(v)) ? undefined : trimmed(v)), z.string().max(80).optional()),
});
export type OrderLinkForm = z.infer<typeof ZOrderLinkForm>;

/** isnew with model_id 1 (the declarations' route dispatches it here). */
export const ZOrderIsNewQuery = z.object({ model_id: zInt.pipe(z.literal(1)), object_id: zIdList.pipe(z.array(z.number().int().positive()).min(1).max(1000)), is_new: zFlag });
export type OrderIsNewQuery = z.infer<typeof ZOrderIsNewQuery>;

// ---------------------------------------------------------------- statistics/by_orders_count, by_orders_admin_count

const statDate = z.preprocess((v) => (isBlank(trimmed(v)) ? undefined : trimmed(v)), zDateTimeText.optional());
const statsPaging = {
  getlist: z.preprocess((v) => (isBlank(v) ? undefined : String(v)), z.enum(['true', 'false', '1', '0']).optional()),
  page: zNumber().int().min(1).max(INT4_MAX).default(1),
  per_page: zNumber().int().min(1).max(500).default(25),
  sort_column: z.enum(ORDER_SORT_COLUMNS).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
};
/** Orders created between start_date and end_date (office days; a day alone means the whole day), of a status / country. */
export const ZOrderCountQuery = z.object({
  start_date: statDate,
  end_date: statDate,
  state_id: z.preprocess((v) => (isBlank(v) ? undefined : v), zId.optional()),
  country_id: z.preprocess((v) => (isBlank(v) ? undefined : v), zId.optional()),
  ...statsPaging,
});
export type OrderCountQuery = z.infer<typeof ZOrderCountQuery>;
/** The same per executor (admin_id = the order's executive). */
export const ZOrderAdminCountQuery = z.object({
  start_date: statDate,
  end_date: statDate,
  admin_id: z.preprocess((v) => (isBlank(v) ? undefined : v), zId.optional()),
  country_id: z.preprocess((v) => (isBlank(v) ? undefined : v), zId.optional()),
  state_id: z.preprocess((v) => (isBlank(v) ? undefined : v), zId.optional()),
  ...statsPaging,
});
export type OrderAdminCountQuery = z.infer<typeof ZOrderAdminCountQuery>;

/**
 * One aggregate row: the office day the orders were created (`changed_date`), how many, and
 * `price` = Σ (price × quantity + cargo_price) in the orders' own currencies (price_try / price_usd
 * split it; filter by country for one currency).
 */
export const ZOrderCountRow = z.object({
  changed_date: z.string(),
  order_count: int(),
  price: zDecimalOut,
  price_try: zDecimalOut,
  price_usd: zDecimalOut,
});
export const ZOrderAdminCountRow = ZOrderCountRow.extend({ user_id: int().nullable(), user_name: z.string() });
const ZOrderCountTotal = z.object({ order_count: int(), price: zDecimalOut, price_try: zDecimalOut, price_usd: zDecimalOut });
export const ZOrderCountReply = z.union([
  z.object({ data: z.array(ZOrderCountRow), total: ZOrderCountTotal }),
  ZOrderListReply,
]);
export type OrderCountReply = z.infer<typeof ZOrderCountReply>;
export const ZOrderAdminCountReply = z.union([
  z.object({ data: z.array(ZOrderAdminCountRow), total: ZOrderCountTotal }),
  ZOrderListReply,
]);
export type OrderAdminCountReply = z.infer<typeof ZOrderAdminCountReply>;
