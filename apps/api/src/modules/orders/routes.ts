import { PassThrough } from 'node:stream';
import { toCsv } from '@app/contract/csv';
import {
  ORDERS_CSV_PREFIX, ZOrderAdminCountQuery, ZOrderAdminCountReply, ZOrderCountQuery, ZOrderCountReply, ZOrderCountsQuery, ZOrderCountsReply,
  ZOrderEditForm, ZOrderExportQuery, ZOrderForm, ZOrderIdQuery, ZOrderIdsQuery, ZOrderIdsReply, ZOrderInfoReply, ZOrderLinkForm, ZOrderListQuery,
  ZOrderListReply, ZOrderSavedReply, ZOrderServicePercentReply, ZOrderStatesReply,
} from '@app/contract/orders';
import { azOrdersCore as t } from '@app/contract/texts/az-orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { sendCsv } from '../../platform/csv';
import { writeXlsx, XLSX_MIME, xlsxFileName } from '../../platform/xlsx';
import { ORDER_CSV_COLUMNS, ORDER_EXPORT_PREFIX, ORDER_XLSX_COLUMNS } from './export';
import { readProductPreview } from './preview/service';
import {
  countOrdersPerStatus, createOrder, deleteOrders, editOrder, linkOrderDeclaration, listOrders, readOrderAdminCounts, readOrderCounts, readOrderInfo,
  readOrderServicePercent, readOrdersForCsv, readOrdersForExport, readOrderStates, type PreviewReader,
} from './service';

const tags = ['orders'];
const access = { permission: 'orders' } as const;

/**
 * Orders core (issue 18; spec §2 "Orders", §7 "Orders"): list, detail, history, form, delete,
 * exports, declaration link, counts by status and the orders statistics. `readPreview` reads a
 * product link's preview for a created order that came without one (the preview part's service).
 */
export function registerOrderRoutes(server: FastifyInstance, options: { readPreview?: PreviewReader } = {}): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  // a created order without a preview gets the link's (C's reader; null when the page cannot be read)
  const readPreview: PreviewReader = options.readPreview
    ?? (async (url) => (await readProductPreview({ db: app.db, config: app.config }, url, { orNull: true })) as Record<string, unknown> | null);

  app.get('/api/admin/v2/orders/getlist', {
    schema: { tags, summary: 'Orders (spec §2): filters user_id (customer code), user_name, country_id, track_code, shop_name, state_id, payed, executive, waiting and created_at ranges; sorts; pages', querystring: ZOrderListQuery, response: { 200: ZOrderListReply } },
    config: { access },
  }, (req) => listOrders(app.db, req.query, tz()));

  app.get('/api/admin/orders/service_percent', {
    schema: { tags, summary: "The service percent a new order takes (settings others.orderPercent), for the order form's amount due", response: { 200: ZOrderServicePercentReply } },
    config: { access },
  }, () => readOrderServicePercent(app.db));

  app.get('/api/admin/orders/info', {
    schema: { tags, summary: 'One order: the list row, its stored product preview, debt lines, what a refund would give back and what paying would take', querystring: ZOrderIdQuery, response: { 200: ZOrderInfoReply } },
    config: { access },
  }, (req) => readOrderInfo(app.db, req.query.order_id, tz()));

  app.get('/api/admin/orders/getstates', {
    schema: { tags, summary: "The order's status history, oldest first (current = the last)", querystring: ZOrderIdQuery, response: { 200: ZOrderStatesReply } },
    config: { access },
  }, (req) => readOrderStates(app.db, req.query.order_id, tz()));

  app.post('/api/admin/orders/create', {
    schema: { tags, summary: 'A new order (multipart): status and service percent from settings others, currency from the country, preview read from the link when none is sent', body: ZOrderForm, response: { 200: ZOrderSavedReply } },
    config: { access },
  }, (req) => createOrder(app.db, requireUser(req), req.body, tz(), readPreview));

  app.post('/api/admin/orders/edit', {
    schema: { tags, summary: 'Edits an order (multipart, order_id): not when rejected or cancelled; a paid one keeps its customer and country and gets debt/refund lines for price changes', body: ZOrderEditForm, response: { 200: ZOrderSavedReply } },
    config: { access },
  }, (req) => editOrder(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/orders/cancel', {
    schema: { tags, summary: 'Deletes orders (order_id=1,2; soft): a paid one is refunded to the balance first', querystring: ZOrderIdsQuery, response: { 200: ZOrderIdsReply } },
    config: { access },
  }, (req) => deleteOrders(app.db, requireUser(req), req.query.order_id));

  app.post('/api/admin/orders/link_declaration', {
    schema: { tags, summary: "Links an order to its customer's parcel (declaration_id or track_code)", body: ZOrderLinkForm, response: { 200: ZOrderSavedReply } },
    config: { access },
  }, (req) => linkOrderDeclaration(app.db, requireUser(req), req.body, tz()));

  app.get('/api/admin/orders/counts_by_status', {
    schema: { tags, summary: 'Orders per status of model 1 over the list filters', querystring: ZOrderCountsQuery, response: { 200: ZOrderCountsReply } },
    config: { access },
  }, (req) => countOrdersPerStatus(app.db, req.query, tz()));

  app.get('/api/admin/orders/export', {
    schema: { tags, summary: "The list's filtered rows as .xlsx (list sort, up to 100,000 rows)", querystring: ZOrderExportQuery },
    config: { access },
  }, async (req, reply) => {
    const rows = await readOrdersForExport(app.db, req.query, tz());
    const out = new PassThrough();
    void reply.header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="${xlsxFileName(ORDER_EXPORT_PREFIX)}"`)
      .header('cache-control', 'no-store').send(out);
    writeXlsx(out, [{ name: t.sheet, columns: ORDER_XLSX_COLUMNS, rows }])
      .catch((error: unknown) => { req.log.error(error); out.destroy(error as Error); });
    return reply;
  });

  app.get('/api/admin/orders/export_csv', {
    schema: { tags, summary: "The list's filtered rows as CSV (spec §9 orders_list_…)", querystring: ZOrderExportQuery },
    config: { access },
  }, async (req, reply) => sendCsv(reply, ORDERS_CSV_PREFIX, toCsv(ORDER_CSV_COLUMNS, await readOrdersForCsv(app.db, req.query, tz()))));

  app.get('/api/admin/statistics/by_orders_count', {
    schema: { tags, summary: 'Orders created per office day between start_date and end_date (state_id, country_id); getlist=true: the orders (list rows, paged)', querystring: ZOrderCountQuery, response: { 200: ZOrderCountReply } },
    config: { access: { permission: ['orders', 'stat'] } },
  }, (req) => readOrderCounts(app.db, req.query, tz()));

  app.get('/api/admin/statistics/by_orders_admin_count', {
    schema: { tags, summary: 'Orders per office day and executor (admin_id, country_id); getlist=true: the orders (list rows, paged)', querystring: ZOrderAdminCountQuery, response: { 200: ZOrderAdminCountReply } },
    config: { access: { permission: ['orders', 'stat'] } },
  }, (req) => readOrderAdminCounts(app.db, req.query, tz()));
}
