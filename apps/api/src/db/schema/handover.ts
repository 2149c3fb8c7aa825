import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Handover queue (spec §3 "Handover queue", §4: 41 waiting, 42 in progress, 43 handed over): a
 * customer whose status-9 parcels were sent to warehouse preparation waits here until a cashier
 * starts the task, the parcels are brought from their boxes and handed over.
 */
export const handoverTasks = pgTable('handover_tasks', {
  id: serial('id').primaryKey(),
  statusId: integer('status_id').notNull().default(41),
  /** The customer. */
  userId: integer('user_id').notNull(),
  /** Who started it (42) and hands it over. */
  cashierId: integer('cashier_id'),
  branchId: integer('branch_id'),
  createdBy: integer('created_by'),
  smallPackage: smallint('small_package').notNull().default(0),
  mediumPackage: smallint('medium_package').notNull().default(0),
  bigPackage: smallint('big_package').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
}, (t) => [
  // The queue screen and the sidebar counters: open tasks of a branch by status, oldest first.
  index('handover_tasks_open_idx').on(t.branchId, t.statusId, t.id).where(sql`${t.cancelledAt} is null`),
  index('handover_tasks_user_idx').on(t.userId),
]);

/** The parcels of a queue entry; a removed item keeps its row (removed_at) for the history. */
export const handoverTaskItems = pgTable('handover_task_items', {
  id: serial('id').primaryKey(),
  taskId: integer('task_id').notNull(),
  declarationId: integer('declaration_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
}, (t) => [
  index('handover_task_items_task_idx').on(t.taskId),
  index('handover_task_items_declaration_idx').on(t.declarationId),
]);

/** The box a staff member has chosen on the acceptance screen (GET containers/me, POST select). */
export const containerSelections = pgTable('container_selections', {
  userId: integer('user_id').primaryKey(),
  containerId: integer('container_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
