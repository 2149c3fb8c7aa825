import { bigint, bigserial, boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
 * Cash-flow transactions (spec §3 "Cash-flow transaction", the cash-flow screens; decision 0009): the
 * document of one movement of a register's money. type 1 income (Mədaxil), 2 expense (Məxaric); a
 * transfer is type 2 on the source with `is_transfer` and its target fields. `reason` names what
 * caused it ('manual', 'transfer', 'handover', 'balance'), `object_model`/`object_id` the record
 * (e.g. 'declaration_payment', 12). The document may be edited (its type kept) or cancelled (status
 * 21); the money itself moves only through `cash_register_entries`.
 */
export const cashOperations = pgTable('cash_operations', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull(),
  cashRegisterId: integer('cash_register_id').notNull(),
  currencyId: integer('currency_id').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  /** Payment type of spec §3 "Transaction" (1 cash, 3 terminal, …). */
  paymentType: smallint('payment_type'),
  /** The cash category (for a transfer: the expense side's). */
  categoryId: integer('category_id'),
  isTransfer: boolean('is_transfer').notNull().default(false),
  transferCashRegisterId: integer('transfer_cash_register_id'),
  transferCurrencyId: integer('transfer_currency_id'),
  transferAmount: numeric('transfer_amount', { precision: 14, scale: 2 }),
  /** The income side's category of a transfer. */
  transferCategoryId: integer('transfer_category_id'),
  /** Target amount ÷ source amount of a transfer between currencies. */
  transferRate: numeric('transfer_rate', { precision: 18, scale: 6 }),
  reason: varchar('reason', { length: 40 }).notNull(),
  objectModel: varchar('object_model', { length: 40 }),
  objectId: integer('object_id'),
  /** The customer the money came from or went to, when there is one. */
  customerId: integer('customer_id'),
  description: text('description'),
  /** The executor. */
  userId: integer('user_id'),
  /** Statuses of model 4: 18 active, 21 cancelled. */
  statusId: integer('status_id').notNull().default(18),
  operatedAt: timestamp('operated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelledBy: integer('cancelled_by'),
}, (t) => [
  index('cash_operations_register_idx').on(t.cashRegisterId, t.operatedAt),
  index('cash_operations_transfer_register_idx').on(t.transferCashRegisterId, t.operatedAt),
  index('cash_operations_operated_idx').on(t.operatedAt),
  index('cash_operations_object_idx').on(t.objectModel, t.objectId),
  index('cash_operations_category_idx').on(t.categoryId),
]);

/**
 * The ledger of the cash registers (decision 0009): one immutable row per change of a register's
 * balance, signed, with the balance before and after it. `kind` 'post' applies an operation,
 * 'reversal' takes it back (cancel, or the old side of an edit). A trigger refuses UPDATE and
 * DELETE; `cash_registers.balance` = `amount` (initial) + sum(entries), kept in the same transaction.
 */
export const cashRegisterEntries = pgTable('cash_register_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  cashRegisterId: integer('cash_register_id').notNull(),
  operationId: integer('operation_id').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  balanceBefore: numeric('balance_before', { precision: 14, scale: 2 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
  kind: varchar('kind', { length: 12 }).notNull(),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('cash_register_entries_register_idx').on(t.cashRegisterId, t.id),
  index('cash_register_entries_operation_idx').on(t.operationId),
]);

/** Cash categories (spec §3 "Cash category"): two levels, parent and child; removal is soft. */
export const cashCategories = pgTable('cash_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  parentId: integer('parent_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('cash_categories_parent_idx').on(t.parentId)]);

/**
 * The ledger of customers' balances (decision 0009): one immutable row per change of a USD or TRY
 * balance, signed, with the balance before and after it, pointing at the balance operation that
 * caused it. `users.balance_usd` / `balance_try` = sum(entries), kept in the same transaction.
 */
export const balanceEntries = pgTable('balance_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  balanceBefore: numeric('balance_before', { precision: 14, scale: 2 }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
  operationId: bigint('operation_id', { mode: 'number' }).notNull(),
  kind: varchar('kind', { length: 12 }).notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('balance_entries_user_idx').on(t.userId, t.currency, t.id),
  index('balance_entries_operation_idx').on(t.operationId),
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
  // The transactions list pages by created_at (id breaking ties) and sorts by amount (bench/transactions-list.ts).
  index('balance_operations_created_id_idx').on(t.createdAt, t.id),
  index('balance_operations_amount_idx').on(t.amount, t.id),
  index('balance_operations_object_idx').on(t.objectModel, t.objectId),
]);
