import { z } from 'zod';
import { ZListQuery, zDateTimeOut, zDecimalOut, zFlag01, zId, zIdList, zListReply } from './common';
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
