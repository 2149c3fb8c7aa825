import {
  ZOrderBulkRejectQuery, ZOrderBulkStateQuery, ZOrderPayQuery, ZOrderPayReply, ZOrderStateQuery, ZOrderStateReply,
} from '@app/contract/orders';
import { azOrdersMoney as t } from '@app/contract/texts/az-orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/auth/guard';
import { lockOrdersByFilters, readOrderRow } from '../service';
import { changeOrderStatus, changeOrderStatusByFilters, payOrder, rejectOrdersByFilters } from './service';

const tags = ['orders'];
const access = { permission: 'orders' } as const;

/** Orders: payment from the balance, status changes and rejects with their refunds (issue 18 part B; spec §4, §7 "Orders"). */
export function registerOrderMoneyRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.post('/api/admin/orders/pay', {
    schema: {
      tags, summary: "Pays an order from the customer's balance in its currency (price × quantity + cargo, plus the service percent), or, once paid, its open debt lines; 422 not_enough_amount when short",
      querystring: ZOrderPayQuery, response: { 200: ZOrderPayReply },
    },
    config: { access },
  }, async (req) => {
    const paid = await payOrder(app.db, requireUser(req), req.query.order_id);
    return {
      message: paid.isFirstPayment ? t.paid : t.debtsPaid, data: (await readOrderRow(app.db, paid.orderId, tz()))!,
      charged: paid.charged, balance_operation_id: paid.balanceOperationId,
    };
  });

  app.post('/api/admin/orders/edit/state', {
    schema: {
      tags, summary: 'Gives one or many orders (order_id 1,2 or 1/2) a status of model 1 (state_id), all or nothing; 4 needs client_descr; 4 and 32 refund what was paid',
      querystring: ZOrderStateQuery, response: { 200: ZOrderStateReply },
    },
    config: { access },
  }, (req) => changeOrderStatus(app.db, requireUser(req), req.query));

  app.post('/api/admin/v2/orders/edit/state', {
    schema: {
      tags, summary: "Gives every order the list's filters match new_state_id (new_client_descr for 4), at most 10,000, all or nothing",
      querystring: ZOrderBulkStateQuery, response: { 200: ZOrderStateReply },
    },
    config: { access },
  }, (req) => changeOrderStatusByFilters(app.db, requireUser(req), req.query, lockOrdersByFilters(tz())));

  app.post('/api/admin/orders/bulk_reject', {
    schema: {
      tags, summary: "Rejects (4) every order the list's filters match with the reason (client_descr), refunding the paid ones; at most 10,000",
      querystring: ZOrderBulkRejectQuery, response: { 200: ZOrderStateReply },
    },
    config: { access },
  }, (req) => rejectOrdersByFilters(app.db, requireUser(req), req.query, lockOrdersByFilters(tz())));
}
