import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { zFile } from '@app/contract/common';
import { ZExportTaskIdParams } from '@app/contract/documents';
import {
  FLIGHT_FILE_PREFIX, ZFlightExportTaskListQuery, ZFlightFileExportQuery, ZFlightIdQuery, ZFlightManifestUpload, ZManifestBoxReply, ZManifestDownloadQuery,
} from '@app/contract/flights';
import { IMPORT_STATUS } from '@app/contract/statuses';
import { az, fill } from '@app/contract/texts/az';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isFullAdmin } from '../../platform/access';
import { requireUser } from '../../platform/auth/guard';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { exportFileStream, findExportTask, listExportTasks } from '../../platform/export-tasks';
import { XLSX_MIME } from '../../platform/xlsx';
import {
  FLIGHT_EXPORT_MODEL, exportFlight, flightFileName, registerFlightExporters, renderFlightInfoExport, renderRoadSheet, streamFlightExport,
} from './flight-files';
import { archiveFlightManifests, manifestZipPath, uploadManifests } from './flight-manifests';

const tags = ['flights'];
const gate = { permission: 'flights' } as const;
const docs = az.documentsUi;

function attachment(reply: FastifyReply, type: string, name: string, disposition: 'attachment' | 'inline' = 'attachment') {
  return reply.header('content-type', type).header('content-disposition', `${disposition}; filename="${name}"`).header('cache-control', 'no-store');
}

/**
 * Flight files (issue 7; spec §2 Flights row menu and manifest upload modal, §7 Flights): manifest
 * upload and its archive, bag totals, the parcel export (direct or an export task), the per-bag
 * summary, the road sheet. The XML export is GET /api/admin/declaration/get_xml?flight_id[&partner_id].
 */
export function registerFlightFileRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  registerFlightExporters(app);

  app.post('/api/admin/flights/manifests', {
    schema: {
      tags,
      summary: 'Manifests by bag (multipart flight_id, document_file .xlsx/.csv: column A bag, column B track code): one manifest .xlsx per bag in a .zip; found / not found codes. A wrong file is 422 and nothing is written',
      body: ZFlightManifestUpload.extend({ document_file: zFile }),
    },
    config: { access: gate },
  }, (req) => uploadManifests(app.db, app.config.DATA_DIR, req.body.flight_id, req.body.document_file, tz()));

  app.get('/api/admin/flights/manifests/download', {
    schema: { tags, summary: "A manifest archive (.zip) written by POST flights/manifests (the reply's zip_url)", querystring: ZManifestDownloadQuery },
    config: { access: gate },
  }, (req, reply) => {
    const file = manifestZipPath(app.config.DATA_DIR, req.query.file);
    return attachment(reply, 'application/zip', req.query.file).send(fs.createReadStream(file));
  });

  app.get('/api/admin/flights/manifests_box', {
    schema: {
      tags, querystring: ZFlightIdQuery, response: { 200: ZManifestBoxReply },
      summary: "Every bag of the flight as its manifest (.xlsx) in one .zip (zip_url; bags, empty_bags, archived_bags; found: parcels written, not_found: parcels in no bag)",
    },
    config: { access: gate },
  }, (req) => archiveFlightManifests(app.db, app.config.DATA_DIR, req.query.flight_id, tz()));

  app.get('/api/admin/flights/export', {
    schema: {
      tags,
      summary: "The flight's parcels as manifest rows, bag by bag (.xlsx; partner_id: one partner company's parcels): streamed up to 10,000 rows, an export task (202, task_id) past that or with as_task=1",
      querystring: ZFlightFileExportQuery,
    },
    config: { access: gate },
  }, async (req, reply) => {
    const result = await exportFlight(app, requireUser(req), req.query, tz());
    if ('taskId' in result) return reply.status(202).send({ message: fill(docs.exportQueued, { ID: result.taskId }), data: { task_id: result.taskId } });
    const out = new PassThrough();
    void attachment(reply, XLSX_MIME, flightFileName(`${FLIGHT_FILE_PREFIX.export}${req.query.partner_id === undefined ? '' : `partner${req.query.partner_id}_`}`, req.query.flight_id, 'xlsx')).send(out);
    streamFlightExport(app.db, result.params, out);
    return reply;
  });

  app.get('/api/admin/flights/infoexport', {
    schema: { tags, summary: 'Per-bag summary (.xlsx): the flight header and totals, one row per bag (parcels, weight, price, delivery price) and a totals row', querystring: ZFlightIdQuery },
    config: { access: gate },
  }, async (req, reply) => {
    const xlsx = await renderFlightInfoExport(app.db, req.query.flight_id, tz());
    return attachment(reply, XLSX_MIME, flightFileName(FLIGHT_FILE_PREFIX.infoexport, req.query.flight_id, 'xlsx')).send(xlsx);
  });

  app.get('/api/admin/flights/roadsheet', {
    schema: { tags, summary: 'Road sheet (yol vərəqəsi, A4 PDF): flight, air waybill barcode, bags with parcel count and weight, totals, signature lines', querystring: ZFlightIdQuery },
    config: { access: gate },
  }, async (req, reply) => {
    const pdf = await renderRoadSheet(app.db, req.query.flight_id, tz());
    return attachment(reply, 'application/pdf', flightFileName(FLIGHT_FILE_PREFIX.roadsheet, req.query.flight_id, 'pdf'), 'inline').send(pdf);
  });

  app.get('/api/admin/flights/export/task_list', {
    schema: { tags, summary: 'Flight export tasks, id descending (own tasks; a full admin sees all)', querystring: ZFlightExportTaskListQuery },
    config: { access: gate },
  }, (req) => {
    const user = requireUser(req);
    return listExportTasks(app.db, { userId: isFullAdmin(user) ? undefined : user.id, model: FLIGHT_EXPORT_MODEL, page: req.query.page, perPage: req.query.per_page, timeZone: tz() });
  });

  app.get('/api/admin/flights/export/download/:id', {
    schema: { tags, summary: "A ready flight export task's file (.xlsx)", params: ZExportTaskIdParams },
    config: { access: gate },
  }, async (req, reply) => {
    const user = requireUser(req);
    const task = await findExportTask(app.db, req.params.id);
    if (!task || task.model !== FLIGHT_EXPORT_MODEL) throw notFound('id');
    if (task.userId !== user.id && !isFullAdmin(user)) throw forbidden();
    if (task.statusId !== IMPORT_STATUS.ready || !task.filePath) throw badRequest(docs.taskNotReady, { id: [docs.taskNotReady] });
    return attachment(reply, XLSX_MIME, task.fileName ?? `flight_export_${task.id}.xlsx`).send(exportFileStream(app.config.DATA_DIR, task.filePath));
  });
}
