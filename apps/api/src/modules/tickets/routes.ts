import {
  ZTicketCancelMessageQuery, ZTicketCategoryEditForm, ZTicketCategoryForm, ZTicketCategoryListQuery, ZTicketCategoryListReply, ZTicketChangeStateQuery,
  ZTicketCreateForm, ZTicketEditForm, ZTicketExecutorsReply, ZTicketIdQuery, ZTicketIdsQuery, ZTicketIdsReply, ZTicketInfoReply, ZTicketIsNewQuery, ZTicketListQuery,
  ZTicketListReply, ZTicketMessageForm, ZTicketWriteReply,
} from '@app/contract/tickets';
import { zId } from '@app/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { enqueueNotification } from '../notifications/service';
import { registerResource } from '../../platform/resource';
import {
  cancelTicketMessages, cancelTickets, changeTicketState, createTicket, createTicketCategory, editTicket, editTicketCategory, listTicketCategories,
  listTicketExecutors, listTickets, markTickets, readTicket, readTicketFile, replyToTicket, type TicketDeps,
} from './service';
import { messageTemplateResource } from './templates';

const tags = ['tickets'];
const access = { permission: 'tickets' } as const;

/** Clients send files as `document_file[0]`, `document_file[1]`…: one list under `document_file` before the schema runs. */
async function gatherFiles(req: FastifyRequest): Promise<void> {
  const body = req.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const files: unknown[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (/^document_file(\[\d*\])?$/.test(key)) files.push(...(Array.isArray(value) ? value : [value]));
    else rest[key] = value;
  }
  if (files.length) rest.document_file = files;
  req.body = rest;
}

/** Support tickets and ticket templates (issue 20 item 5; spec §2 supports, ticket-templates). */
export function registerTicketRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  const deps = (): TicketDeps => ({ db: app.db, files: app.files, jobs: app.jobs, timeZone: tz(), notify: enqueueNotification });

  app.get('/api/admin/tickets/list', {
    schema: { tags, summary: 'Tickets (filters, unread flag, category, state, executor, customer)', querystring: ZTicketListQuery, response: { 200: ZTicketListReply } },
    config: { access },
  }, (req) => listTickets(app.db, req.query, tz()));

  app.get('/api/admin/tickets/info', {
    schema: { tags, summary: 'A ticket and its conversation; opening it marks it read by staff', querystring: ZTicketIdQuery, response: { 200: ZTicketInfoReply } },
    config: { access },
  }, (req) => readTicket(app.db, req.query.ticket_id, tz()));

  app.get('/api/admin/tickets/file/:file_id/:name', {
    schema: { tags, summary: "A message's attachment", params: z.object({ file_id: zId, name: z.string().max(200) }) },
    config: { access },
  }, async (req, reply) => {
    const file = await readTicketFile(app.db, app.files, req.params.file_id);
    return reply.header('content-type', file.mime).header('content-disposition', `inline; filename="${file.name}"`).send(file.data);
  });

  app.post('/api/admin/tickets/create', {
    schema: { tags, summary: 'Open a ticket for a customer (multipart; document_file[N])', body: ZTicketCreateForm, response: { 200: ZTicketWriteReply } },
    config: { access },
    preValidation: gatherFiles,
  }, (req) => createTicket(deps(), requireUser(req), req.body));

  app.post('/api/admin/tickets/edit', {
    schema: { tags, summary: 'Edit a ticket: customer, category, executor, first message, more files', body: ZTicketEditForm, response: { 200: ZTicketWriteReply } },
    config: { access },
    preValidation: gatherFiles,
  }, (req) => editTicket(deps(), requireUser(req), req.body));

  app.post('/api/admin/tickets/message/create', {
    schema: { tags, summary: 'Staff reply (multipart; notifies the customer); refused on closed/cancelled tickets', body: ZTicketMessageForm, response: { 200: ZTicketWriteReply } },
    config: { access },
    preValidation: gatherFiles,
  }, (req) => replyToTicket(deps(), requireUser(req), req.body));

  app.post('/api/admin/tickets/cancel_message', {
    schema: { tags, summary: 'Take staff messages out of the conversation', querystring: ZTicketCancelMessageQuery, response: { 200: ZTicketIdsReply } },
    config: { access },
  }, (req) => cancelTicketMessages(app.db, requireUser(req), req.query.ticket_message_id ?? []));

  app.post('/api/admin/tickets/changestate', {
    schema: { tags, summary: 'Change the state of tickets (ids joined with ,)', querystring: ZTicketChangeStateQuery, response: { 200: ZTicketIdsReply } },
    config: { access },
  }, (req) => changeTicketState(app.db, requireUser(req), req.query.ticket_id ?? [], req.query.state_id));

  app.post('/api/admin/tickets/cancel', {
    schema: { tags, summary: 'Cancel tickets (state 4; no more replies)', querystring: ZTicketIdsQuery, response: { 200: ZTicketIdsReply } },
    config: { access },
  }, (req) => cancelTickets(app.db, requireUser(req), req.query.ticket_id ?? []));

  app.post('/api/admin/tickets/is_new', {
    schema: { tags, summary: 'Mark tickets unread (value=true) or read (false) by staff', querystring: ZTicketIsNewQuery, response: { 200: ZTicketIdsReply } },
    config: { access },
  }, (req) => markTickets(app.db, requireUser(req), req.query.ticket_id ?? [], req.query.value));

  app.get('/api/admin/tickets/executors', {
    schema: { tags, summary: 'Staff a ticket may be assigned to (ours: the executor picker)', response: { 200: ZTicketExecutorsReply } },
    config: { access },
  }, () => listTicketExecutors(app.db));

  app.get('/api/admin/tickets/categories', {
    schema: { tags, summary: 'Ticket categories', querystring: ZTicketCategoryListQuery, response: { 200: ZTicketCategoryListReply } },
    config: { access: { permission: ['tickets', 'ticket_templates'] } },
  }, (req) => listTicketCategories(app.db, req.query));

  app.post('/api/admin/tickets/create_category', {
    schema: { tags, summary: 'Create a ticket category (multipart: name, hidden 1/0)', body: ZTicketCategoryForm, response: { 200: ZTicketWriteReply } },
    config: { access },
  }, (req) => createTicketCategory(app.db, requireUser(req), req.body));

  app.post('/api/admin/tickets/edit_category', {
    schema: { tags, summary: 'Edit a ticket category', body: ZTicketCategoryEditForm, response: { 200: ZTicketWriteReply } },
    config: { access },
  }, (req) => editTicketCategory(app.db, requireUser(req), req.body));

  registerResource(server, messageTemplateResource(tz));
}
