import { date, integer, numeric, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/*
 * Rollups of the statistics pages (issue 19 item 4), kept by the database: statement-level
 * triggers with transition tables (migrations-extra/21-statistics-pages.sql), like flight_totals
 * and cash_flow_daily. Days are office days (Asia/Baku, as cash_flow_daily). A page reads a year
 * as a few thousand rows instead of scanning a million parcels.
 */

/**
 * Live declarations (deleted_at null) by the office day they were created (the declarations
 * list's date_from/date_to), their status now, branch, partner company and plan category.
 * 0 stands for "none" in branch, partner and plan category. Rows that fell to 0 stay.
 */
export const declarationStatsDaily = pgTable('declaration_stats_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  statusId: integer('status_id').notNull(),
  branchId: integer('branch_id').notNull().default(0),
  partnerId: integer('partner_id').notNull().default(0),
  planCategoryId: integer('plan_category_id').notNull().default(0),
  count: integer('count').notNull().default(0),
  price: numeric('price', { precision: 16, scale: 2 }).notNull().default('0'),
  deliveryPrice: numeric('delivery_price', { precision: 16, scale: 2 }).notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.day, t.statusId, t.branchId, t.partnerId, t.planCategoryId] })]);

/**
 * Customers' balance operations by office day (created_at, the transactions list's created_at
 * filter), object model (0: none, 1: a handover's declaration payment), type, payment type and
 * status: count and AZN sum.
 */
export const balanceStatsDaily = pgTable('balance_stats_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  /** 0: no object (manual operations), 1: declaration_payment */
  objectKind: smallint('object_kind').notNull(),
  type: smallint('type').notNull(),
  paymentType: smallint('payment_type').notNull(),
  statusId: integer('status_id').notNull(),
  count: integer('count').notNull().default(0),
  amountAzn: numeric('amount_azn', { precision: 16, scale: 2 }).notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.day, t.objectKind, t.type, t.paymentType, t.statusId] })]);

/**
 * Counter payments for parcels (declaration_payments, one per handover) by office day and main
 * payment type (the largest part: cash 1, terminal 3, the customer's balance 7): payments, parcels,
 * delivery debt in USD and AZN, AZN paid.
 */
export const declarationPaymentStatsDaily = pgTable('declaration_payment_stats_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  paymentType: smallint('payment_type').notNull(),
  payments: integer('payments').notNull().default(0),
  parcels: integer('parcels').notNull().default(0),
  debtUsd: numeric('debt_usd', { precision: 16, scale: 2 }).notNull().default('0'),
  debtAzn: numeric('debt_azn', { precision: 16, scale: 2 }).notNull().default('0'),
  paidAzn: numeric('paid_azn', { precision: 16, scale: 2 }).notNull().default('0'),
}, (t) => [primaryKey({ columns: [t.day, t.paymentType] })]);
