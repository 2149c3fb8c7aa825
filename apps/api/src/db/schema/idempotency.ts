import { bigserial, customType, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Replay-safe writes (platform/idempotency.ts): one row per (user, Idempotency-Key), claimed before
 * the handler runs and holding the first answer once it is known; removed after 24 hours.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  key: varchar('key', { length: 128 }).notNull(),
  /** SHA-256 (hex) of method, URL with its query and the canonical body (file bytes included). */
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  method: varchar('method', { length: 8 }).notNull(),
  path: varchar('path', { length: 300 }).notNull(),
  /** running (claimed, the handler has not answered yet) | done (the reply below is the answer) */
  state: varchar('state', { length: 16 }).notNull().default('running'),
  statusCode: smallint('status_code'),
  /** The reply headers that matter to a client: content-type, content-disposition. */
  replyHeaders: jsonb('reply_headers'),
  reply: bytea('reply'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key),
  index('idempotency_keys_created_idx').on(t.createdAt),
]);
