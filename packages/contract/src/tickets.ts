import { z } from 'zod';
import { zDateTimeText, zFile, zFlag, zId, zIdList, ZListQuery } from './common';
import { zDateTimeOut, zFlag01, zListReply } from './common';
import { azTickets } from './texts/az-tickets';
import { zDateRangeText } from './users';

/*
 * Support tickets and ticket templates (issue 20 item 5; spec §2 supports / ticket-templates, §6
 * tickets / ticket_templates). Wire shapes are the fields and requests files' (tickets/*,
 * message_templates/*).
 *
 * Rules (server):
 * - A ticket is open (1) until staff answer it (2); a customer's new message opens it again (1).
 *   Closed (3) and cancelled (4) tickets take no reply; a cancelled one takes no other change
 *   either, except a state change by staff (reopening it).
 * - `is_new_admin` (unread by staff) is set when the customer writes and cleared when staff open
 *   the ticket (tickets/info), answer it, or mark it read (tickets/is_new).
 * - cancel_message takes a staff message out of the conversation (the customer's words stay).
 * - A staff reply notifies the customer (event 'ticket.answer' through the notification queue).
 */

export const TICKET_STATE = { open: 1, answered: 2, closed: 3, cancelled: 4 } as const;
export type TicketState = (typeof TICKET_STATE)[keyof typeof TICKET_STATE];
export const TICKET_STATES: readonly TicketState[] = [1, 2, 3, 4];
/** Closed or cancelled: no more replies. */
export const isTicketOver = (stateId: number) => stateId === TICKET_STATE.closed || stateId === TICKET_STATE.cancelled;
export const ticketStateName = (stateId: number) => azTickets.states[stateId] ?? String(stateId);
/** spec §4: tag colours by id for categories and states (1 orange, 2 blue, 3 green, 4 red). */
export const TICKET_TAG_COLORS: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green', 4: 'red' };

/** The wire's `admin` of a message: the sender's role code (0 customer, 1 admin, other staff). */
export const SENDER_CUSTOMER = 0;

export const TICKET_LIMITS = { message: 5000, files: 5, fileMb: 10, categoryName: 120, templateTitle: 200, templateBody: 5000 } as const;
/** The notification event of a staff reply (N1's templates; the reply's text is sent as it is). */
export const TICKET_ANSWER_EVENT = 'ticket.answer';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blank, zId.optional());
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());
/** Files of a form: `document_file[0]`, `document_file[1]`… folded into one list by the route (tickets/routes.ts). */
const zFiles = z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v.filter((x) => x !== '') : [v]), z.array(zFile).optional());
const messageText = z.preprocess(blank, z.string().trim().max(TICKET_LIMITS.message, azTickets.errors.messageTooLong.replace('{N}', String(TICKET_LIMITS.message))).optional());

// ---------------------------------------------------------------- tickets: queries and forms

export const TICKET_SORT_COLUMNS = ['id', 'created_at', 'updated_at', 'user_id', 'user_name', 'ticket_category_id', 'state_id', 'user_id_admin', 'is_new_admin', 'all_message_count', 'new_message_count'] as const;
/** GET /api/admin/tickets/list: the supports table's filters (column filters and the action bar's read flag). */
export const ZTicketListQuery = ZListQuery.extend({
  sort_column: z.enum(TICKET_SORT_COLUMNS).optional(),
  /** A text filter: digits match the id, anything else matches nothing. */
  id: text(20),
  /** The customer (M. kodu): an id, or the customer's code. */
  user_id: text(40),
  user_name: text(120),
  /** A text filter: an id, or a part of the category's name. */
  ticket_category_id: text(120),
  state_id: optionalId,
  user_id_admin: optionalId,
  created_at: zDateRangeText,
  /** Ours (the web table's date filter): the same range as two fields. */
  date_from: z.preprocess(blank, zDateTimeText.optional()),
  date_to: z.preprocess(blank, zDateTimeText.optional()),
  /** '1' unread by staff, '0' read. */
  is_new_admin: z.preprocess(blank, zFlag.optional()),
});
export type TicketListQuery = z.infer<typeof ZTicketListQuery>;

/** POST tickets/create (multipart): a ticket for a customer with its first message. */
export const ZTicketCreateForm = z.object({
  user_id: z.preprocess(blank, zId),
  ticket_category_id: z.preprocess(blank, zId),
  message: messageText,
  document_file: zFiles,
  /** Ours: the executor. */
  user_id_admin: optionalId,
});
export type TicketCreateForm = z.infer<typeof ZTicketCreateForm>;

/** POST tickets/edit (multipart): customer, category, the first message's text, more files; ours: the executor ('' clears). */
export const ZTicketEditForm = z.object({
  ticket_id: z.preprocess(blank, zId),
  user_id: optionalId,
  ticket_category_id: optionalId,
  message: messageText,
  document_file: zFiles,
  user_id_admin: z.preprocess((v) => (v === '' || v === '0' || v === 0 ? null : v), zId.nullable().optional()),
});
export type TicketEditForm = z.infer<typeof ZTicketEditForm>;

/** ?ticket_id= of tickets/info. */
export const ZTicketIdQuery = z.object({ ticket_id: zId });
/** ?ticket_id=1,2 of cancel, changestate and is_new. */
export const ZTicketIdsQuery = z.object({ ticket_id: zIdList.refine((v) => v !== undefined && v.length > 0 && v.every((x) => x > 0), 'ticket_id') });
export const ZTicketChangeStateQuery = ZTicketIdsQuery.extend({
  state_id: zId.refine((v) => (TICKET_STATES as readonly number[]).includes(v), azTickets.errors.invalidState),
});
export const ZTicketIsNewQuery = ZTicketIdsQuery.extend({ value: zFlag });
/** ?ticket_message_id[]= of cancel_message. */
export const ZTicketCancelMessageQuery = z.object({
  ticket_message_id: zIdList.refine((v) => v !== undefined && v.length > 0 && v.every((x) => x > 0), 'ticket_message_id'),
});

/** POST tickets/message/create (multipart): a staff reply; text or a file (or both). */
export const ZTicketMessageForm = z.object({
  ticket_id: z.preprocess(blank, zId),
  message: messageText,
  document_file: zFiles,
});
export type TicketMessageForm = z.infer<typeof ZTicketMessageForm>;

// ---------------------------------------------------------------- tickets: replies

export const ZTicketListRow = z.object({
  id: z.number().int(),
  ticket_category_id: z.number().int(),
  ticket_category_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_code: z.string().nullable(),
  /** The executor; absent when none (clients show it only when present); its name '' then. */
  user_id_admin: z.number().int().optional(),
  user_name_admin: z.string(),
  /** number-as-string: the customer's messages since staff last read it. */
  new_message_count: z.string(),
  all_message_count: z.number().int(),
  state_id: z.number().int(),
  state_name: z.string(),
  is_new_admin: zFlag01,
  created_at: zDateTimeOut,
  updated_at: zDateTimeOut,
});
export type TicketListRow = z.infer<typeof ZTicketListRow>;
export const ZTicketListReply = zListReply(ZTicketListRow);
export type TicketListReply = z.infer<typeof ZTicketListReply>;

export const ZTicketMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  /** The sender's role: 0 customer, 1 admin, other staff. */
  admin: z.number().int(),
  created_at: zDateTimeOut,
  /** Comma-separated file URLs (each ends with the file's name); absent without files. */
  document_file: z.string().optional(),
});
export type TicketMessage = z.infer<typeof ZTicketMessage>;
/** GET tickets/info: the ticket at the root, its conversation (oldest first, cancelled ones left out) in data. */
export const ZTicketInfoReply = z.object({ ticket: ZTicketListRow, data: z.array(ZTicketMessage) });
export type TicketInfoReply = z.infer<typeof ZTicketInfoReply>;

/** Writes answer the record's id (clients read only the status). */
export const ZTicketWriteReply = z.object({ data: z.object({ id: z.number().int() }) });
export const ZTicketIdsReply = z.object({ data: z.object({ ids: z.array(z.number().int()) }) });

/** GET tickets/executors (ours): the staff a ticket may be assigned to (the executor picker and filter). */
export const ZTicketExecutorsReply = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), admin: z.number().int() })) });
export type TicketExecutor = z.infer<typeof ZTicketExecutorsReply>['data'][number];

// ---------------------------------------------------------------- categories

export const ZTicketCategoryListQuery = ZListQuery.extend({ sort_column: z.enum(['id', 'name']).optional(), name: text(120), hidden: z.preprocess(blank, zFlag.optional()) });
export const ZTicketCategoryRow = z.object({ id: z.number().int(), name: z.string(), hidden: zFlag01 });
export type TicketCategoryRow = z.infer<typeof ZTicketCategoryRow>;
export const ZTicketCategoryListReply = zListReply(ZTicketCategoryRow);
export const ZTicketCategoryForm = z.object({
  name: z.preprocess(blank, z.string().trim().min(1).max(TICKET_LIMITS.categoryName)),
  hidden: z.preprocess(blank, zFlag.default(false)),
});
export type TicketCategoryForm = z.infer<typeof ZTicketCategoryForm>;
export const ZTicketCategoryEditForm = z.object({
  ticket_category_id: z.preprocess(blank, zId),
  name: z.preprocess(blank, z.string().trim().min(1).max(TICKET_LIMITS.categoryName).optional()),
  hidden: z.preprocess(blank, zFlag.optional()),
});
export type TicketCategoryEditForm = z.infer<typeof ZTicketCategoryEditForm>;

// ---------------------------------------------------------------- ticket templates (message_templates)

export const MESSAGE_TEMPLATE_SORT_COLUMNS = ['id', 'title', 'name', 'created_at'] as const;
export const ZMessageTemplateListQuery = ZListQuery.extend({
  sort_column: z.enum(MESSAGE_TEMPLATE_SORT_COLUMNS).optional(),
  id: optionalId,
  /** The title (column 'Ad'). */
  name: text(200),
  title: text(200),
  created_at: zDateRangeText,
  date_from: z.preprocess(blank, zDateTimeText.optional()),
  date_to: z.preprocess(blank, zDateTimeText.optional()),
});
export type MessageTemplateListQuery = z.infer<typeof ZMessageTemplateListQuery>;
export const ZMessageTemplateRow = z.object({ id: z.number().int(), title: z.string(), body: z.string(), created_at: zDateTimeOut });
export type MessageTemplateRow = z.infer<typeof ZMessageTemplateRow>;
export const ZMessageTemplateForm = z.object({
  title: z.preprocess(blank, z.string().trim().min(1).max(TICKET_LIMITS.templateTitle)),
  body: z.preprocess(blank, z.string().trim().min(1).max(TICKET_LIMITS.templateBody)),
});
export type MessageTemplateForm = z.infer<typeof ZMessageTemplateForm>;
/** POST message_templates/edit: clients send the key as plain `id` (our screens send message_template_id too). */
export const ZMessageTemplateEditForm = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const form = v as Record<string, unknown>;
    return form.message_template_id === undefined || form.message_template_id === '' ? { ...form, message_template_id: form.id } : form;
  },
  z.object({
    message_template_id: z.preprocess(blank, zId),
    title: z.preprocess(blank, z.string().trim().min(1).max(TICKET_LIMITS.templateTitle).optional()),
    body: z.preprocess(blank, z.string().trim().min(1).max(TICKET_LIMITS.templateBody).optional()),
  }),
);
export type MessageTemplateEditForm = z.infer<typeof ZMessageTemplateEditForm>;
