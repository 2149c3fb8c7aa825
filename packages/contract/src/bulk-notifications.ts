import { z } from 'zod';
import { zDateTimeOut, zDateTimeText, zDecimal, zFlag, zId, zIdList, zListReply, ZListQuery } from './common';
import type { NotifyChannel } from './notifications';
import { fill } from './texts/az';
import { azBulkNotifications as t } from './texts/az-bulk-notifications';
import { zDateRangeText } from './users';

/*
 * Bulk sends (issue 20 item 4): one message per recipient chosen by an audience and filters, sent in
 * the background through the job queue with progress. Paths (all under /api/admin):
 *   bulk_sms|bulk_whatsapp|bulk_mail|bulk_notification
 *     /getlist  GET   recipients preview for the filters: { data: rows, total } (bulk_notification: { data: { data, total } })
 *     /count    GET   (ours) the number of recipients only, for the 'Diqqət' confirmation: { total }
 *     /send     POST  multipart/form or JSON: the filters + body (+ title) or template_id, planned_at → { message, data: { id, recipients_total, status } }
 *     /history  GET   (ours) the bulk sends of the channel with progress: { data: rows, total }
 *     /cancel   POST  (ours) stops a bulk send that is still queued or running: { message, data: row }
 *   bulk_mail/export  GET  the recipients as CSV (same query as getlist)
 * Permissions (spec §6): bulk_sms → sms_archive, bulk_whatsapp → whatsapp_archive, bulk_mail →
 * mail_archive, bulk_notification → bulk_app_notification.
 */

export const BULK_KINDS = ['bulk_sms', 'bulk_whatsapp', 'bulk_mail', 'bulk_notification'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
export const BULK_CHANNEL: Record<BulkKind, NotifyChannel> = { bulk_sms: 'sms', bulk_whatsapp: 'whatsapp', bulk_mail: 'mail', bulk_notification: 'push' };
export const BULK_PERMISSION = {
  bulk_sms: 'sms_archive', bulk_whatsapp: 'whatsapp_archive', bulk_mail: 'mail_archive', bulk_notification: 'bulk_app_notification',
} as const satisfies Record<BulkKind, string>;

/**
 * `search_id`, the audience: every customer who takes the channel (`all`), those matching the filters
 * (`filter`: branch, country / status / flight / customs of their parcels, registration date `d`,
 * unpaid delivery total ≥ `amount`), chosen customers (`users`: user_id[]), or typed addresses
 * (`user_numbers`: number[] for SMS and WhatsApp, `user_emails`: email[] for e-mail). Customers get a
 * message only if they take the channel (send_sms / send_mail / WhatsApp and push opt-ins) and are
 * neither blocked nor deleted.
 */
export const BULK_AUDIENCES = ['all', 'filter', 'users', 'user_numbers', 'user_emails'] as const;
export type BulkAudience = (typeof BULK_AUDIENCES)[number];
/** Older clients send the audience as a number: 1 all, 2 filter, 3 users, 4 typed numbers, 5 typed e-mails. */
export const BULK_AUDIENCE_CODES: Record<string, BulkAudience> = { 1: 'all', 2: 'filter', 3: 'users', 4: 'user_numbers', 5: 'user_emails' };
/** The placeholders a bulk text may use (the customer's own; a parcel's are not known for a bulk). */
export const BULK_PLACEHOLDERS = ['customer_name', 'customer_first_name', 'customer_code'] as const;
/** The longest text per channel. */
export const BULK_BODY_MAX: Record<NotifyChannel, number> = { sms: 1000, whatsapp: 4096, mail: 20_000, push: 1000 };
/** Typed numbers or e-mails in one send. */
export const BULK_TYPED_MAX = 10_000;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A list of texts sent as `a,b`, repeated keys, `a[]=` or one per line. */
const textList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' ? [v] : v;
  if (!Array.isArray(items)) return items;
  return items.flatMap((x) => (typeof x === 'string' ? x.split(/[\n,;]+/).map((p) => p.trim()) : [x])).filter((x) => x !== '');
}, z.array(z.string().max(190)).max(BULK_TYPED_MAX).optional());

/** Ids as clients send them: `a,b`, repeated keys, `a[]=` — and `a[]=1,2` (key with [], ids joined with ','). */
const idList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? [v] : v;
  if (!Array.isArray(items)) return items;
  return items.flatMap((x) => (typeof x === 'string' ? x.split(',').map((p) => p.trim()) : [x])).filter((x) => x !== '');
}, zIdList);

export const ZBulkFilters = z.object({
  search_id: z.preprocess((v) => {
    const value = blank(v);
    return typeof value === 'string' || typeof value === 'number' ? (BULK_AUDIENCE_CODES[String(value).trim()] ?? value) : value;
  }, z.enum(BULK_AUDIENCES).default('all')),
  user_id: idList,
  number: textList,
  email: textList,
  branch_id: idList,
  country_id: idList,
  state_id: idList,
  flight_id: z.preprocess(blank, zId.optional()),
  customs: z.preprocess(blank, zFlag.optional()),
  /** Customers whose unpaid parcels' delivery prices total at least this (AZN). */
  amount: z.preprocess(blank, zDecimal.optional()),
  /**
   * Registration date: a range 'from,to' (either side may be empty, office time zone), or a whole
   * number of days (registered within the last N days).
   */
  d: z.preprocess((v) => {
    const value = blank(v);
    if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d{1,5}\s*$/.test(value))) return { days: Number(value) };
    return value;
  }, z.union([z.object({ days: z.number().int().min(0).max(36_500) }), zDateRangeText])),
});
export type BulkFilters = z.infer<typeof ZBulkFilters>;

const optionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());

/** getlist / count / export: the filters (+ the send's other fields, which clients send along and are ignored). */
export const ZBulkPreviewQuery = ZBulkFilters.extend({
  template_id: z.preprocess(blank, zId.optional()),
  body: optionalText(20_000),
  title: optionalText(300),
  /** Sent along by clients; a preview ignores it. */
  planned_at: optionalText(40),
  page: ZListQuery.shape.page,
  per_page: ZListQuery.shape.per_page,
});
export type BulkPreviewQuery = z.infer<typeof ZBulkPreviewQuery>;

export const ZBulkSendForm = ZBulkFilters.extend({
  template_id: z.preprocess(blank, zId.optional()),
  body: optionalText(20_000),
  /** E-mail subject / push title (a template's title when a template is used). */
  title: optionalText(300),
  /** 'YYYY-MM-DD HH:mm:ss' office time; empty: now. */
  planned_at: z.preprocess(blank, zDateTimeText.optional()),
});
export type BulkSendForm = z.infer<typeof ZBulkSendForm>;

/** A recipient preview row as clients read it (`phoneNumber` camelCase: api-fields-in-use.tsv). */
export const ZBulkRecipientRow = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
});
export type BulkRecipientRow = z.infer<typeof ZBulkRecipientRow>;
export const ZBulkRecipientsReply = z.object({ data: z.array(ZBulkRecipientRow), total: z.number().int() });
/** bulk_notification/getlist nests the list one level deeper (`data.data[]`). */
export const ZBulkNotificationRecipientsReply = z.object({ data: ZBulkRecipientsReply });
export const ZBulkCountReply = z.object({ total: z.number().int() });

export const BULK_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

export const ZBulkSendRow = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'whatsapp', 'mail', 'push']),
  search_id: z.string(),
  template_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  recipients_total: z.number().int(),
  enqueued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** (sent + failed) / recipients_total, 0–100, whole percent. */
  progress: z.number().int(),
  status: z.enum(BULK_STATUSES),
  status_name: z.string(),
  error: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: zDateTimeOut,
  planned_at: zDateTimeOut.nullable(),
  finished_at: zDateTimeOut.nullable(),
});
export type BulkSendRow = z.infer<typeof ZBulkSendRow>;
export const ZBulkHistoryQuery = ZListQuery.extend({ status: z.preprocess(blank, z.enum(BULK_STATUSES).optional()) });
export type BulkHistoryQuery = z.infer<typeof ZBulkHistoryQuery>;
export const ZBulkHistoryReply = zListReply(ZBulkSendRow);
export const ZBulkSendReply = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), recipients_total: z.number().int(), status: z.enum(BULK_STATUSES) }),
});
export const ZBulkCancelForm = z.object({ id: zId });
export const ZBulkCancelReply = z.object({ message: z.string(), data: ZBulkSendRow });

export const bulkStatusName = (status: BulkStatus): string => t.status[status];
export const bulkQueuedMessage = (n: number): string => fill(t.queued, { N: n.toLocaleString('en-US').replaceAll(',', ' ') });
