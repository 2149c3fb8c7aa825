import { date, index, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Official AZN rates of the central bank (integrations/currency-rates.md), one row per currency
 * and published day. `rate` is AZN per one unit (Value ÷ Nominal); the latest is also copied to
 * currencies.currency_rate, which the screens and GET /api/client/cbar read.
 */
export const currencyRates = pgTable('currency_rates', {
  currencyCode: varchar('currency_code', { length: 3 }).notNull(),
  rateDate: date('rate_date', { mode: 'string' }).notNull(),
  nominal: integer('nominal').notNull().default(1),
  value: numeric('value', { precision: 14, scale: 4 }).notNull(),
  rate: numeric('rate', { precision: 16, scale: 6 }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.currencyCode, t.rateDate] }), index('currency_rates_date_idx').on(t.rateDate)]);
