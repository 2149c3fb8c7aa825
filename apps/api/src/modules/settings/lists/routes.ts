import { ZCashbackStateForm, ZCouponStatusForm, ZRefundStateForm, ZTariffStatsQuery, ZTariffStatsReply } from '@app/contract/settings-lists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/auth/guard';
import { registerResource } from '../../../platform/resource';
import {
  branchList, cargoList, cashbackList, companyList, countryList, couponList, modelList, productTypeList, refundList, regionList,
  returnReasonList, returnTypeList, shopNameList, statusList, tariffCategoryList, tariffList,
} from './definitions';
import { changeEntryState, setCouponStatus, summarizeTariffs } from './service';

const tags = ['settings lists'];

/** Every reference list of the settings group (spec §2 "Settings-type lists") through the one resource helper. */
export function registerSettingListRoutes(server: FastifyInstance): void {
  for (const def of [
    tariffList, tariffCategoryList, statusList, branchList, returnReasonList, returnTypeList, productTypeList, shopNameList,
    companyList, countryList, modelList, regionList, couponList, cargoList, refundList, cashbackList,
  ]) registerResource(server, def as never);

  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/tariff/stats', {
    schema: {
      tags, summary: 'Parcels per tariff band in a period (from_date, to_date; state_id, payed optional): count, weight, delivery price',
      querystring: ZTariffStatsQuery, response: { 200: ZTariffStatsReply },
    },
    config: { access: { permission: 'tarifs' } },
  }, (req) => summarizeTariffs(app.db, req.query, app.config.APP_TIMEZONE));

  app.post('/api/admin/coupons/editstatus', {
    schema: { tags, summary: 'Turn a coupon on or off (coupon_id, is_active)', body: ZCouponStatusForm },
    config: { access: { permission: 'coupons' } },
  }, (req) => setCouponStatus(app.db, requireUser(req), req.body.coupon_id, req.body.is_active));

  app.post('/api/admin/returns/changestate', {
    schema: { tags, summary: 'Approve or reject a refund (return_id, state_id 141/142)', body: ZRefundStateForm },
    config: { access: { permission: 'returns' } },
  }, (req) => changeEntryState(app.db, requireUser(req), 'refunds', req.body.return_id, req.body.state_id));

  app.post('/api/admin/cashbacks/changestate', {
    schema: { tags, summary: 'Approve or reject a cashback entry (cashback_id, state_id 151/152)', body: ZCashbackStateForm },
    config: { access: { permission: 'cashback' } },
  }, (req) => changeEntryState(app.db, requireUser(req), 'cashbacks', req.body.cashback_id, req.body.state_id));
}
