import { bigserial, boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/*
 * Money (DOMAIN §6, spec §3 "Transaction", "Cash register"): the company's cash registers and
 * their ledger, and the customers' balance operations. Amounts are numeric(14,2), exact.
 */

/** Cash registers (kassa): the user's own register shows in the top bar. */
export const cashRegisters = pgTable('cash_registers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  currencyId: integer('currency_id').notNull(),
  /** spec §3: the initial amount, not editable on edit. */
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  /** What the register holds now: the initial amount plus every entry (changed under a row lock). */
  balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * The ledger of a cash register (the cash-flow transactions of spec §3): one row per movement,
 * with the register's balance before it. type 1 income (Mədaxil), 2 expense (Məxaric); a transfer
 * is an expense and an income sharing `transfer_id`. `reason` names what caused it
 * ('handover', 'manual', …), `object_model`/`object_id` the record (e.g. 'declaration_payment', 12).
 */
export const cashRegisterEntries = pgTable('cash_register_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  cashRegisterId: integer('cash_register_id').notNull(),
  type: smallint('type').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  currencyId: integer('currency_id').notNull(),
  balanceBefore: numeric('balance_before', { precision: 14, scale: 2 }).notNull(),
  /** Payment type of spec §3 "Transaction" (1 cash, 3 terminal, …). */
  paymentType: smallint('payment_type'),
  reason: varchar('reason', { length: 40 }).notNull(),
  objectModel: varchar('object_model', { length: 40 }),
  objectId: integer('object_id'),
  /** The customer the money came from or went to, when there is one. */
  customerId: integer('customer_id'),
  /** Cash categories (the cash-flow screens, later). */
  categoryId: integer('category_id'),
  isTransfer: boolean('is_transfer').notNull().default(false),
  transferId: integer('transfer_id'),
  description: text('description'),
  /** The executor. */
  userId: integer('user_id'),
  operatedAt: timestamp('operated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
}, (t) => [
  index('cash_register_entries_register_idx').on(t.cashRegisterId, t.operatedAt),
  index('cash_register_entries_object_idx').on(t.objectModel, t.objectId),
]);

/**
 * Balance operations of customers (spec §3 "Transaction", the transactions screen): type 1 income,
 * 2 expense; payment types 1 to 8; statuses of model 4 (17 pending, 18 confirmed, 19 refunded, 21
 * cancelled); `before_balance` is the customer's balance in `currency` before it (null for AZN,
 * which customers hold no balance in); `amount_azn` its value in AZN.
 */
export const balanceOperations = pgTable('balance_operations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  type: smallint('type').notNull(),
  paymentType: smallint('payment_type').notNull(),
  statusId: integer('status_id').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  amountAzn: numeric('amount_azn', { precision: 14, scale: 2 }).notNull(),
  beforeBalance: numeric('before_balance', { precision: 14, scale: 2 }),
  cashback: numeric('cashback', { precision: 14, scale: 2 }).notNull().default('0'),
  objectModel: varchar('object_model', { length: 40 }),
  objectId: integer('object_id'),
  description: text('description'),
  createdBy: integer('created_by'),
  confirmedBy: integer('confirmed_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
}, (t) => [
  index('balance_operations_user_idx').on(t.userId, t.createdAt),
  index('balance_operations_created_idx').on(t.createdAt),
  index('balance_operations_object_idx').on(t.objectModel, t.objectId),
]);
