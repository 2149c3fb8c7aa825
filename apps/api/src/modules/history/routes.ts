import { ZLogInfoQuery, ZLogInfoReply, ZLogListQuery, ZLogListReply, ZStateArchiveQuery, ZStateArchiveReply } from '@app/contract/history';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { listLogs, listStateArchive, readLog } from './service';

const tags = ['history'];

/** spec §2 "Content": archive/state (state_changes) and logs (my_logs). */
export function registerHistoryRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/states/archive', {
    schema: { tags, summary: 'Status archive: status changes of every record (model_id, object_id, state_id, user, date range)', querystring: ZStateArchiveQuery, response: { 200: ZStateArchiveReply } },
    config: { access: { permission: 'state_changes' } },
  }, (req) => listStateArchive(app.db, req.query, tz()));

  app.get('/api/admin/logs', {
    schema: { tags, summary: "Operation log (audit entries); a non-admin sees only their own; model_id+object_id = one record", querystring: ZLogListQuery, response: { 200: ZLogListReply } },
    config: { access: { permission: 'my_logs' } },
  }, (req) => listLogs(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/logs/info', {
    schema: { tags, summary: 'One operation log entry with its changes', querystring: ZLogInfoQuery, response: { 200: ZLogInfoReply } },
    config: { access: { permission: 'my_logs' } },
  }, (req) => readLog(app.db, requireUser(req), req.query.log_id, tz()));
}
