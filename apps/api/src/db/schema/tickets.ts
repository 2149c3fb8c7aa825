import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/*
 * Support tickets (issue 20 item 5, spec §2 "supports", §6 tickets / ticket_templates): a customer's
 * question and the conversation with staff, its categories, and the canned answers staff reply with.
 * States are the contract's TICKET_STATE (1 open, 2 answered, 3 closed, 4 cancelled).
 */

export const ticketCategories = pgTable('ticket_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  /** Hidden from the customer's category picker (staff still file tickets under it). */
  hidden: boolean('hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tickets = pgTable('tickets', {
  id: serial('id').primaryKey(),
  /** The customer the ticket is about. */
  userId: integer('user_id').notNull(),
  ticketCategoryId: integer('ticket_category_id').notNull(),
  stateId: smallint('state_id').notNull().default(1),
  /** The staff member it is assigned to (executor). */
  userIdAdmin: integer('user_id_admin'),
  /** Unread by staff: set when the customer writes, cleared when staff open it (or mark it read). */
  isNewAdmin: boolean('is_new_admin').notNull().default(true),
  /** Messages not cancelled (the list's all_message_count, kept here so the list reads no sub-select). */
  messageCount: integer('message_count').notNull().default(0),
  /** The customer's messages since staff last read the ticket. */
  newMessageCount: integer('new_message_count').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('tickets_user_idx').on(t.userId, t.id),
  index('tickets_admin_idx').on(t.userIdAdmin),
  index('tickets_category_idx').on(t.ticketCategoryId),
  index('tickets_state_idx').on(t.stateId),
  index('tickets_created_idx').on(t.createdAt.desc(), t.id.desc()),
  // the sidebar badge and the 'unread' filter
  index('tickets_unread_idx').on(t.id).where(sql`${t.isNewAdmin}`),
]);

export const ticketMessages = pgTable('ticket_messages', {
  id: serial('id').primaryKey(),
  ticketId: integer('ticket_id').notNull(),
  /** The sender. */
  userId: integer('user_id').notNull(),
  /** The sender's role when it was written (the wire's `admin`: 0 customer, 1 admin, other staff). */
  senderRole: smallint('sender_role').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A cancelled message leaves the conversation (kept for the record). */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelledBy: integer('cancelled_by'),
}, (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)]);

/** Attachments of a message (platform/files.ts storage keys under `tickets/`). */
export const ticketMessageFiles = pgTable('ticket_message_files', {
  id: serial('id').primaryKey(),
  messageId: integer('message_id').notNull(),
  ticketId: integer('ticket_id').notNull(),
  path: varchar('path', { length: 300 }).notNull(),
  /** The name the uploader gave (for the download), with the real type's extension. */
  name: varchar('name', { length: 200 }).notNull(),
  mime: varchar('mime', { length: 80 }).notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('ticket_message_files_message_idx').on(t.messageId)]);

/** Ticket templates (message_templates): canned answers staff pick in the reply box. */
export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  body: text('body').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
