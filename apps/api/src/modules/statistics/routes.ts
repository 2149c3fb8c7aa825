import {
  ZChartsByStatusQuery, ZChartsByStatusReply, ZChartsWidgetReply, ZLandingCustomersReply, ZLandingMoneyReply, ZLandingOrdersReply,
  ZLandingParcelsReply, ZLandingQueueReply, ZLandingRange,
} from '@app/contract/statistics-landing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import {
  readChartsByStatus, readChartsWidget, readLandingCustomers, readLandingMoney, readLandingOrders, readLandingParcels, readLandingQueue,
} from './service';

const tags = ['statistics'];
const office = { access: { permission: 'stat' } } as const;
/** Parcels are the one group a branch partner (branch_manager) sees, scoped to its company. */
const withPartners = { access: { permission: ['stat', 'branch_manager'], partner: true } } as const;

/** issue 19 items 1 and 4: the statistics landing, one call per widget group, and the clients' charts/widget and charts/bystatus. */
export function registerStatisticsRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/statistics/landing/parcels', {
    schema: { tags, summary: 'Landing: declarations created start_date..end_date (office days) by status, country, top branches, per day (created, arrived 9, handed over 10), customs progress', querystring: ZLandingRange, response: { 200: ZLandingParcelsReply } },
    config: withPartners,
  }, (req) => readLandingParcels(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/statistics/landing/queue', {
    schema: { tags, summary: "Landing: the handover queue now (41 waiting, 42 in progress, 43 handed over today) of the viewer's branch (all without one)", response: { 200: ZLandingQueueReply } },
    config: office,
  }, (req) => readLandingQueue(app.db, requireUser(req).adminBranchId, tz()));

  app.get('/api/admin/statistics/landing/money', {
    schema: { tags, summary: "Landing: registers' income and expense, per payment type (permission cashflow), customers' confirmed balance operations (permission transactions); data.shown says which parts the viewer may see", querystring: ZLandingRange, response: { 200: ZLandingMoneyReply } },
    config: office,
  }, (req) => readLandingMoney(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/statistics/landing/orders', {
    schema: { tags, summary: 'Landing: orders created in the range by status and country', querystring: ZLandingRange, response: { 200: ZLandingOrdersReply } },
    config: office,
  }, (req) => readLandingOrders(app.db, req.query, tz()));

  app.get('/api/admin/statistics/landing/customers', {
    schema: { tags, summary: 'Landing: customers registered in the range per day and per branch', querystring: ZLandingRange, response: { 200: ZLandingCustomersReply } },
    config: office,
  }, (req) => readLandingCustomers(app.db, req.query, tz()));

  app.post('/api/admin/charts/widget', {
    schema: { tags, summary: 'Clients, clients with orders, customers\' USD and TRY balances (zeros without permission transactions)', response: { 200: ZChartsWidgetReply } },
    config: office,
  }, (req) => readChartsWidget(app.db, requireUser(req), tz()));

  app.post('/api/admin/charts/bystatus', {
    schema: { tags, summary: 'Counts by status, all time: data.orders (model_id 1) and data.declarations (model_id 2), both answered', querystring: ZChartsByStatusQuery, response: { 200: ZChartsByStatusReply } },
    config: withPartners,
  }, (req) => readChartsByStatus(app.db, requireUser(req)));
}
