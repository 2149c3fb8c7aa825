import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Boxes (containers) parcels are scanned into at a branch. */
export const containers = pgTable('containers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  branchId: integer('branch_id'),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('containers_name_idx').on(t.name)]);

/** Baskets: the shelf a parcel waits on in the local warehouse. */
export const baskets = pgTable('baskets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  branchId: integer('branch_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
