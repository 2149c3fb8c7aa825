import { boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/*
 * Statistics rollups (issue 19 item 4): counts and sums per office day, kept by statement-level
 * triggers with transition tables (migration 0012 (from migrations-extra/20-statistics.sql)), so a landing widget for a
 * year reads a few thousand rows instead of scanning a million. Every trigger adds the new rows'
 * and subtracts the old rows' contributions in one grouped upsert (in key order, so concurrent
 * statements lock rollup rows in one order), whoever writes the source table. Days are the office's
 * (STATISTICS_TIME_ZONE, Asia/Baku: a parcel at 23:30 Baku time belongs to that day). Nullable
 * dimensions are stored as 0 (no branch, no partner). Rows whose count falls to 0 stay (harmless).
 */
export const STATISTICS_TIME_ZONE = 'Asia/Baku';

/**
 * Live declarations (deleted_at is null) by created day × status × country × branch × partner ×
 * plan category × customs flags: count, price and delivery price sums (a null price counts as 0).
 * The one rollup of declarations: the landing and the statistics pages (modules/statistics/pages) read it.
 */
export const statDeclarationsDaily = pgTable('stat_declarations_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  statusId: integer('status_id').notNull(),
  countryId: integer('country_id').notNull(),
  /** 0: no branch. */
  branchId: integer('branch_id').notNull().default(0),
  /** declarations.partner_id; 0: the office's own parcel. */
  partnerId: integer('partner_id').notNull().default(0),
  /** declarations.plan_category_id; 0: none. */
  planCategoryId: integer('plan_category_id').notNull().default(0),
  /** Declared to customs (declarations.customs). */
  customs: boolean('customs').notNull(),
  /** Put in a box (declarations.container_id is set). */
  boxed: boolean('boxed').notNull(),
  count: integer('count').notNull().default(0),
  price: numeric('price', { precision: 16, scale: 2 }).notNull().default('0'),
  deliveryPrice: numeric('delivery_price', { precision: 16, scale: 2 }).notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.day, t.statusId, t.countryId, t.branchId, t.partnerId, t.planCategoryId, t.customs, t.boxed] })]);

/**
 * Declarations' status changes per office day (status_history rows of model 2), by the status
 * reached: arrivals are changes to 9 (local warehouse), handovers changes to 10. The partner is the
 * declaration's when the change was written.
 */
export const statDeclarationMovesDaily = pgTable('stat_declaration_moves_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  stateId: integer('state_id').notNull(),
  partnerId: integer('partner_id').notNull().default(0),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.stateId, t.partnerId] })]);

/**
 * Live orders (deleted_at is null) by created day × status × country × executive × currency: count and
 * amount = Σ (price × quantity + cargo_price) in the order's currency. The one rollup of orders: the
 * landing and the orders statistics (by_orders_count, by_orders_admin_count) read it.
 */
export const statOrdersDaily = pgTable('stat_orders_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  statusId: integer('status_id').notNull(),
  countryId: integer('country_id').notNull(),
  /** orders.executive_id; 0: none. */
  executiveId: integer('executive_id').notNull().default(0),
  /** orders.currency (TRY, USD). */
  currency: varchar('currency', { length: 3 }).notNull(),
  count: integer('count').notNull().default(0),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
}, (t) => [
  primaryKey({ columns: [t.day, t.statusId, t.countryId, t.executiveId, t.currency] }),
  /*
   * The statistics' read (by_orders_count, by_orders_admin_count): newest day first, then executor, with
   * every column they filter or sum, so a year is an index-only scan already in the grouping's order
   * (group aggregate, no hash, no sort; measured at 500,000 orders: ~30 → ~9 ms of PostgreSQL CPU for a
   * year by executor). Count and amount as key columns because drizzle has no INCLUDE.
   */
  index('stat_orders_daily_read_idx').on(t.day.desc().nullsFirst(), t.executiveId, t.currency, t.statusId, t.countryId, t.count, t.amount),
]);

/** Customers (users with admin 0, not deleted) by registration day × branch. */
export const statCustomersDaily = pgTable('stat_customers_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  branchId: integer('branch_id').notNull().default(0),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.branchId] })]);

/**
 * Balance operations by created day × type × payment type × currency × status × object kind: count,
 * amount and AZN sum. The one rollup of balance operations: the landing and the statistics pages read it.
 */
export const statBalanceDaily = pgTable('stat_balance_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  type: smallint('type').notNull(),
  paymentType: smallint('payment_type').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  statusId: integer('status_id').notNull(),
  /** 0: no object (manual operations), 1: a handover's declaration payment (object_model 'declaration_payment'), 2: another object. */
  objectKind: smallint('object_kind').notNull().default(0),
  count: integer('count').notNull().default(0),
  amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  amountAzn: numeric('amount_azn', { precision: 16, scale: 2 }).notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.day, t.type, t.paymentType, t.currency, t.statusId, t.objectKind] })]);
