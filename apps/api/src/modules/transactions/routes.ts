import { PassThrough } from 'node:stream';
import {
  ZBalanceCountQuery, ZBalanceCountReply, ZBalanceForm, ZBalanceReply, ZChartsBalanceReply, ZPaymentTypesQuery, ZPaymentTypesReply,
  ZTransactionCancelQuery, ZTransactionChangedReply, ZTransactionFilterQuery, ZTransactionListQuery, ZTransactionListReply, ZTransactionStateQuery,
  ZTransactionStatsReply,
} from '@app/contract/transactions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { writeXlsx, XLSX_MIME, xlsxFileName } from '../../platform/xlsx';
import { TRANSACTION_EXPORT_COLUMNS, TRANSACTION_EXPORT_PREFIX } from './export';
import {
  cancelTransactions, changeTransactionStatus, createBalanceOperation, listPaymentTypes, listTransactions, readBalanceChart, readBalanceCounts,
  readTransactionsForExport, readTransactionStats,
} from './service';

const tags = ['transactions'];
const access = { permission: 'transactions' } as const;

/** Transactions: the customers' balance operations (issue 17 item 2; spec §2, §7 "Payments"). */
export function registerTransactionRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/v2/pay/getlist', {
    schema: { tags, summary: 'Balance operations (spec §2 "Transactions"): filters user_id (customer code), user_name, model_id, created_at range, type, payment_type, state_id, currency; sorts', querystring: ZTransactionListQuery, response: { 200: ZTransactionListReply } },
    config: { access },
  }, (req) => listTransactions(app.db, req.query, tz()));

  app.post('/api/admin/pay/balance', {
    schema: { tags, summary: 'A manual balance operation (multipart: user_id, amount, currency USD|TRY, amount_azn, type 1|2, payment_type, descr): confirmed at once; cash moves the cashier\'s register, terminal the terminal register', body: ZBalanceForm, response: { 200: ZBalanceReply } },
    config: { access },
  }, (req) => createBalanceOperation(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/pay/edit/state', {
    schema: { tags, summary: 'Gives one or many operations (payment_id[]) a status of model 4 (state_id), all or nothing, each with its ledger delta', querystring: ZTransactionStateQuery, response: { 200: ZTransactionChangedReply } },
    config: { access },
  }, (req) => changeTransactionStatus(app.db, requireUser(req), req.query));

  app.post('/api/admin/pay/cancel', {
    schema: { tags, summary: 'Cancels operations (payment_id[]): status 21 and a reversing entry; an already cancelled one refuses the call', querystring: ZTransactionCancelQuery, response: { 200: ZTransactionChangedReply } },
    config: { access },
  }, (req) => cancelTransactions(app.db, requireUser(req), req.query));

  app.get('/api/admin/pay/stats', {
    schema: { tags, summary: 'Confirmed money in and out (TRY, USD) over the list\'s filters', querystring: ZTransactionFilterQuery, response: { 200: ZTransactionStatsReply } },
    config: { access },
  }, (req) => readTransactionStats(app.db, req.query, tz()));

  app.get('/api/admin/pay/export', {
    schema: { tags, summary: 'The list\'s filtered rows as .xlsx (newest first, up to 100,000 rows)', querystring: ZTransactionFilterQuery },
    config: { access },
  }, async (req, reply) => {
    const rows = await readTransactionsForExport(app.db, req.query, tz());
    const out = new PassThrough();
    void reply.header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="${xlsxFileName(TRANSACTION_EXPORT_PREFIX)}"`)
      .header('cache-control', 'no-store').send(out);
    writeXlsx(out, [{ name: 'Əməliyyatlar', columns: TRANSACTION_EXPORT_COLUMNS, rows }])
      .catch((error: unknown) => { req.log.error(error); out.destroy(error as Error); });
    return reply;
  });

  app.get('/api/admin/payment_types/list', {
    schema: { tags, summary: 'Payment types 1–8 (spec §3)', querystring: ZPaymentTypesQuery, response: { 200: ZPaymentTypesReply } },
    config: { access: 'office' },
  }, () => listPaymentTypes());

  app.get('/api/admin/charts/balance', {
    schema: { tags, summary: "Today's confirmed expenses and top-ups (office day) and all customers' balances, per USD/TRY", response: { 200: ZChartsBalanceReply } },
    config: { access: { permission: ['transactions', 'stat'] } },
  }, () => readBalanceChart(app.db, tz()));

  app.get('/api/admin/statistics/by_balance_count', {
    schema: { tags, summary: 'Confirmed top-ups per day and currency between start_date and end_date; getlist=true: the operations (list rows, paged)', querystring: ZBalanceCountQuery, response: { 200: ZBalanceCountReply } },
    config: { access },
  }, (req) => readBalanceCounts(app.db, req.query, tz()));
}
