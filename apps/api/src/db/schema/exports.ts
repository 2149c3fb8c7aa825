import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Export tasks (spec §3 "Export task", statuses 131/132/133/134 of model 17): a big export or an
 * import request built in the background; the file lands in file storage under `file_path`.
 */
export const exportTasks = pgTable('export_tasks', {
  id: serial('id').primaryKey(),
  /** full | mini | handover | import */
  type: varchar('type', { length: 20 }).notNull(),
  model: varchar('model', { length: 40 }).notNull().default('declarations'),
  statusId: integer('status_id').notNull().default(131),
  userId: integer('user_id'),
  /** The query the export was asked with (filters, sort; for an import the track codes). */
  params: jsonb('params').notNull(),
  filePath: varchar('file_path', { length: 300 }),
  fileName: varchar('file_name', { length: 200 }),
  rows: integer('rows'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('export_tasks_user_idx').on(t.userId, t.id)]);
