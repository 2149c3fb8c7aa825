import { ZLogInfoQuery, ZLogInfoReply, ZLogListQuery, ZLogListReply, ZStateArchiveQuery, ZStateArchiveReply, ZStateHistoryQuery, ZStateHistoryReply, ZStatusMapQuery } from '@app/contract/history';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { sendCsv } from '../../platform/csv';
import { exportLogs, listLogs, listStateArchive, readLog, readStateHistory } from './service';

const tags = ['history'];

/** spec §2 "Content": archive/state (state_changes) and logs (my_logs). */
export function registerHistoryRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/states/archive', {
    schema: { tags, summary: 'Status archive: status changes of every record (model_id, object_id, state_id, user, date range)', querystring: ZStateArchiveQuery, response: { 200: ZStateArchiveReply } },
    config: { access: { permission: 'state_changes' } },
  }, (req) => listStateArchive(app.db, req.query, tz()));

  app.get('/api/admin/states/history', {
    schema: { tags, summary: "One record's status changes, oldest first (model_id + objectId; object_id also taken)", querystring: ZStateHistoryQuery, response: { 200: ZStateHistoryReply } },
    config: { access: { permission: 'state_changes' } },
  }, (req) => readStateHistory(app.db, req.query, tz()));

  app.get('/api/client/get_status_map', {
    schema: { tags, summary: "Status map (timeline) of one record: its status changes, oldest first, descr = the note", querystring: ZStatusMapQuery, response: { 200: ZStateHistoryReply } },
    config: { access: 'office' },
  }, (req) => readStateHistory(app.db, req.query, tz()));

  app.get('/api/admin/logs', {
    schema: { tags, summary: "Operation log (audit entries); a non-admin sees only their own; model_id+object_id = one record", querystring: ZLogListQuery, response: { 200: ZLogListReply } },
    config: { access: { permission: 'my_logs' } },
  }, (req) => listLogs(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/logs/export', {
    schema: { tags, summary: 'The filtered operation log as CSV (logs_…); same filters, sort and own-entries rule as the list', querystring: ZLogListQuery },
    config: { access: { permission: 'my_logs' } },
  }, async (req, reply) => sendCsv(reply, 'logs_', await exportLogs(app.db, requireUser(req), req.query, tz())));

  app.get('/api/admin/logs/info', {
    schema: { tags, summary: 'One operation log entry with its changes', querystring: ZLogInfoQuery, response: { 200: ZLogInfoReply } },
    config: { access: { permission: 'my_logs' } },
  }, (req) => readLog(app.db, requireUser(req), req.query.log_id, tz()));
}
