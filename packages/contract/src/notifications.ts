import { z } from 'zod';
import { TOTAL_KINDS, zFlag, zId, zIdList, zInt, ZListQuery } from './common';
import { fill } from './texts/az';
import { azNotifications as t } from './texts/az-notifications';
import { zDateRangeText } from './users';

/*
 * Notifications (issue 20 items 1–3): message templates, the archives of every channel and the sends.
 *  - /api/admin/templates/list|info|create|edit|cancel|active (+ preview, ours): permission notification_templates
 *  - /api/admin/archive/sms|whatsapp|mail, *_queues, *_active, *_status, send_*: sms_archive, whatsapp_archive, mail_archive
 *  - /api/admin/sms_balance: sms_archive
 * Wire names are those of ../shared/spec/api-fields-in-use.tsv (snake_case, flags 0/1, dates 'YYYY-MM-DD HH:mm:ss').
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max = 200) => z.preprocess(blank, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blank, zId.optional());
/** '' or null clears an optional reference on a form. */
const nullableId = z.preprocess((v) => (v === '' || v === '0' || v === 0 ? null : v), zId.nullable().optional());
const flagFilter = z.preprocess(blank, z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional());

// ---------------------------------------------------------------- channels and template types

export const CHANNELS = ['sms', 'whatsapp', 'mail', 'push'] as const;
export type NotifyChannel = (typeof CHANNELS)[number];

/** `template_type_id` as clients send it (1..4; 3 mobile, 4 WhatsApp) and the channel it sends on. */
export const TEMPLATE_TYPES = { 1: 'sms', 2: 'mail', 3: 'push', 4: 'whatsapp' } as const satisfies Record<number, NotifyChannel>;
export type TemplateTypeId = keyof typeof TEMPLATE_TYPES;
export const TEMPLATE_TYPE_IDS = [1, 2, 3, 4] as const;
export const TEMPLATE_TYPE_OF_CHANNEL: Record<NotifyChannel, TemplateTypeId> = { sms: 1, mail: 2, push: 3, whatsapp: 4 };
export const TEMPLATE_TYPE_NAMES: Record<TemplateTypeId, string> = {
  1: t.channelNames.sms, 2: t.channelNames.mail, 3: t.channelNames.push, 4: t.channelNames.whatsapp,
};
export const TEMPLATE_LANGS = ['az', 'en', 'ru', 'tr'] as const;
/** The longest a template may wait after its event (minutes; a week). */
export const MAX_TEMPLATE_DELAY = 10_080;

// ---------------------------------------------------------------- placeholders

/**
 * The named placeholders a template may use, written `{customer_name}`. The values come from the
 * parcel (declaration) and its customer when the event happens; a template naming any other is refused.
 */
export const PLACEHOLDERS = [
  'customer_name', 'customer_first_name', 'customer_code', 'track_code', 'global_track_code', 'weight', 'price',
  'delivery_price', 'branch', 'branch_address', 'status', 'shop', 'country', 'flight', 'date',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export const PLACEHOLDER_NAMES: Record<Placeholder, string> = t.placeholders;

const PLACEHOLDER_RE = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** The placeholders a text names, in order of first use. */
export function placeholdersOf(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_RE)) seen.add(m[1] as string);
  return [...seen];
}

/** What is wrong with a template text's placeholders (unknown names, a '{' never closed), as messages; empty when fine. */
export function placeholderProblems(text: string, known: readonly string[] = PLACEHOLDERS): string[] {
  const problems: string[] = [];
  const unknown = placeholdersOf(text).filter((name) => !known.includes(name));
  for (const name of unknown) problems.push(fill(t.unknownPlaceholder, { NAME: `{${name}}`, KNOWN: known.map((k) => `{${k}}`).join(', ') }));
  // a '{' that starts no placeholder (e.g. '{customer_name' or '{ müştəri }') is a typo the customer would see
  const stripped = text.replace(PLACEHOLDER_RE, '');
  if (/\{[^}]*$/.test(stripped) || /\{[^}]*[^A-Za-z0-9_\s}][^}]*\}/.test(stripped)) problems.push(t.unclosedPlaceholder);
  return problems;
}

/** The text with every `{name}` replaced by its value ('' for a value the event does not have). */
export function renderTemplate(text: string, params: Record<string, string | number | null | undefined>): string {
  return text.replace(PLACEHOLDER_RE, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

// ---------------------------------------------------------------- templates

export const TEMPLATE_SORT_COLUMNS = ['id', 'name', 'created_at', 'template_type_id', 'model_name', 'state_name', 'active', 'delay'] as const;

/** Filters as the templates table sends them; `model_name`/`state_name` are a chosen id (or a name). */
export const ZTemplateListQuery = ZListQuery.extend({
  sort_column: z.enum(TEMPLATE_SORT_COLUMNS).optional(),
  id: optionalId,
  name: text(190),
  template_type_id: z.preprocess(blank, z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.enum(['1', '2', '3', '4']).transform(Number)]).optional()),
  model_id: optionalId,
  model_name: text(120),
  state_id: optionalId,
  state_name: text(120),
  active: flagFilter,
  lang: z.preprocess(blank, z.enum(TEMPLATE_LANGS).optional()),
  created_at: zDateRangeText,
});
export type TemplateListQuery = z.infer<typeof ZTemplateListQuery>;

/** One template, flat; absent references are 0 / '' (clients read numbers and strings). */
export const ZTemplateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  body: z.string(),
  html_template_id: z.number().int(),
  model_id: z.number().int(),
  model_name: z.string(),
  state_id: z.number().int(),
  state_name: z.string(),
  tariff_category_id: z.number().int(),
  tariff_category_name: z.string(),
  template_type_id: z.number().int(),
  template_type_name: z.string(),
  lang: z.string(),
  active: z.union([z.literal(0), z.literal(1)]),
  delay: z.number().int(),
  created_at: z.string(),
});
export type TemplateRow = z.infer<typeof ZTemplateRow>;
export const ZTemplateListReply = z.object({ data: z.array(ZTemplateRow), total: z.number(), total_kind: z.enum(TOTAL_KINDS).optional() });
export type TemplateListReply = z.infer<typeof ZTemplateListReply>;
export const ZTemplateInfoQuery = z.object({ id: zId });
export const ZTemplateInfoReply = z.object({ data: ZTemplateRow });

const templateFields = {
  name: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().min(1, t.nameRequired).max(190)),
  title: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(300)),
  body: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().min(1, t.bodyRequired).max(10_000)),
  template_type_id: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: t.templateTypeInvalid })),
  model_id: z.preprocess(blank, zId.default(2)),
  state_id: nullableId,
  tariff_category_id: nullableId,
  html_template_id: nullableId,
  lang: z.preprocess(blank, z.enum(TEMPLATE_LANGS).default('az')),
  active: z.preprocess(blank, zFlag.default(true)),
  delay: z.preprocess(blank, zInt.min(0, t.delayInvalid).max(MAX_TEMPLATE_DELAY, t.delayInvalid).default(0)),
};

type PlaceholderChecked = { body?: string; title?: string };
function checkPlaceholders(form: PlaceholderChecked, ctx: z.RefinementCtx) {
  for (const field of ['body', 'title'] as const) {
    const value = form[field];
    if (!value) continue;
    for (const message of placeholderProblems(value)) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** templates/create (multipart). A placeholder not in PLACEHOLDERS is a 422 on `body` (or `title`). */
export const ZTemplateForm = z.object(templateFields).superRefine(checkPlaceholders);
export type TemplateForm = z.infer<typeof ZTemplateForm>;
export const ZTemplateEditForm = z.object({ template_id: zId, ...templateFields }).superRefine(checkPlaceholders);
export type TemplateEditForm = z.infer<typeof ZTemplateEditForm>;
/** templates/create answers the new id bare (clients read `data` as a number). */
export const ZTemplateCreateReply = z.object({ data: z.number().int() });
export const ZTemplateIdReply = z.object({ data: z.object({ id: z.number().int() }) });

/** templates/active?template_id=1,2&active=1 */
export const ZTemplateActiveQuery = z.object({
  template_id: z.preprocess(blank, zIdList).refine((v) => Array.isArray(v) && v.length > 0 && v.every((x) => x > 0), t.templateNotFound),
  active: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(['0', '1']).transform((v) => v === '1')),
});
export const ZTemplateActiveReply = z.object({ data: z.object({ ids: z.array(z.number().int()), active: z.union([z.literal(0), z.literal(1)]) }) });
export const ZTemplateCancelQuery = z.object({ template_id: zId });

/**
 * templates/preview (ours, a read): a saved template (`template_id`) or the form's unsaved `title`/`body`,
 * rendered with a real parcel's data (`declaration_id`, else the newest parcel, of the template's status when there is one).
 */
export const ZTemplatePreviewForm = z.object({
  template_id: optionalId,
  title: z.preprocess(blank, z.string().max(300).optional()),
  body: z.preprocess(blank, z.string().max(10_000).optional()),
  state_id: optionalId,
  declaration_id: optionalId,
}).superRefine((form, ctx) => {
  if (!form.template_id && !form.body) ctx.addIssue({ code: 'custom', path: ['body'], message: t.bodyRequired });
  checkPlaceholders(form, ctx);
});
export type TemplatePreviewForm = z.infer<typeof ZTemplatePreviewForm>;
export const ZTemplatePreviewReply = z.object({
  data: z.object({
    title: z.string(),
    body: z.string(),
    declaration_id: z.number().int(),
    track_code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
});
export type TemplatePreviewReply = z.infer<typeof ZTemplatePreviewReply>;

/** The placeholders with their Azerbaijani descriptions (the template form's help; GET templates/placeholders, ours). */
export const ZPlaceholdersReply = z.object({ data: z.array(z.object({ name: z.string(), description: z.string() })) });

// ---------------------------------------------------------------- archives

export const ARCHIVE_SORT_COLUMNS = ['id', 'created_at', 'sended_at', 'retry_at', 'user_id', 'sent', 'active', 'model_name', 'object_id'] as const;

/**
 * The archive tables' filters (sms, whatsapp, mail and their queues). `phone` (SMS, WhatsApp) and `email`
 * (mail) match the recipient as a substring; `user_id` the customer; `sent`/`active` '1'/'0'; `model_name`
 * the section (a model id or name); date ranges 'from,to' in the office time zone.
 */
export const ZArchiveQuery = ZListQuery.extend({
  sort_column: z.enum(ARCHIVE_SORT_COLUMNS).optional(),
  id: optionalId,
  phone: text(400),
  email: text(400),
  user_id: optionalId,
  sent: flagFilter,
  active: flagFilter,
  bulk: flagFilter,
  bulk_id: optionalId,
  model_id: optionalId,
  model_name: text(120),
  object_id: optionalId,
  template_id: optionalId,
  body: text(500),
  /** failed attempts recorded (provider error present) */
  has_error: flagFilter,
  retry_at: zDateRangeText,
  sended_at: zDateRangeText,
  created_at: zDateRangeText,
});
export type ArchiveQuery = z.infer<typeof ZArchiveQuery>;

/**
 * One message, flat. `sended_at` is when it was sent, or when it is due while it waits (never null);
 * `retry_at` the next attempt after a failure, else the same due time. `params` is JSON text.
 */
const archiveRowBase = {
  id: z.number().int(),
  body: z.string(),
  subject: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  model_id: z.number().int(),
  model_name: z.string(),
  object_id: z.number().int(),
  params: z.string(),
  active: z.union([z.literal(0), z.literal(1)]),
  template_id: z.number().int().nullable(),
  template_name: z.string(),
  bulk: z.union([z.literal(0), z.literal(1)]),
  bulk_id: z.number().int().nullable(),
  sent: z.union([z.literal(0), z.literal(1)]),
  attempts: z.number().int(),
  provider_id: z.string(),
  provider_state: z.string(),
  error: z.string(),
  retry_at: z.string(),
  sended_at: z.string(),
  created_at: z.string(),
};
export const ZPhoneArchiveRow = z.object({ ...archiveRowBase, number: z.string() });
export type PhoneArchiveRow = z.infer<typeof ZPhoneArchiveRow>;
export const ZMailArchiveRow = z.object({ ...archiveRowBase, email: z.string() });
export type MailArchiveRow = z.infer<typeof ZMailArchiveRow>;
export const ZPhoneArchiveReply = z.object({ data: z.array(ZPhoneArchiveRow), total: z.number(), total_kind: z.enum(TOTAL_KINDS).optional() });
export const ZMailArchiveReply = z.object({ data: z.array(ZMailArchiveRow), total: z.number(), total_kind: z.enum(TOTAL_KINDS).optional() });
export type PhoneArchiveReply = z.infer<typeof ZPhoneArchiveReply>;
export type MailArchiveReply = z.infer<typeof ZMailArchiveReply>;

/** archive/sms_active?sms_id=&active=1|0 (a GET toggle, as clients call it): holds a waiting message back or lets it go. The id is a message of any channel whose archive code the caller holds. */
const activeFlag = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(['0', '1']).transform((v) => v === '1'));
export const ZSmsActiveQuery = z.object({ sms_id: zId, active: activeFlag });
export const ZWhatsappActiveQuery = z.object({ whatsapp_id: zId, active: activeFlag });
export const ZMailActiveQuery = z.object({ mail_id: zId, active: activeFlag });
export const ZArchiveActiveReply = z.object({ data: z.object({ id: z.number().int(), active: z.union([z.literal(0), z.literal(1)]) }) });

/** archive/sms_status?sms_id= and whatsapp_status?whatsapp_id=: the provider's delivery state, as plain text. */
export const ZSmsStatusQuery = z.object({ sms_id: zId });
export const ZWhatsappStatusQuery = z.object({ whatsapp_id: zId });
export const ZArchiveStatusReply = z.string();

/**
 * archive/send_sms|send_whatsapp|send_mail. Clients send no fields: that sends the channel's waiting
 * queue now (every active message not sent yet). With `message_id` (or `sms_id`/`whatsapp_id`/`mail_id`)
 * it sends that message again as a new archive row; with `user_id` (or `number`/`email`) and `body`
 * an ad-hoc message to that customer or address.
 */
export const ZArchiveSendForm = z.object({
  message_id: optionalId,
  sms_id: optionalId,
  whatsapp_id: optionalId,
  mail_id: optionalId,
  user_id: optionalId,
  number: z.preprocess(blank, z.string().trim().regex(/^\+?\d{7,15}$/).optional()),
  email: z.preprocess(blank, z.email().max(190).optional()),
  subject: text(300),
  body: z.preprocess(blank, z.string().trim().max(10_000).optional()),
}).superRefine((form, ctx) => {
  const resend = form.message_id ?? form.sms_id ?? form.whatsapp_id ?? form.mail_id;
  const adHoc = form.user_id !== undefined || form.number !== undefined || form.email !== undefined || form.body !== undefined;
  if (resend || !adHoc) return;
  if (!form.body) ctx.addIssue({ code: 'custom', path: ['body'], message: t.bodyRequired });
  if (form.user_id === undefined && form.number === undefined && form.email === undefined) {
    ctx.addIssue({ code: 'custom', path: ['user_id'], message: t.recipientRequired });
  }
  if (form.body) for (const message of placeholderProblems(form.body)) ctx.addIssue({ code: 'custom', path: ['body'], message });
});
export type ArchiveSendForm = z.infer<typeof ZArchiveSendForm>;
export const ZArchiveSendReply = z.object({ data: z.object({ ids: z.array(z.number().int()), count: z.number().int() }) });
export type ArchiveSendReply = z.infer<typeof ZArchiveSendReply>;

/** sms_balance: clients read `data.obj` as a number; `configured` false (and 0) when no SMS gateway is set up. */
export const ZSmsBalanceReply = z.object({ data: z.object({ obj: z.number(), balance: z.string(), currency: z.string(), configured: z.boolean() }) });
export type SmsBalanceReply = z.infer<typeof ZSmsBalanceReply>;

// ---------------------------------------------------------------- a customer's channels (ours)

/**
 * GET /api/admin/notification_settings?user_id= and POST the same (form): a customer's channel
 * opt-ins. SMS and e-mail are the user's send_sms / send_mail (the user form edits them too);
 * WhatsApp and push live beside them (off until set). Customers only.
 */
export const ZNotificationSettingsQuery = z.object({ user_id: zId });
export const ZNotificationSettingsForm = z.object({
  user_id: zId,
  send_sms: z.preprocess(blank, zFlag.optional()),
  send_mail: z.preprocess(blank, zFlag.optional()),
  send_whatsapp: z.preprocess(blank, zFlag.optional()),
  send_push: z.preprocess(blank, zFlag.optional()),
});
export type NotificationSettingsForm = z.infer<typeof ZNotificationSettingsForm>;
export const ZNotificationSettingsReply = z.object({
  data: z.object({
    user_id: z.number().int(),
    send_sms: z.union([z.literal(0), z.literal(1)]),
    send_mail: z.union([z.literal(0), z.literal(1)]),
    send_whatsapp: z.union([z.literal(0), z.literal(1)]),
    send_push: z.union([z.literal(0), z.literal(1)]),
    /** whether the customer's app registered a device for push */
    has_push_token: z.union([z.literal(0), z.literal(1)]),
  }),
});
export type NotificationSettingsReply = z.infer<typeof ZNotificationSettingsReply>;
