import { bigserial, index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

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
  index('audit_log_created_idx').on(t.createdAt),
  index('audit_log_entity_idx').on(t.entity, t.entityId),
  index('audit_log_user_idx').on(t.userId, t.createdAt),
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
}, (t) => [index('status_history_object_idx').on(t.modelId, t.objectId, t.createdAt)]);
