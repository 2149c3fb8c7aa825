import { boolean, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/*
 * Reference lists of the settings issue (spec §2 "Settings" group) that had no table before.
 * The spec names them without fields; the fields are what an office needs (see docs in the contract).
 */

/** Return types (spec §3 "Return type"): id, name, returnReasonId. */
export const returnTypes = pgTable('return_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 160 }).notNull(),
  returnReasonId: integer('return_reason_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Regions couriers deliver to (courier price per region). */
export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  branchId: integer('branch_id'),
  courierPrice: numeric('courier_price', { precision: 14, scale: 2 }).notNull().default('0'),
  sort: integer('sort').notNull().default(0),
  descr: text('descr'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Discount coupons (type 1 percent, 2 fixed amount in AZN) for delivery or orders. */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull(),
  type: smallint('type').notNull().default(1),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  countryId: integer('country_id'),
  startsAt: date('starts_at', { mode: 'string' }),
  endsAt: date('ends_at', { mode: 'string' }),
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  descr: text('descr'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('coupons_code_idx').on(t.code)]);

/** Foreign cargo companies that bring parcels to the foreign warehouses. */
export const cargoes = pgTable('cargoes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  countryId: integer('country_id').notNull(),
  phone: varchar('phone', { length: 64 }),
  website: varchar('website', { length: 300 }),
  trackingUrl: varchar('tracking_url', { length: 300 }),
  isActive: boolean('is_active').notNull().default(true),
  descr: text('descr'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Refund requests (spec §2 "refunds", permission `returns`): money given back to a customer. */
export const refunds = pgTable('refunds', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  declarationId: integer('declaration_id'),
  returnReasonId: integer('return_reason_id'),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull().default('AZN'),
  stateId: integer('state_id').notNull(),
  descr: text('descr'),
  causerId: integer('causer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('refunds_user_idx').on(t.userId)]);

/** Cashback entries (spec §2 "cashback"): a share of a paid delivery credited to the customer. */
export const cashbacks = pgTable('cashbacks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  declarationId: integer('declaration_id'),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  percent: numeric('percent', { precision: 5, scale: 2 }).notNull().default('0'),
  stateId: integer('state_id').notNull(),
  descr: text('descr'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('cashbacks_user_idx').on(t.userId)]);
