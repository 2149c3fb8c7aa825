import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Notifications (issue 20): templates, the archive of every message on every channel, bulk sends,
 * the customers' WhatsApp/push opt-ins and the outbox of status changes that have an active template.
 */

/**
 * A message template (spec §3 "Notification template"): per model + status (+ tariff category),
 * channel (`template_type_id`: 1 SMS, 2 e-mail, 3 mobile push, 4 WhatsApp) and language; the body
 * names placeholders as `{customer_name}`. `delay` is minutes after the event. Cancel is a soft delete.
 */
export const notificationTemplates = pgTable('notification_templates', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 190 }).notNull(),
  title: varchar('title', { length: 300 }).notNull().default(''),
  body: text('body').notNull(),
  templateTypeId: smallint('template_type_id').notNull(),
  modelId: integer('model_id').notNull().default(2),
  stateId: integer('state_id'),
  tariffCategoryId: integer('tariff_category_id'),
  htmlTemplateId: integer('html_template_id'),
  lang: varchar('lang', { length: 8 }).notNull().default('az'),
  active: boolean('active').notNull().default(true),
  delay: integer('delay').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('notification_templates_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.deletedAt} is null`),
  // The dispatcher's and the status trigger's lookup: the active templates of one model + status.
  index('notification_templates_event_idx').on(t.modelId, t.stateId, t.templateTypeId).where(sql`${t.active} and ${t.deletedAt} is null`),
]);

/**
 * The archive of every message on every channel (`channel`: sms | whatsapp | mail | push): what was
 * (or will be) sent, to whom, why (model + object, template, params, bulk), and what the provider said.
 * A row not sent yet is the queue (`archive/*_queues`); `active` = 0 holds it back. `event_key` makes a
 * repeated event (a retried job, a second call) never produce a second message per channel and recipient.
 */
export const notificationMessages = pgTable('notification_messages', {
  id: serial('id').primaryKey(),
  channel: varchar('channel', { length: 12 }).notNull(),
  userId: integer('user_id'),
  to: varchar('to', { length: 400 }).notNull(),
  subject: varchar('subject', { length: 300 }),
  body: text('body').notNull(),
  html: text('html'),
  modelId: integer('model_id'),
  objectId: integer('object_id'),
  templateId: integer('template_id'),
  params: jsonb('params'),
  bulkId: integer('bulk_id'),
  eventKey: varchar('event_key', { length: 200 }),
  active: boolean('active').notNull().default(true),
  isSent: boolean('is_sent').notNull().default(false),
  /** When it is due (created + the template's delay): the queue's order and the wire's `sended_at` until sent. */
  sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** The next attempt after a failed one (null before any failure and once sent or given up). */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  providerId: varchar('provider_id', { length: 200 }),
  providerState: varchar('provider_state', { length: 40 }),
  error: text('error'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('notification_messages_event_key').on(t.eventKey, t.channel, t.to).where(sql`${t.eventKey} is not null`),
  index('notification_messages_channel_idx').on(t.channel, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('notification_messages_user_idx').on(t.userId, t.channel, t.createdAt.desc().nullsFirst()),
  index('notification_messages_queue_idx').on(t.channel, t.id).where(sql`not ${t.isSent}`),
  index('notification_messages_bulk_idx').on(t.bulkId, t.isSent).where(sql`${t.bulkId} is not null`),
  index('notification_messages_object_idx').on(t.modelId, t.objectId),
  index('notification_messages_to_trgm').using('gin', sql`${t.to} gin_trgm_ops`),
]);

/** A bulk send (issue 20 item 4; written by the bulk-notifications module): filters, text and progress. */
export const bulkSends = pgTable('bulk_sends', {
  id: serial('id').primaryKey(),
  channel: varchar('channel', { length: 12 }).notNull(),
  filters: jsonb('filters'),
  templateId: integer('template_id'),
  title: varchar('title', { length: 300 }).notNull().default(''),
  body: text('body').notNull(),
  recipientsTotal: integer('recipients_total').notNull().default(0),
  enqueued: integer('enqueued').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** queued | running | done | failed | cancelled */
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  error: text('error'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('bulk_sends_channel_idx').on(t.channel, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);

/**
 * The customer's opt-ins for the channels `users` has no flag for (`users.send_sms` and `send_mail`
 * cover SMS and e-mail): WhatsApp and app push, off when there is no row (like SMS and e-mail by
 * default, spec §5), and the device token push goes to.
 */
export const userNotificationSettings = pgTable('user_notification_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  sendWhatsapp: boolean('send_whatsapp').notNull().default(false),
  sendPush: boolean('send_push').notNull().default(false),
  pushToken: varchar('push_token', { length: 400 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Outbox of status changes that have an active template, filled in the changing transaction by a
 * trigger on `status_history` (migration), drained by the `notifications.status-events` job.
 */
export const notificationStatusEvents = pgTable('notification_status_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  historyId: bigint('history_id', { mode: 'number' }).notNull(),
  modelId: integer('model_id').notNull(),
  objectId: integer('object_id').notNull(),
  stateId: integer('state_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
