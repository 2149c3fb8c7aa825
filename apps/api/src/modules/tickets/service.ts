import { fill } from '@app/contract/texts/az';
import { azTickets } from '@app/contract/texts/az-tickets';
import type {
  MessageTemplateEditForm, MessageTemplateForm, TicketCategoryEditForm, TicketCategoryForm, TicketCreateForm, TicketEditForm, TicketInfoReply,
  TicketListQuery, TicketListReply, TicketListRow, TicketMessage, TicketMessageForm,
} from '@app/contract/tickets';
import { isTicketOver, SENDER_CUSTOMER, TICKET_ANSWER_EVENT, TICKET_LIMITS, TICKET_STATE } from '@app/contract/tickets';
import { ROLE, isStaffRole } from '@app/contract/roles';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { badRequest, invalid, notFound } from '../../platform/errors';
import { newFileKey, sniffFileType, type FileStorage } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import {
  cancelMessages, countUnreadTickets, findCategories, findCategory, findExecutors, findConversation, findFilesOfTicket, findFirstMessage, findMessageFile,
  findMessagesForUpdate, findPerson, findTicketForUpdate, findTicketPage, findTicketRow, findTicketsForUpdate, insertCategory, insertMessage,
  insertMessageFiles, insertTicket, markTicketRead, updateCategory, updateMessageText, updateTicket, updateTickets, type TicketRecord,
} from './queries';

/*
 * Support tickets (issue 20 item 5): the rules of the conversation are in the contract's header
 * (tickets.ts) and enforced here.
 */

/** Sends a customer a message through the notification queue (notifications' enqueueNotification). */
export type Notify = (tx: DbOrTx, jobs: Jobs, input: {
  event: string; userId: number; params: Record<string, string | number>; eventKey: string; objectModel?: string; objectId?: number;
  body?: string; subject?: string; createdBy?: number;
}) => Promise<number[]>;

export interface TicketDeps {
  db: Db;
  files: FileStorage;
  jobs: Jobs;
  timeZone: string;
  /** Absent: replies notify nobody (tests of the conversation alone). */
  notify?: Notify;
}

// ---------------------------------------------------------------- attachments

interface Upload { data: Buffer; mime: string; ext: string }

/** The uploaded files of a form, checked: PDF/JPEG/PNG by content, each at most 10 MB, at most 5. */
function readUploads(values: unknown[] | undefined): Upload[] {
  const list = (values ?? []).filter((v) => v !== undefined && v !== null && v !== '');
  if (list.length > TICKET_LIMITS.files) throw invalid({ document_file: [fill(azTickets.errors.tooManyFiles, { N: TICKET_LIMITS.files })] });
  return list.map((value) => {
    if (!(value instanceof Uint8Array)) throw invalid({ document_file: [azTickets.errors.fileWrongType] });
    const data = Buffer.from(value);
    if (data.length > TICKET_LIMITS.fileMb * 1024 * 1024) throw invalid({ document_file: [fill(azTickets.errors.fileTooLarge, { MB: TICKET_LIMITS.fileMb })] });
    const type = sniffFileType(data);
    if (!type) throw invalid({ document_file: [azTickets.errors.fileWrongType] });
    return { data, mime: type.mime, ext: type.ext };
  });
}

/** Writes the files' rows in the transaction; the bytes are saved by the caller once it commits. */
async function attachFiles(tx: DbOrTx, ticketId: number, messageId: number, uploads: Upload[]) {
  const rows = uploads.map((u, i) => ({
    messageId, ticketId, path: newFileKey(`tickets/${ticketId}`, messageId, u.ext), name: `fayl-${messageId}-${i + 1}.${u.ext}`, mime: u.mime, size: u.data.length,
  }));
  await insertMessageFiles(tx, rows);
  return rows.map((r, i) => ({ key: r.path, data: uploads[i]!.data }));
}

async function saveFiles(files: FileStorage, saved: { key: string; data: Buffer }[]) {
  for (const file of saved) await files.save(file.key, file.data);
}

export function fileUrl(id: number, name: string): string {
  return `/api/admin/tickets/file/${id}/${encodeURIComponent(name)}`;
}

// ---------------------------------------------------------------- reads

/** A stored row → the wire row: the executor's id only when there is one (clients show it only when present). */
function toWireRow(row: NonNullable<Awaited<ReturnType<typeof findTicketRow>>>): TicketListRow {
  const { user_id_admin, user_name_admin, ...rest } = row;
  return {
    ...rest,
    user_name_admin: user_name_admin ?? '',
    ...(user_id_admin !== null ? { user_id_admin } : {}),
  };
}

export async function listTickets(db: Db, query: TicketListQuery, timeZone: string): Promise<TicketListReply> {
  const { rows, total } = await findTicketPage(db, query, timeZone);
  return { data: rows.map(toWireRow), total: total.total, total_kind: total.kind };
}

/** GET tickets/info: the ticket and its conversation; staff opening it reads it (is_new_admin 0). */
export async function readTicket(db: Db, id: number, timeZone: string): Promise<TicketInfoReply> {
  await markTicketRead(db, id);
  const row = await findTicketRow(db, id, timeZone);
  if (!row) throw notFound('ticket_id');
  const [messages, files] = await Promise.all([findConversation(db, id, timeZone), findFilesOfTicket(db, id)]);
  const urls = new Map<number, string[]>();
  for (const f of files) urls.set(f.messageId, [...(urls.get(f.messageId) ?? []), fileUrl(f.id, f.name)]);
  const data: TicketMessage[] = messages.map((m) => {
    const list = urls.get(m.id);
    return list ? { ...m, document_file: list.join(',') } : m;
  });
  return { ticket: toWireRow(row), data };
}

export async function readTicketFile(db: Db, files: FileStorage, fileId: number) {
  const file = await findMessageFile(db, fileId);
  const data = file ? await files.read(file.path) : null;
  if (!file || !data) throw notFound('file_id');
  return { data, mime: file.mime, name: file.name };
}

export async function listTicketExecutors(db: Db) {
  return { data: await findExecutors(db) };
}

/** The sidebar badge: tickets staff have not read (not cancelled ones). */
export function countTicketBadge(db: DbOrTx): Promise<number> {
  return countUnreadTickets(db);
}

// ---------------------------------------------------------------- checks

async function checkCustomer(tx: DbOrTx, userId: number): Promise<void> {
  const person = await findPerson(tx, userId);
  if (!person || person.deletedAt) throw invalid({ user_id: [azTickets.errors.notCustomer] });
}

async function checkExecutor(tx: DbOrTx, userId: number): Promise<void> {
  const person = await findPerson(tx, userId);
  if (!person || person.deletedAt || !isStaffRole(person.admin)) throw invalid({ user_id_admin: [azTickets.errors.notStaff] });
}

async function checkCategory(tx: DbOrTx, id: number): Promise<void> {
  if (!(await findCategory(tx, id))) throw invalid({ ticket_category_id: [azTickets.errors.categoryMissing] });
}

async function lockTicket(tx: DbOrTx, id: number): Promise<TicketRecord> {
  const ticket = await findTicketForUpdate(tx, id);
  if (!ticket) throw notFound('ticket_id');
  return ticket;
}

// ---------------------------------------------------------------- writes by staff

/** POST tickets/create: a ticket for a customer, opened by staff with its first message (read by staff). */
export async function createTicket(deps: TicketDeps, user: RequestUser, form: TicketCreateForm) {
  const uploads = readUploads(form.document_file);
  if (!form.message && !uploads.length) throw invalid({ message: [azTickets.errors.messageRequired] });
  const { id, saved } = await deps.db.transaction(async (tx) => {
    await checkCustomer(tx, form.user_id);
    await checkCategory(tx, form.ticket_category_id);
    if (form.user_id_admin !== undefined) await checkExecutor(tx, form.user_id_admin);
    const ticketId = await insertTicket(tx, {
      userId: form.user_id, ticketCategoryId: form.ticket_category_id, stateId: TICKET_STATE.open, userIdAdmin: form.user_id_admin ?? null,
      isNewAdmin: false, messageCount: 1, newMessageCount: 0, createdBy: user.id,
    });
    const messageId = await insertMessage(tx, { ticketId, userId: user.id, senderRole: user.admin, message: form.message ?? '' });
    const files = await attachFiles(tx, ticketId, messageId, uploads);
    await recordAudit(tx, {
      userId: user.id, action: 'ticket.create', entity: 'ticket', entityId: ticketId,
      changes: { user_id: form.user_id, ticket_category_id: form.ticket_category_id, files: files.length },
    });
    return { id: ticketId, saved: files };
  });
  await saveFiles(deps.files, saved);
  return { data: { id } };
}

/** POST tickets/edit: customer, category, executor, the first message's text and more files on it. */
export async function editTicket(deps: TicketDeps, user: RequestUser, form: TicketEditForm) {
  const uploads = readUploads(form.document_file);
  const saved = await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, form.ticket_id);
    if (ticket.stateId === TICKET_STATE.cancelled) throw badRequest(azTickets.errors.ticketCancelled);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const fields: Partial<TicketRecord> = {};
    if (form.user_id !== undefined && form.user_id !== ticket.userId) {
      await checkCustomer(tx, form.user_id);
      fields.userId = form.user_id;
    }
    if (form.ticket_category_id !== undefined && form.ticket_category_id !== ticket.ticketCategoryId) {
      await checkCategory(tx, form.ticket_category_id);
      fields.ticketCategoryId = form.ticket_category_id;
    }
    if (form.user_id_admin !== undefined && form.user_id_admin !== ticket.userIdAdmin) {
      if (form.user_id_admin !== null) await checkExecutor(tx, form.user_id_admin);
      fields.userIdAdmin = form.user_id_admin;
    }
    for (const [key, to] of Object.entries(fields)) changes[key] = { from: ticket[key as keyof TicketRecord], to };
    const first = form.message !== undefined || uploads.length ? await findFirstMessage(tx, ticket.id) : undefined;
    if (form.message !== undefined && first && first.message !== form.message) {
      await updateMessageText(tx, first.id, form.message);
      changes.message = { from: first.message, to: form.message };
    }
    let files: { key: string; data: Buffer }[] = [];
    if (uploads.length) {
      const messageId = first?.id ?? await insertMessage(tx, { ticketId: ticket.id, userId: user.id, senderRole: user.admin, message: '' });
      if (!first) fields.messageCount = ticket.messageCount + 1;
      files = await attachFiles(tx, ticket.id, messageId, uploads);
      changes.files = { from: null, to: files.length };
    }
    if (Object.keys(fields).length || Object.keys(changes).length) await updateTicket(tx, ticket.id, fields);
    await recordAudit(tx, { userId: user.id, action: 'ticket.update', entity: 'ticket', entityId: ticket.id, changes });
    return files;
  });
  await saveFiles(deps.files, saved);
  return { data: { id: form.ticket_id } };
}

/**
 * POST tickets/message/create: a staff reply. Refused on a closed or cancelled ticket. The ticket
 * becomes answered (2) and read; the customer is notified ('ticket.answer', once per message).
 */
export async function replyToTicket(deps: TicketDeps, user: RequestUser, form: TicketMessageForm) {
  const uploads = readUploads(form.document_file);
  if (!form.message && !uploads.length) throw invalid({ message: [azTickets.errors.messageRequired] });
  const { id, saved } = await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, form.ticket_id);
    if (isTicketOver(ticket.stateId)) throw invalid({ ticket_id: [azTickets.errors.ticketClosed] });
    const messageId = await insertMessage(tx, { ticketId: ticket.id, userId: user.id, senderRole: user.admin, message: form.message ?? '' });
    const files = await attachFiles(tx, ticket.id, messageId, uploads);
    await updateTicket(tx, ticket.id, {
      stateId: TICKET_STATE.answered, isNewAdmin: false, newMessageCount: 0, messageCount: ticket.messageCount + 1,
      // the first to answer an unassigned ticket takes it
      userIdAdmin: ticket.userIdAdmin ?? user.id,
    });
    await notifyCustomerOfAnswer(tx, deps, { ticket, messageId, body: form.message ?? '', staffId: user.id });
    await recordAudit(tx, { userId: user.id, action: 'ticket.reply', entity: 'ticket', entityId: ticket.id, changes: { message_id: messageId, files: files.length } });
    return { id: messageId, saved: files };
  });
  await saveFiles(deps.files, saved);
  return { data: { id } };
}

/**
 * The customer hears about a staff reply through the notification queue (issue 20 item 5): the
 * reply's text on every channel the customer's flags allow, once per message (the event key), in
 * the reply's transaction. A reply with files only says so.
 */
async function notifyCustomerOfAnswer(tx: DbOrTx, deps: TicketDeps, input: { ticket: TicketRecord; messageId: number; body: string; staffId: number }): Promise<void> {
  if (!deps.notify) return;
  await deps.notify(tx, deps.jobs, {
    event: TICKET_ANSWER_EVENT,
    userId: input.ticket.userId,
    params: { ticket_id: input.ticket.id },
    eventKey: `ticket:${input.ticket.id}:answer:${input.messageId}`,
    objectModel: 'ticket',
    objectId: input.ticket.id,
    subject: fill(azTickets.notify.subject, { ID: input.ticket.id }),
    body: input.body.trim() || fill(azTickets.notify.filesOnly, { ID: input.ticket.id }),
    createdBy: input.staffId,
  });
}

/** POST tickets/cancel_message: staff replies leave the conversation; the customer's words stay. */
export async function cancelTicketMessages(db: Db, user: RequestUser, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const messages = await findMessagesForUpdate(tx, unique);
    if (messages.length !== unique.length) throw notFound('ticket_message_id');
    if (messages.some((m) => m.senderRole === SENDER_CUSTOMER)) throw invalid({ ticket_message_id: [azTickets.errors.customerMessageNotCancellable] });
    if (messages.some((m) => m.cancelledAt !== null)) throw invalid({ ticket_message_id: [azTickets.errors.messageAlreadyCancelled] });
    await cancelMessages(tx, unique, user.id);
    const perTicket = new Map<number, number>();
    for (const m of messages) perTicket.set(m.ticketId, (perTicket.get(m.ticketId) ?? 0) + 1);
    for (const [ticketId, n] of perTicket) {
      const ticket = await lockTicket(tx, ticketId);
      await updateTicket(tx, ticketId, { messageCount: Math.max(0, ticket.messageCount - n) });
    }
    await recordAudit(tx, { userId: user.id, action: 'ticket.cancel_message', entity: 'ticket_message', entityId: unique.join(','), changes: { tickets: [...perTicket.keys()] } });
  });
  return { data: { ids: unique } };
}

async function lockAll(tx: DbOrTx, ids: number[]): Promise<TicketRecord[]> {
  const unique = [...new Set(ids)];
  const rows = await findTicketsForUpdate(tx, unique);
  if (rows.length !== unique.length) throw notFound('ticket_id');
  return rows;
}

/** POST tickets/changestate: any state by staff (a cancelled or closed ticket may be reopened). */
export async function changeTicketState(db: Db, user: RequestUser, ids: number[], stateId: number) {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids);
    const changing = rows.filter((r) => r.stateId !== stateId);
    if (changing.length) await updateTickets(tx, changing.map((r) => r.id), { stateId });
    await recordAudit(tx, {
      userId: user.id, action: 'ticket.state', entity: 'ticket', entityId: rows.map((r) => r.id).join(','),
      changes: Object.fromEntries(changing.map((r) => [r.id, { from: r.stateId, to: stateId }])),
    });
  });
  return { data: { ids: [...new Set(ids)] } };
}

/** POST tickets/cancel: the tickets become cancelled (4): no more replies; they stay listed. */
export async function cancelTickets(db: Db, user: RequestUser, ids: number[]) {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids);
    const changing = rows.filter((r) => r.stateId !== TICKET_STATE.cancelled);
    if (changing.length) await updateTickets(tx, changing.map((r) => r.id), { stateId: TICKET_STATE.cancelled, isNewAdmin: false, newMessageCount: 0 });
    await recordAudit(tx, { userId: user.id, action: 'ticket.cancel', entity: 'ticket', entityId: rows.map((r) => r.id).join(','), changes: { from: changing.map((r) => [r.id, r.stateId]) } });
  });
  return { data: { ids: [...new Set(ids)] } };
}

/** POST tickets/is_new: value true = unread by staff, false = read (its new-message count clears). */
export async function markTickets(db: Db, user: RequestUser, ids: number[], isNew: boolean) {
  await db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids);
    await updateTickets(tx, rows.map((r) => r.id), isNew ? { isNewAdmin: true } : { isNewAdmin: false, newMessageCount: 0 });
    await recordAudit(tx, { userId: user.id, action: isNew ? 'ticket.unread' : 'ticket.read', entity: 'ticket', entityId: rows.map((r) => r.id).join(','), changes: {} });
  });
  return { data: { ids: [...new Set(ids)] } };
}

// ---------------------------------------------------------------- the customer's side

/**
 * A customer writes in their ticket (the customer site and app; no admin route). A closed or
 * cancelled ticket takes no message; an answered one opens again; staff see it unread.
 */
export async function writeCustomerMessage(deps: Pick<TicketDeps, 'db' | 'files'>, customerId: number, input: { ticketId: number; message?: string; files?: unknown[] }) {
  const uploads = readUploads(input.files);
  if (!input.message && !uploads.length) throw invalid({ message: [azTickets.errors.messageRequired] });
  const { id, saved } = await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId);
    if (ticket.userId !== customerId) throw notFound('ticket_id');
    if (isTicketOver(ticket.stateId)) throw invalid({ ticket_id: [azTickets.errors.ticketClosed] });
    const messageId = await insertMessage(tx, { ticketId: ticket.id, userId: customerId, senderRole: ROLE.client, message: input.message ?? '' });
    const files = await attachFiles(tx, ticket.id, messageId, uploads);
    await updateTicket(tx, ticket.id, {
      stateId: TICKET_STATE.open, isNewAdmin: true, newMessageCount: ticket.newMessageCount + 1, messageCount: ticket.messageCount + 1,
    });
    return { id: messageId, saved: files };
  });
  await saveFiles(deps.files, saved);
  return { data: { id } };
}

// ---------------------------------------------------------------- categories

export async function listTicketCategories(db: Db, query: Parameters<typeof findCategories>[1]) {
  const [data, total] = await findCategories(db, query);
  return { data, total };
}

export async function createTicketCategory(db: Db, user: RequestUser, form: TicketCategoryForm) {
  return db.transaction(async (tx) => {
    const id = await insertCategory(tx, { name: form.name, hidden: form.hidden });
    await recordAudit(tx, { userId: user.id, action: 'ticket_category.create', entity: 'ticket_category', entityId: id, changes: form });
    return { data: { id } };
  });
}

export async function editTicketCategory(db: Db, user: RequestUser, form: TicketCategoryEditForm) {
  return db.transaction(async (tx) => {
    const current = await findCategory(tx, form.ticket_category_id);
    if (!current) throw notFound('ticket_category_id');
    const fields = { name: form.name, hidden: form.hidden };
    await updateCategory(tx, current.id, fields);
    await recordAudit(tx, {
      userId: user.id, action: 'ticket_category.update', entity: 'ticket_category', entityId: current.id,
      changes: { name: { from: current.name, to: form.name ?? current.name }, hidden: { from: current.hidden, to: form.hidden ?? current.hidden } },
    });
    return { data: { id: current.id } };
  });
}

export type { MessageTemplateEditForm, MessageTemplateForm };
