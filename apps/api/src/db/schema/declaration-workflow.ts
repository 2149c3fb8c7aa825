import { sql } from 'drizzle-orm';
import {
  bigserial, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/*
 * The declarations workflow beyond the declaration row (issue 3): handover payments, customs
 * states, marketplace data (logs, parcel states, PIN changes).
 */

/**
 * One handover at the counter (spec §3 "Handover payload", DOMAIN §5): what the customer paid for
 * which declarations. Written in the handover's transaction. `cash_register_id`, `terminal_register_id`
 * and `handover_task_id` are filled once the handover-queue / cash-register domain exists (issue 8).
 */
export const declarationPayments = pgTable('declaration_payments', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  /** Debt in USD (sum of the unpaid delivery prices) and in AZN (× 1.7), plus the packages' AZN. */
  debtUsd: numeric('debt_usd', { precision: 14, scale: 2 }).notNull(),
  debtAzn: numeric('debt_azn', { precision: 14, scale: 2 }).notNull(),
  packageAzn: numeric('package_azn', { precision: 14, scale: 2 }).notNull().default('0'),
  totalAzn: numeric('total_azn', { precision: 14, scale: 2 }).notNull(),
  cashAzn: numeric('cash_azn', { precision: 14, scale: 2 }).notNull().default('0'),
  terminalAzn: numeric('terminal_azn', { precision: 14, scale: 2 }).notNull().default('0'),
  /** The part taken from the customer's USD balance (and its AZN value). */
  balanceUsd: numeric('balance_usd', { precision: 14, scale: 2 }).notNull().default('0'),
  balanceAzn: numeric('balance_azn', { precision: 14, scale: 2 }).notNull().default('0'),
  smallPackage: smallint('small_package').notNull().default(0),
  mediumPackage: smallint('medium_package').notNull().default(0),
  bigPackage: smallint('big_package').notNull().default(0),
  declarationIds: jsonb('declaration_ids').$type<number[]>().notNull(),
  cashierId: integer('cashier_id'),
  branchId: integer('branch_id'),
  cashRegisterId: integer('cash_register_id'),
  terminalRegisterId: integer('terminal_register_id'),
  handoverTaskId: integer('handover_task_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('declaration_payments_user_idx').on(t.userId, t.createdAt),
  index('declaration_payments_created_idx').on(t.createdAt),
]);

/**
 * Customs states of a declaration as the customs link reported them (spec §4 "Customs state
 * labels": 0, 1, 2, 3, 60, 70–73, 100), newest last; `json` is the raw response.
 */
export const declarationCustomsStates = pgTable('declaration_customs_states', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  trackCode: varchar('track_code', { length: 80 }).notNull(),
  code: smallint('code').notNull(),
  json: jsonb('json'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('declaration_customs_states_declaration_idx').on(t.declarationId, t.createdAt),
  index('declaration_customs_states_track_idx').on(t.trackCode, t.createdAt),
]);

/**
 * The marketplace's own data of a provider 1/2 parcel (spec §3 "Marketplace logs"), one row per
 * declaration; `data` holds the spec's field list. `state_id` is the marketplace state (statuses
 * of model 43), `pin_code` the PIN in force.
 */
export const marketplaceLogs = pgTable('marketplace_logs', {
  id: serial('id').primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  provider: smallint('provider').notNull(),
  stateId: integer('state_id'),
  pinCode: varchar('pin_code', { length: 16 }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('marketplace_logs_declaration_key').on(t.declarationId),
  index('marketplace_logs_provider_idx').on(t.provider, t.stateId, t.declarationId),
]);

/** The marketplace's parcel states of a declaration (its delivery events), newest last. */
export const marketplaceParcelStates = pgTable('marketplace_parcel_states', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  trackCode: varchar('track_code', { length: 80 }).notNull(),
  stateId: integer('state_id'),
  name: varchar('name', { length: 160 }).notNull(),
  description: text('description'),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('marketplace_parcel_states_track_idx').on(t.trackCode, t.createdAt)]);

/**
 * PIN (FIN) changes of Temu-type parcels (spec §5): pending until the marketplace accepts it,
 * then applied to the declaration's marketplace data. status: pending | applied | failed.
 */
export const marketplacePinChanges = pgTable('marketplace_pin_changes', {
  id: serial('id').primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  oldPin: varchar('old_pin', { length: 16 }),
  newPin: varchar('new_pin', { length: 16 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  externalId: varchar('external_id', { length: 80 }),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
}, (t) => [
  index('marketplace_pin_changes_declaration_idx').on(t.declarationId, t.createdAt),
  index('marketplace_pin_changes_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
]);
