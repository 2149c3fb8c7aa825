import {
  ZCombineQuery, ZDeclarationAcceptForm, ZDeclarationCombineReply, ZDeclarationInfoReply, ZDeclarationOrdersReply, ZDeclarationBulkStateForm, ZDeclarationCancelManyForm, ZDeclarationCommercialForm,
  ZDeclarationCreateForm, ZDeclarationEditForm, ZDeclarationIdQuery, ZDeclarationStateForm, ZDeclarationStateQuery,
  ZIsNewQuery, ZReturnForm,
} from '@app/contract/declarations';
import {
  ZBulkHandoverForm, ZCustomsFinChangeParams, ZCustomsFinChangeQuery, ZCustomsFinChangeReply, ZHandoverPayForm,
} from '@app/contract/declaration-workflow';
import { ZOrderIsNewQuery } from '@app/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../platform/auth/guard';
import {
  acceptDeclaration, cancelDeclaration, cancelDeclarations, cancelDispatch, changeCustomsFin, changeDeclarationStatus, changeDeclarationStatuses,
  listDeclarationOrders, markDeclarationCommercial, readCombinedDeclarations, readDeclaration, readDeclarationTimeline,
  removeFromFlight, setDeclarationRead,
} from './declaration-actions';
import { bulkHandOver, handOverDeclarations, readHandoverDetails } from './declaration-handover';
import { createDeclaration, editDeclaration, readDeclarationDocument } from '../form/declaration-form';
import { readReturnDetails, returnDeclaration } from './declaration-return';
import { setOrderRead } from '../../orders/service';

const tags = ['declarations'];

/** One declaration: info, form, status changes, timeline and the row-menu actions (spec §7 "Declarations"). */
export function registerDeclarationWorkflowRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/declaration/info', {
    schema: { tags, summary: 'One declaration, spec §3 shape (deleted ones too)', querystring: ZDeclarationIdQuery, response: { 200: ZDeclarationInfoReply } },
    config: { access: 'office' },
  }, (req) => readDeclaration(app.db, requireUser(req), req.query.declaration_id, tz()));

  app.post('/api/admin/declaration/create', {
    schema: { tags, summary: 'Create (form, multipart with document_file): status 7, measure 1, price from the tariffs', body: ZDeclarationCreateForm },
    config: { access: 'office' },
  }, (req) => createDeclaration(app.db, app.files, requireUser(req), req.body, tz(), app.customs));

  app.post('/api/admin/declaration/edit', {
    schema: { tags, summary: 'Edit (form, multipart with document_file); weight and price need their permissions', body: ZDeclarationEditForm },
    config: { access: 'office' },
  }, (req) => editDeclaration(app.db, app.files, requireUser(req), req.body, tz(), app.customs));

  app.get('/api/admin/declaration/document', {
    schema: { tags, summary: "The declaration's uploaded document (PDF, JPEG or PNG)", querystring: ZDeclarationIdQuery },
    config: { access: 'office' },
  }, async (req, reply) => {
    const file = await readDeclarationDocument(app.db, app.files, requireUser(req), req.query.declaration_id, tz());
    return reply.header('content-type', file.mime).header('content-disposition', `inline; filename="${file.name}"`).send(file.data);
  });

  app.post('/api/admin/declaration/cancel', {
    schema: { tags, summary: 'Delete (soft): leaves every list, keeps its history', querystring: ZDeclarationIdQuery },
    config: { access: { permission: 'declaration_cancel' } },
  }, (req) => cancelDeclaration(app.db, app.customs, requireUser(req), req.query.declaration_id));

  // design: delete many has no path in the spec; this one sits beside cancel.
  app.post('/api/admin/declaration/cancel_many', {
    schema: { tags, summary: 'Delete many (declaration_ids: a,b or repeated); all or nothing', body: ZDeclarationCancelManyForm },
    config: { access: { permission: 'declaration_cancel' } },
  }, (req) => cancelDeclarations(app.db, app.customs, requireUser(req), req.body.declaration_ids));

  app.post('/api/admin/declaration/edit/state', {
    schema: { tags, summary: 'Manual status change (spec §4: 9, or 88 with descr); the rule table MANUAL_STATUS_TARGETS decides, 422 naming the parcel', querystring: ZDeclarationStateQuery, body: ZDeclarationStateForm.optional() },
    config: { access: 'office' },
  }, (req) => changeDeclarationStatus(app.db, requireUser(req), req.query.declaration_id, req.query.state_id, req.body?.descr));

  app.post('/api/admin/v2/declaration/edit/state', {
    schema: { tags, summary: "Bulk status change by the list's filters and/or declaration_ids (new_state_id, new_descr). By ids all or nothing (422 naming refused parcels); by filter parcels whose status does not allow the target are skipped; workflow-owned targets (5, 7, 8, 10, 12) always 422", body: ZDeclarationBulkStateForm },
    config: { access: 'office' },
  }, (req) => changeDeclarationStatuses(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/isnew', {
    schema: { tags, summary: 'Toggle read/unread (model_id=2 a declaration: object_id, is_new; model_id=1 orders: object_id=1,2, needs `orders`)', querystring: z.union([ZIsNewQuery, ZOrderIsNewQuery]) },
    config: { access: 'office' },
  }, (req) => (req.query.model_id === 1
    ? setOrderRead(app.db, requireUser(req), req.query)
    : setDeclarationRead(app.db, requireUser(req), req.query.object_id, req.query.is_new)));

  app.get('/api/admin/declaration/combine', {
    schema: { tags, summary: 'A create form prefilled from 2+ declarations of one customer (combined_id)', querystring: ZCombineQuery, response: { 200: ZDeclarationCombineReply } },
    config: { access: 'office' },
  }, (req) => readCombinedDeclarations(app.db, requireUser(req), req.query.combined_id, tz()));

  app.get('/api/admin/declaration/getstates', {
    schema: { tags, summary: 'Timeline: status history and changes, oldest first', querystring: ZDeclarationIdQuery },
    config: { access: 'office' },
  }, (req) => readDeclarationTimeline(app.db, requireUser(req), req.query.declaration_id, tz()));

  app.get('/api/admin/declaration/orders', {
    schema: { tags, summary: "The declaration's order ids (empty until the orders domain exists)", querystring: ZDeclarationIdQuery, response: { 200: ZDeclarationOrdersReply } },
    config: { access: 'office' },
  }, (req) => listDeclarationOrders(app.db, requireUser(req), req.query.declaration_id, tz()));

  app.post('/api/admin/flights/canceldepesh', {
    schema: { tags, summary: 'Cancel dispatch: only at status 8, back to 7', querystring: ZDeclarationIdQuery },
    config: { access: { permission: 'canceldepesh' } },
  }, (req) => cancelDispatch(app.db, requireUser(req), req.query.declaration_id));

  app.post('/api/warehouse/flights/remove_item', {
    schema: { tags, summary: 'Remove from its flight (not after dispatch)', querystring: ZDeclarationIdQuery },
    config: { access: 'office' },
  }, (req) => removeFromFlight(app.db, requireUser(req), req.query.declaration_id));

  app.post('/api/admin/declaration/update', {
    schema: { tags, summary: 'Accept: wardrobe_number, descr; change_state=1 moves it to 9', body: ZDeclarationAcceptForm },
    config: { access: 'office' },
  }, (req) => acceptDeclaration(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/declaration/commercial', {
    schema: { tags, summary: 'Commercial declaration: awb and voen (10 digits)', body: ZDeclarationCommercialForm },
    config: { access: 'office' },
  }, (req) => markDeclarationCommercial(app.db, requireUser(req), req.body, tz()));

  // issue 16: real clients call it as a GET (api-requests-in-use.tsv); it writes, so it audits itself.
  app.get('/api/admin/declaration/customs_fin_change/:id', {
    schema: {
      tags, params: ZCustomsFinChangeParams, querystring: ZCustomsFinChangeQuery, response: { 200: ZCustomsFinChangeReply },
      summary: "Correct the FIN customs knows the parcel by (the customer's): refused once declared at customs or when another customer holds it; an unsent add goes again with the new FIN",
    },
    config: { access: 'office' },
  }, (req) => changeCustomsFin(app.db, app.customs, requireUser(req), req.params.id, req.query.pincode));

  app.get('/api/admin/returns/run', {
    schema: { tags, summary: 'Return details: delivery price, value, paid, order, reasons', querystring: ZDeclarationIdQuery },
    config: { access: 'office' },
  }, (req) => readReturnDetails(app.db, req.query.declaration_id));

  app.post('/api/admin/returns/run', {
    schema: { tags, summary: 'Return a declaration (reason, amounts); status 12', body: ZReturnForm },
    config: { access: 'office' },
  }, (req) => returnDeclaration(app.db, requireUser(req), req.body));
}

/** Handover at the counter and bulk handover (issue 3; spec §7 "Declarations"). */
export function registerDeclarationWorkflowExtraRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post('/api/admin/declaration/pay', {
    schema: {
      tags, body: ZHandoverPayForm,
      summary: 'Hand over (declaration_id list; confirm=0 details, confirm=1 hand over with cash, terminal, use_balance, packages). Status 9, one customer, tolerance 0.2 AZN',
    },
    config: { access: { permission: 'declarations_handover' } },
  }, (req) => (req.body.confirm ? handOverDeclarations(app.db, requireUser(req), req.body) : readHandoverDetails(app.db, req.body.declaration_id)));

  app.post('/api/admin/declaration/handover', {
    schema: { tags, body: ZBulkHandoverForm, summary: 'Bulk handover: paid declarations at statusId (9), optionally of planTypeId and branchId' },
    config: { access: { permission: 'bulkdeclarationhandover' } },
  }, (req) => bulkHandOver(app.db, requireUser(req), req.body));
}
