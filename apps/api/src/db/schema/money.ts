import { integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Cash registers (kassa): the user's own register shows in the top bar. */
export const cashRegisters = pgTable('cash_registers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  currencyId: integer('currency_id').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
