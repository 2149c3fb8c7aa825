import { date, integer, numeric, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/*
 * The statistics pages' own rollup (issue 19 item 4), kept by the database: statement-level
 * triggers with transition tables (migration 0012 (from migrations-extra/21-statistics-pages.sql)). Days are office days
 * (Asia/Baku). Declarations and balance operations come from the landing's rollups
 * (stat_declarations_daily, stat_balance_daily in ./statistics.ts): one rollup per source table.
 */

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
