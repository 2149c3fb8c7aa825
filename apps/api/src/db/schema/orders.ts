import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/*
 * Orders (issue 18; spec §2 "Orders", §3 "Order", §4 order statuses of model 1): products the
 * company buys on a foreign shop for a customer. Prices are in the country's currency (1 Turkey: TRY,
 * 2 America: USD), the currency the customer's balance is paid from. Amounts are numeric(14,2).
 */

/**
 * One order. `price` is the unit price, `cargo_price` the shop's domestic shipping; what the customer
 * pays is price × quantity + cargo_price plus the service percent (settings `others.orderPercent`),
 * taken from the balance when the order is paid (`paid_amount`, the sum actually charged). A price
 * change after payment never edits `paid_amount`: it writes an `order_debts` line (debt or refund).
 * `declaration_id` is the parcel that arrived for it. `is_new` is the unread flag (isnew model 1).
 */
export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  /** The shop's tracking code once it ships (empty until then); links the arriving parcel. */
  trackCode: varchar('track_code', { length: 80 }),
  userId: integer('user_id').notNull(),
  countryId: integer('country_id').notNull(),
  /** 'TRY' or 'USD', fixed by the country when the order is created. */
  currency: varchar('currency', { length: 3 }).notNull(),
  url: text('url').notNull(),
  shopName: varchar('shop_name', { length: 160 }),
  productTypeId: integer('product_type_id'),
  color: varchar('color', { length: 120 }),
  size: varchar('size', { length: 120 }),
  quantity: integer('quantity').notNull().default(1),
  /** Unit price of the product. */
  price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  /** Domestic shipping inside the shop's country. */
  cargoPrice: numeric('cargo_price', { precision: 14, scale: 2 }).notNull().default('0'),
  /** The service percent in force when the order was created (settings others.orderPercent). */
  servicePercent: numeric('service_percent', { precision: 6, scale: 2 }).notNull().default('0'),
  urgent: boolean('urgent').notNull().default(false),
  descr: text('descr'),
  couponId: integer('coupon_id'),
  /** Statuses of model 1: 5 pending, 7 awaiting payment, 8 ordered, 9 at the warehouse, 10 done, 4 rejected, 32 cancelled. */
  statusId: integer('status_id').notNull().default(5),
  payed: boolean('payed').notNull().default(false),
  /** What was taken from the balance when paid (0 until then). */
  paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Money went back to the customer (rejected or cancelled after payment). */
  returned: boolean('returned').notNull().default(false),
  /** The rejection reason (spec: client_descr). */
  clientDescr: text('client_descr'),
  /** The staff member who last worked on it (spec: executive / executor). */
  executiveId: integer('executive_id'),
  declarationId: integer('declaration_id'),
  /** Expected date (spec: waiting / expectedAt). */
  waiting: timestamp('waiting', { withTimezone: true }),
  isNew: boolean('is_new').notNull().default(true),
  /** The product preview read from the link when the order was saved (spec §3 "Product preview"). */
  preview: jsonb('preview'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  // The list's pages and sorts (bench/orders-list.ts). Ascending (…, id) indexes serve both directions:
  // read backwards they give `desc` (nulls first), the order the list's `order by x desc, id desc` asks
  // for; a `desc` index (nulls last) does not match it and the planner falls back to a full sort.
  index('orders_created_idx').on(t.createdAt, t.id).where(sql`deleted_at is null`),
  index('orders_status_idx').on(t.statusId, t.createdAt, t.id).where(sql`deleted_at is null`),
  index('orders_status_sort_idx').on(t.statusId, t.id).where(sql`deleted_at is null`),
  index('orders_user_idx').on(t.userId, t.createdAt, t.id),
  index('orders_user_sort_idx').on(t.userId, t.id).where(sql`deleted_at is null`),
  index('orders_price_idx').on(t.price, t.id).where(sql`deleted_at is null`),
  index('orders_cargo_price_idx').on(t.cargoPrice, t.id).where(sql`deleted_at is null`),
  index('orders_quantity_idx').on(t.quantity, t.id).where(sql`deleted_at is null`),
  index('orders_waiting_idx').on(t.waiting, t.id).where(sql`deleted_at is null`),
  index('orders_declaration_idx').on(t.declarationId),
  index('orders_track_code_idx').on(t.trackCode),
  // 'İzləmə kodu' and 'Mağaza' filters are substrings (ilike '%…%')
  index('orders_track_code_trgm').using('gin', sql`${t.trackCode} gin_trgm_ops`),
  index('orders_shop_name_trgm').using('gin', sql`${t.shopName} gin_trgm_ops`),
  index('orders_executive_idx').on(t.executiveId, t.createdAt),
  // counts by status and the statistics (by day, by executor) over a created_at range: index-only scans
  index('orders_stats_idx').on(t.createdAt, t.statusId, t.countryId, t.executiveId, t.currency, t.price, t.quantity, t.cargoPrice).where(sql`deleted_at is null`),
  // the sidebar badge: unread, not deleted
  index('orders_unread_idx').on(t.statusId).where(sql`is_new and deleted_at is null`),
]);

/**
 * Detailed debts of an order (spec §3 "detailedDebts": param, amount current/difference, status,
 * description, createdAt): one line per change of a priced field after payment. `param` is
 * 'price' or 'cargo_price'; `amount_current` the new value, `amount_difference` what the customer owes
 * (positive) or gets back (negative) including the service percent. Status 0 open, 1 settled
 * (paid from or refunded to the balance, `balance_operation_id`), 2 cancelled. The order's debts
 * (`diff_price`, `diff_cargo_price`) are the sums of its open lines.
 */
export const orderDebts = pgTable('order_debts', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  param: varchar('param', { length: 20 }).notNull(),
  amountPrevious: numeric('amount_previous', { precision: 14, scale: 2 }).notNull(),
  amountCurrent: numeric('amount_current', { precision: 14, scale: 2 }).notNull(),
  amountDifference: numeric('amount_difference', { precision: 14, scale: 2 }).notNull(),
  status: smallint('status').notNull().default(0),
  description: text('description'),
  balanceOperationId: bigint('balance_operation_id', { mode: 'number' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (t) => [index('order_debts_order_idx').on(t.orderId, t.id)]);
