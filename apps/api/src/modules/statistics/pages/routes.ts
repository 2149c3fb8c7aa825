import { PassThrough } from 'node:stream';
import {
  ZCourierByRegionReply, ZCourierCountsQuery, ZCourierCountsReply, ZDeclarationCountsQuery, ZDeclarationCountsReply, ZPaidDeclarationCountsQuery,
  ZPaidDeclarationCountsReply, ZPartnerDeclarationCountsQuery, ZPartnerDeclarationCountsReply, ZPaymentTypeCountsQuery, ZPaymentTypeCountsReply,
  ZRegionCourierCountsReply, ZTariffCountsQuery, ZTariffCountsReply,
} from '@app/contract/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/auth/guard';
import { XLSX_MIME, xlsxFileName } from '../../../platform/xlsx';
import {
  exportDeclarationCounts, readCourierCounts, readCouriersByRegion, readDeclarationCounts, readPaidDeclarationCounts, readPartnerDeclarationCounts,
  readPaymentTypeCounts, readRegionCourierCounts, readTariffCounts,
} from './service';

const tags = ['statistics'];
const access = { permission: 'stat' } as const;

/** The statistics pages' API (issue 19 item 2): figures per range, drill-down to the linked list, export. */
export function registerStatisticsPageRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/statistics/by_declarations_count', {
    schema: { tags, summary: 'Declarations created in the range by status and branch, per day (state_id, branch_id, company_id); getlist=true: the declarations list of those parcels', querystring: ZDeclarationCountsQuery, response: { 200: ZDeclarationCountsReply } },
    config: { access },
  }, (req) => readDeclarationCounts(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/statistics/by_declarations_count/export', {
    schema: { tags, summary: 'The by_declarations_count drill-down rows (same filters) as .xlsx (at most 100,000 rows)', querystring: ZDeclarationCountsQuery },
    config: { access },
  }, async (req, reply) => {
    const out = new PassThrough();
    void reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${xlsxFileName('statistics_declarations_')}"`)
      .header('cache-control', 'no-store').send(out);
    exportDeclarationCounts(app.db, requireUser(req), req.query, tz(), out).catch((err: unknown) => {
      req.log.error({ err }, 'statistics declarations export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply;
  });

  app.get('/api/admin/statistics/partner_by_declarations_count', {
    schema: { tags, summary: "A branch partner's parcels per day (partners: their own company only; office: company_id or every partner); getlist=true: the declarations list", querystring: ZPartnerDeclarationCountsQuery, response: { 200: ZPartnerDeclarationCountsReply } },
    config: { access: { permission: ['branch_manager', 'stat'], partner: true } },
  }, (req) => readPartnerDeclarationCounts(app.db, requireUser(req), req.query, tz()));

  app.get('/api/admin/statistics/by_payment_type_count', {
    schema: { tags, summary: 'Confirmed payments for parcels per day, online (4) and office, AZN; getlist=true: those operations (transactions list)', querystring: ZPaymentTypeCountsQuery, response: { 200: ZPaymentTypeCountsReply } },
    config: { access },
  }, (req) => readPaymentTypeCounts(app.db, req.query, tz()));

  app.get('/api/admin/statistics/by_declaration_count', {
    schema: { tags, summary: "Parcels paid at the counter per day and the payment's main type with delivery prices (USD, AZN); getlist=true: those parcels (declarations list rows, one per parcel of each payment; total = the figure)", querystring: ZPaidDeclarationCountsQuery, response: { 200: ZPaidDeclarationCountsReply } },
    config: { access },
  }, (req) => readPaidDeclarationCounts(app.db, req.query, tz()));

  app.get('/api/admin/statistics/by_tariff_count', {
    schema: { tags, summary: 'Tariff (plan category) overview: declarations created in the range per plan category with price sums', querystring: ZTariffCountsQuery, response: { 200: ZTariffCountsReply } },
    config: { access },
  }, (req) => readTariffCounts(app.db, req.query, tz()));

  app.get('/api/admin/statistics/by_courier_count', {
    schema: { tags, summary: 'Courier orders per day (no couriers section yet: no rows, couriers_ready false)', querystring: ZCourierCountsQuery, response: { 200: ZCourierCountsReply } },
    config: { access },
  }, (req) => readCourierCounts(req.query));

  app.get('/api/admin/statistics/by_region_courier_count', {
    schema: { tags, summary: 'Courier orders per region and day (no couriers section yet: no rows, couriers_ready false)', querystring: ZCourierCountsQuery, response: { 200: ZRegionCourierCountsReply } },
    config: { access },
  }, (req) => readRegionCourierCounts(req.query));

  app.get('/api/admin/statistics/courier_by_region_count', {
    schema: { tags, summary: 'Courier orders per region, overview (no couriers section yet: no rows, couriers_ready false)', querystring: ZCourierCountsQuery, response: { 200: ZCourierByRegionReply } },
    config: { access },
  }, () => readCouriersByRegion());
}
