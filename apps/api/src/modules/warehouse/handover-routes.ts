import {
  ZHandoverCancelItemForm, ZHandoverCreateForm, ZHandoverHistoryQuery, ZHandoverHistoryReply, ZHandoverListQuery, ZHandoverListReply, ZHandoverStateForm, ZHandoverTaskQuery, ZHandoverTaskReply,
} from '@app/contract/warehouse';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import {
  cancelHandoverTask, changeHandoverState, listHandoverTasks, readHandoverTask, removeHandoverItem, sendToWarehousePreparation,
} from './handover';
import { listHandoverHistory } from './handover-history';

/** Handover queue (spec §7 Handover). */
export function registerHandoverRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  const tags = ['handover'];

  app.get('/api/admin/handover/list', {
    schema: { tags, summary: 'Queue entries of the user\'s branch by state (data, total, active task ids)', querystring: ZHandoverListQuery, response: { 200: ZHandoverListReply } },
    config: { access: { permission: 'local_warehouse' } },
  }, (req) => listHandoverTasks(app.db, requireUser(req), req.query, tz()));
  app.get('/api/admin/handover/history', {
    schema: { tags, summary: 'Handovers done at the counter (one row per payment: cashier, customer, parcels, amounts), newest first', querystring: ZHandoverHistoryQuery, response: { 200: ZHandoverHistoryReply } },
    config: { access: { permission: 'local_warehouse' } },
  }, (req) => listHandoverHistory(app.db, requireUser(req), req.query, tz()));
  app.get('/api/admin/handover/info', {
    schema: { tags, summary: 'One queue entry with its parcels grouped by box', querystring: ZHandoverTaskQuery, response: { 200: ZHandoverTaskReply } },
    config: { access: { permission: 'local_warehouse' } },
  }, (req) => readHandoverTask(app.db, requireUser(req), req.query.handover_task_id, tz()));
  app.post('/api/admin/handover/state', {
    schema: { tags, summary: 'Start a waiting entry (41 → 42)', body: ZHandoverStateForm },
    config: { access: { permission: 'local_warehouse_execute' } },
  }, (req) => changeHandoverState(app.db, requireUser(req), req.body));
  app.post('/api/admin/handover/cancel', {
    schema: { tags, summary: 'Cancel an open entry', querystring: ZHandoverTaskQuery },
    config: { access: { permission: 'local_warehouse_delete' } },
  }, (req) => cancelHandoverTask(app.db, requireUser(req), req.query.handover_task_id));
  app.post('/api/admin/handover/cancelitem', {
    schema: { tags, summary: 'Remove one parcel from an open entry', body: ZHandoverCancelItemForm },
    config: { access: { permission: 'local_warehouse' } },
  }, (req) => removeHandoverItem(app.db, requireUser(req), req.body));
  app.post('/api/admin/handover/create', {
    schema: { tags, summary: 'Send a customer\'s status-9 parcels to warehouse preparation (design; creates an entry at 41)', body: ZHandoverCreateForm },
    config: { access: { permission: 'declarations_handover' } },
  }, (req) => sendToWarehousePreparation(app.db, requireUser(req), req.body));
}
