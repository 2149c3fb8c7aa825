import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Who changed what: one entry for every write. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  action: varchar('action', { length: 120 }).notNull(),
  entity: varchar('entity', { length: 60 }),
  entityId: varchar('entity_id', { length: 60 }),
  method: varchar('method', { length: 8 }),
  path: varchar('path', { length: 300 }),
  statusCode: smallint('status_code'),
  ip: varchar('ip', { length: 64 }),
  changes: jsonb('changes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The operation log (logs screen): newest first, with the id as tie-breaker; per user; per record.
  index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt.desc().nullsFirst()),
  index('audit_log_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);

/** Status history of every record that has a status (declarations, orders, flights…). */
export const statusHistory = pgTable('status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  modelId: integer('model_id').notNull(),
  objectId: integer('object_id').notNull(),
  fromStateId: integer('from_state_id'),
  stateId: integer('state_id').notNull(),
  userId: integer('user_id'),
  note: varchar('note', { length: 500 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('status_history_object_idx').on(t.modelId, t.objectId, t.createdAt),
  // The status archive (archive/state): newest first; by user; by status.
  index('status_history_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('status_history_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('status_history_state_idx').on(t.stateId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);

/**
 * Background work (decision 0006): one table-backed queue on PostgreSQL and PGlite alike. A job is
 * claimed with `for update skip locked`, so any number of api instances share it safely.
 */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  payload: jsonb('payload'),
  /** queued | running | done | failed */
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** At most one queued or running job per key (e.g. one pending PIN change per declaration). */
  singletonKey: varchar('singleton_key', { length: 200 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'queued'`),
  index('jobs_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
  uniqueIndex('jobs_singleton_key').on(t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
]);

/** Recurring jobs: the next time each is due, advanced atomically by whichever instance gets there first. */
export const jobSchedules = pgTable('job_schedules', {
  name: varchar('name', { length: 100 }).primaryKey(),
  intervalSeconds: integer('interval_seconds').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
