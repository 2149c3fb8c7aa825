import { PassThrough } from 'node:stream';
import {
  EXPORT_FILE_PREFIX, ZCustomsXmlQuery, ZDeclarationExportQuery, ZExportTaskIdParams, ZExportTaskListQuery, ZExportTaskListReply, ZHandoverExportQuery, ZImportForm,
  ZProformaQuery, ZReceiptQuery, ZWaybillQuery,
} from '@app/contract/documents';
import { ZDeclarationIdQuery } from '@app/contract/declarations';
import { IMPORT_STATUS } from '@app/contract/statuses';
import { az, fill } from '@app/contract/texts/az';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isFullAdmin } from '../../../platform/access';
import { requireUser } from '../../../platform/auth/guard';
import { badRequest, forbidden, notFound } from '../../../platform/errors';
import { exportFileStream, findExportTask, listExportTasks } from '../../../platform/export-tasks';
import { XLSX_MIME, xlsxFileName } from '../../../platform/xlsx';
import { prepareCustomsXml, writeCustomsXml } from './customs-xml';
import { renderHandoverDocument, renderIndividualHandover, renderProforma, renderReceipt, renderWaybills } from './declaration-documents';
import {
  exportDeclarations, exportHandedOver, matchImportedCodes, registerDeclarationExporters, startImportTask, streamDeclarationExport,
} from './declaration-exports';

const tags = ['documents'];
const t = az.documentsUi;

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${name}"`).header('cache-control', 'no-store').send(pdf);
}

function sendXlsxStream(reply: FastifyReply, name: string): PassThrough {
  const out = new PassThrough();
  void reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(out);
  return out;
}

const queued = (reply: FastifyReply, taskId: number) =>
  reply.status(202).send({ message: fill(t.exportQueued, { ID: taskId }), data: { task_id: taskId } });

/** Printed documents, Excel exports and imports, export tasks, customs XML (issue 6; spec §7). */
export function registerDeclarationDocumentRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  registerDeclarationExporters(app);

  app.get('/api/admin/declaration/proforma', {
    schema: { tags, summary: 'Proforma (A4 PDF) of one or more declarations (declaration_id: a,b): one page per customer', querystring: ZProformaQuery },
    config: { access: 'office' },
  }, async (req, reply) => {
    const pdf = await renderProforma(app.db, req.query.declaration_id, tz());
    return sendPdf(reply, `proforma_${req.query.declaration_id.join('_').slice(0, 60)}.pdf`, pdf);
  });

  app.get('/api/admin/declaration/manifesto', {
    schema: { tags, summary: 'Waybill label (100×150 mm PDF) with a Code128 barcode; refused at statuses 7, 8 and under 7. flight_id (+partner_id): every printable label of the flight', querystring: ZWaybillQuery },
    config: { access: 'office' },
  }, async (req, reply) => {
    const pdf = await renderWaybills(app.db, { declarationId: req.query.declaration_id, flightId: req.query.flight_id, partnerId: req.query.partner_id }, tz());
    return sendPdf(reply, `waybill_${req.query.declaration_id ?? `flight_${req.query.flight_id}`}.pdf`, pdf);
  });

  // design: the handover documents have no path in the spec; these sit beside the waybill.
  app.get('/api/admin/declaration/handover_document', {
    schema: { tags, summary: "Handover document (A4 PDF) of the declaration's handover task; refused with the reason when there is none", querystring: ZDeclarationIdQuery },
    config: { access: 'office' },
  }, async (req, reply) => sendPdf(reply, `handover_task_${req.query.declaration_id}.pdf`, await renderHandoverDocument(app.db, req.query.declaration_id, tz())));

  app.get('/api/admin/declaration/handover_document/individual', {
    schema: { tags, summary: 'Individual handover document (A4 PDF) of one declaration, with signature lines', querystring: ZDeclarationIdQuery },
    config: { access: 'office' },
  }, async (req, reply) => sendPdf(reply, `handover_${req.query.declaration_id}.pdf`, await renderIndividualHandover(app.db, req.query.declaration_id, tz())));

  app.get('/api/admin/handover/delivery_receipt', {
    schema: { tags, summary: '80 mm receipt (PDF) of the parcels handed to one customer (declaration_id: a,b)', querystring: ZReceiptQuery },
    config: { access: 'office' },
  }, async (req, reply) => sendPdf(reply, 'receipt.pdf', await renderReceipt(app.db, req.query.declaration_id, tz())));

  for (const [path, kind] of [['/api/admin/declaration/export', 'full'], ['/api/admin/declaration/export/mini', 'mini']] as const) {
    app.get(path, {
      schema: {
        tags,
        summary: `${kind === 'full' ? 'Full' : 'Mini'} Excel export (.xlsx) of the list's filters: streamed up to 10,000 rows, an export task (202, task_id) past that or with as_task=1`,
        querystring: ZDeclarationExportQuery,
      },
      config: { access: 'office' },
    }, async (req, reply) => {
      const result = await exportDeclarations(app, requireUser(req), kind, req.query, tz());
      if ('taskId' in result) return queued(reply, result.taskId);
      const out = sendXlsxStream(reply, xlsxFileName(EXPORT_FILE_PREFIX[kind]));
      streamDeclarationExport(app.db, result.params, out);
      return reply;
    });
  }

  app.get('/api/admin/declaration/handing_export', {
    schema: { tags, summary: 'Handover export (.xlsx): parcels handed over between start_date and end_date (YYYY-MM-DD HH:mm:ss), branch_id, country_id', querystring: ZHandoverExportQuery },
    config: { access: 'office' },
  }, async (req, reply) => {
    const result = await exportHandedOver(app, requireUser(req), req.query, tz());
    if ('taskId' in result) return queued(reply, result.taskId);
    const out = sendXlsxStream(reply, xlsxFileName(EXPORT_FILE_PREFIX.handover));
    streamDeclarationExport(app.db, result.params, out);
    return reply;
  });

  app.get('/api/admin/declaration/get_xml', {
    schema: { tags, summary: "Customs XML of a flight's parcels (flight_id, liquid, partner_id)", querystring: ZCustomsXmlQuery },
    config: { access: 'office' },
  }, async (req, reply) => {
    const name = await prepareCustomsXml(app.db, req.query.flight_id);
    const out = new PassThrough();
    void reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(out);
    writeCustomsXml(app.db, { flightId: req.query.flight_id, liquid: req.query.liquid, partnerId: req.query.partner_id }, out)
      .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return reply;
  });

  // design: the import modal's matching call has no path in the spec; it sits beside the list.
  app.post('/api/admin/declaration/import/match', {
    schema: { tags, summary: 'Excel import by track code (multipart document_file, one column): found declarations and not-found codes; changes nothing', body: ZImportForm },
    config: { access: 'office' },
  }, async (req) => ({ data: await matchImportedCodes(app.db, req.body.document_file) }));

  app.post('/api/admin/export/declaration/import', {
    schema: { tags, summary: "Import request (multipart document_file of track codes): an export task of the file's declarations", body: ZImportForm },
    config: { access: 'office' },
  }, async (req) => {
    const taskId = await startImportTask(app, requireUser(req), req.body.document_file, tz());
    return { message: t.importSuccess, data: { task_id: taskId } };
  });

  app.get('/api/admin/export/declaration/task_list', {
    schema: { tags, summary: 'Export tasks, id descending (own tasks; a full admin sees all); type=import lists the import requests', querystring: ZExportTaskListQuery, response: { 200: ZExportTaskListReply } },
    config: { access: 'office' },
  }, async (req) => {
    const user = requireUser(req);
    return listExportTasks(app.db, { userId: isFullAdmin(user) ? undefined : user.id, model: 'declarations', type: req.query.type, page: req.query.page, perPage: req.query.per_page, timeZone: tz() });
  });

  app.get('/api/admin/export/declaration/download/:id', {
    schema: { tags, summary: "A ready export task's file (.xlsx)", params: ZExportTaskIdParams },
    config: { access: 'office' },
  }, async (req, reply) => {
    const user = requireUser(req);
    const task = await findExportTask(app.db, req.params.id);
    if (!task) throw notFound('id');
    if (task.userId !== user.id && !isFullAdmin(user)) throw forbidden();
    if (task.statusId !== IMPORT_STATUS.ready || !task.filePath) throw badRequest(t.taskNotReady, { id: [t.taskNotReady] });
    return reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${task.fileName ?? `export_${task.id}.xlsx`}"`)
      .send(exportFileStream(app.config.DATA_DIR, task.filePath));
  });
}
