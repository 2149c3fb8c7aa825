import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Boxes (containers) parcels are scanned into at a branch. */
export const containers = pgTable('containers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  branchId: integer('branch_id'),
  userId: integer('user_id'),
  /** Partner boxes (spec §2 branch sections): a branch partner's own boxes, listed apart. */
  isPartner: boolean('is_partner').notNull().default(false),
  companyId: integer('company_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('containers_name_idx').on(t.name), index('containers_branch_idx').on(t.branchId, t.isPartner)]);

/** Baskets: the shelf a parcel waits on in the local warehouse. */
export const baskets = pgTable('baskets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  branchId: integer('branch_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Box transfers (spec §3 "Box transfer"): a parcel moved from one box to another, who did it and
 * where. The warehouse issue builds the transfer screens; declarations read them by declaration.
 */
export const containerTransfers = pgTable('container_transfers', {
  id: serial('id').primaryKey(),
  declarationId: integer('declaration_id').notNull(),
  fromContainerId: integer('from_container_id'),
  toContainerId: integer('to_container_id'),
  userId: integer('user_id'),
  branchId: integer('branch_id'),
  note: varchar('note', { length: 500 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('container_transfers_declaration_idx').on(t.declarationId, t.createdAt),
  index('container_transfers_created_idx').on(t.createdAt),
]);
