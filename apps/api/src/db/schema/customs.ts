import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

/*
 * The customs link (issue 7, DOMAIN §3, integrations/customs-ecarrier.md): every exchange with the
 * customs service, the per-parcel send queue, and what customs told us about our parcels.
 */

/**
 * Customs task (spec §3): one logical call to customs — its request, the last answer as received
 * (raw text), the HTTP status and the envelope code, how many attempts it took. Written for every
 * call, successful or not; `queue_id` links the sends of the package queue.
 */
export const customsTasks = pgTable('customs_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  action: varchar('action', { length: 32 }).notNull(),
  method: varchar('method', { length: 8 }).notNull(),
  path: varchar('path', { length: 300 }).notNull(),
  query: jsonb('query'),
  /** The envelope code when there was one, else the HTTP status; null when no answer came. */
  statusCode: integer('status_code'),
  httpStatus: integer('http_status'),
  response: text('response'),
  attempts: integer('attempts').notNull().default(1),
  /** done | failed | declined */
  state: varchar('state', { length: 16 }).notNull(),
  error: text('error'),
  queueId: bigint('queue_id', { mode: 'number' }),
  /** When the job runner tries the failed send again (null when it will not). */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('customs_tasks_created_idx').on(t.createdAt.desc(), t.id.desc()),
  index('customs_tasks_action_idx').on(t.action, t.createdAt.desc()),
  index('customs_tasks_queue_idx').on(t.queueId),
]);

/**
 * The package queue (spec §3 "Queue log", the DNS queues screen): one row per parcel and send
 * (add, depesh, update, delete, add to boxes). `json` is the item sent; the job `customs.send`
 * sends queued rows and retries failed ones with a doubling pause until `max_attempts`.
 * status: queued | sending (claimed by a sender) | sent | declined | failed.
 */
export const customsQueue = pgTable('customs_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  action: varchar('action', { length: 20 }).notNull(),
  declarationId: integer('declaration_id'),
  trackCode: varchar('track_code', { length: 80 }).notNull(),
  json: jsonb('json').notNull(),
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  statusCode: integer('status_code'),
  response: text('response'),
  attempts: integer('attempts').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('customs_queue_created_idx').on(t.createdAt.desc(), t.id.desc()),
  index('customs_queue_due_idx').on(t.retryAt, t.id).where(sql`${t.status} = 'queued'`),
  index('customs_queue_track_idx').on(t.trackCode, t.action),
  // A parcel is queued for adding at most once while the add is pending or done.
  uniqueIndex('customs_queue_add_once_key').on(t.trackCode).where(sql`${t.action} in ('add', 'add_commercial') and ${t.status} in ('queued', 'sending', 'sent')`),
]);

/**
 * What customs knows of our parcels: the carrier post (status 0 in customs, 1 declared, 3 in a box,
 * 4 dispatch sent) and the citizen's declaration, by tracking number. Filled by our sends and by
 * the sync of carrier posts, declarations and deleted declarations. The customs declarations
 * screen reads it joined with our declarations.
 */
export const customsParcels = pgTable('customs_parcels', {
  trackCode: varchar('track_code', { length: 80 }).primaryKey(),
  packageType: smallint('package_type').notNull().default(1),
  postStatus: smallint('post_status').notNull().default(0),
  fin: varchar('fin', { length: 16 }),
  importerName: varchar('importer_name', { length: 200 }),
  goodsName: varchar('goods_name', { length: 300 }),
  quantity: integer('quantity'),
  weight: numeric('weight', { precision: 10, scale: 3 }),
  invoicePrice: numeric('invoice_price', { precision: 14, scale: 2 }),
  invoicePriceUsd: numeric('invoice_price_usd', { precision: 14, scale: 2 }),
  currency: varchar('currency', { length: 3 }),
  airwaybill: varchar('airwaybill', { length: 64 }),
  depeshNumber: varchar('depesh_number', { length: 64 }),
  depeshAt: timestamp('depesh_at', { withTimezone: true }),
  regNumber: varchar('reg_number', { length: 40 }),
  payStatusId: smallint('pay_status_id'),
  declaredAt: timestamp('declared_at', { withTimezone: true }),
  /**
   * The declaration was withdrawn at customs (deleted declarations): by the citizen (the sync of
   * deleteddeclarations), or with the parcel when we deleted it. The first time we learnt it.
   */
  declarationDeletedAt: timestamp('declaration_deleted_at', { withTimezone: true }),
  /** We deleted the parcel at customs (our declaration was cancelled): customs no longer has it. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  post: jsonb('post'),
  declaration: jsonb('declaration'),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('customs_parcels_added_idx').on(t.addedAt.desc(), t.trackCode),
  index('customs_parcels_reg_idx').on(t.regNumber),
  index('customs_parcels_fin_idx').on(t.fin),
  // The deleted declarations screen: newest withdrawal first.
  index('customs_parcels_declaration_deleted_idx').on(t.declarationDeletedAt.desc(), t.trackCode).where(sql`${t.declarationDeletedAt} is not null`),
]);
