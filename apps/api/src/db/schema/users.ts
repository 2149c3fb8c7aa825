import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/** Staff and customers (spec §1: role code 0 client … 4 partner). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 16 }),
  name: varchar('name', { length: 100 }).notNull(),
  surname: varchar('surname', { length: 100 }).notNull().default(''),
  email: varchar('email', { length: 190 }),
  passwordHash: text('password_hash'),
  admin: smallint('admin').notNull().default(0),
  adminBranchId: integer('admin_branch_id'),
  deliveryPointId: integer('delivery_point_id'),
  branchId: integer('branch_id'),
  companyId: integer('company_id'),
  cashboxId: integer('cashbox_id'),
  phone: varchar('phone', { length: 32 }),
  gender: varchar('gender', { length: 8 }),
  birthDate: date('birth_date'),
  passportNumber: varchar('passport_number', { length: 32 }),
  fin: varchar('fin', { length: 16 }),
  address: text('address'),
  balanceUsd: numeric('balance_usd', { precision: 14, scale: 2 }).notNull().default('0'),
  balanceTry: numeric('balance_try', { precision: 14, scale: 2 }).notNull().default('0'),
  blocked: boolean('blocked').notNull().default(false),
  sendMail: boolean('send_mail').notNull().default(false),
  sendSms: boolean('send_sms').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  uniqueIndex('users_code_key').on(t.code),
  index('users_admin_idx').on(t.admin),
  // the users list by registration range (the statistics' new customers open it): range, count and
  // newest-first order from the index (admin read from it too: customers only, index-only count)
  index('users_created_idx').on(t.createdAt, t.admin).where(sql`${t.deletedAt} is null`),
  index('users_name_trgm').using('gin', sql`(${t.name} || ' ' || ${t.surname}) gin_trgm_ops`),
]);

/** Permission codes (spec §2 and §6), grouped by model on the permissions screen. */
export const operations = pgTable('operations', {
  id: serial('id').primaryKey(),
  codeName: varchar('code_name', { length: 80 }).notNull().unique(),
  name: varchar('name', { length: 160 }).notNull(),
  modelId: integer('model_id').notNull(),
});

export const userPermissions = pgTable('user_permissions', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  operationId: integer('operation_id').notNull().references(() => operations.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.operationId] })]);

/**
 * One sign-in. Its refresh tokens rotate under it and its access tokens carry its id (`sid`); the
 * guard refuses them once `revoked_at` is set (logout, password change, block, delete).
 */
export const userSessions = pgTable('user_sessions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('user_sessions_user_idx').on(t.userId)]);

/** Refresh tokens are stored as SHA-256 hashes and rotated on every use. */
export const refreshTokens = pgTable('refresh_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Null only for tokens from before sessions existed; the migration removes those (sign in again). */
  sessionId: integer('session_id').references(() => userSessions.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  rememberMe: boolean('remember_me').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  replacedById: integer('replaced_by_id'),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 300 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('refresh_tokens_user_idx').on(t.userId)]);

/**
 * Delivery discounts given to a customer for one country (spec §3 "Discount"), valid until
 * `discount_date`. Cancelling keeps the row (who and when) so the history stays.
 */
export const userDiscounts = pgTable('user_discounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  countryId: integer('country_id').notNull(),
  discount: numeric('discount', { precision: 5, scale: 2 }).notNull(),
  descr: text('descr'),
  discountDate: date('discount_date').notNull(),
  causerId: integer('causer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  canceledById: integer('canceled_by_id'),
}, (t) => [
  index('user_discounts_user_idx').on(t.userId),
  index('user_discounts_active_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.canceledAt} is null`),
]);
