import { PassThrough } from 'node:stream';
import {
  CASHFLOW_CSV_PREFIX, CASHFLOW_XLSX_PREFIX, ZCashboxDailyQuery, ZCashboxDailyReply, ZCashboxStatisticsQuery, ZCashboxStatisticsReply,
  ZCashflowCancelQuery, ZCashflowCreateForm, ZCashflowEditForm, ZCashflowFilters, ZCashflowInfoQuery, ZCashflowInfoReply, ZCashflowListQuery,
  ZCashflowListReply, ZCashflowTransferForm, ZCashflowWriteReply,
} from '@app/contract/cashflow';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { sendCsv } from '../../platform/csv';
import { XLSX_MIME, xlsxFileName } from '../../platform/xlsx';
import {
  cancelCashflowTransaction, createCashflowTransaction, editCashflowTransaction, exportCashflowCsv, listCashflowTransactions, readCashboxDaily,
  readCashboxStatistics, readCashflowTransaction, transferBetweenRegisters, writeCashflowXlsx,
} from './service';

const tags = ['cashflow'];
const read = { access: { permission: 'cashflow' } } as const;
const cud = { access: { permission: 'cashbox_operations.cud' } } as const;

/** spec §2 "Cash flow", §7 cashbox_operations; issue 17 items 5 and 6. */
export function registerCashflowRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/cashbox_operations', {
    schema: { tags, summary: "Cash-flow transactions: filters id, operation_date 'from,to', operation, payment_type, cash_category_id, cash_category_id_parent, cashbox_id (its rows and transfers into it), state_id (default: active only)", querystring: ZCashflowListQuery, response: { 200: ZCashflowListReply } },
    config: read,
  }, (req) => listCashflowTransactions(app.db, req.query, tz()));

  app.get('/api/admin/cashbox_operations/info', {
    schema: { tags, summary: 'One cash-flow transaction (cancelled ones too)', querystring: ZCashflowInfoQuery, response: { 200: ZCashflowInfoReply } },
    config: read,
  }, (req) => readCashflowTransaction(app.db, req.query.cashbox_operation_id, tz()));

  app.post('/api/admin/cashbox_operations/create', {
    schema: { tags, summary: "Income (operation 1) or expense (2) on a register, multipart; an expense above the register's balance is 422 not_enough_amount", body: ZCashflowCreateForm, response: { 200: ZCashflowWriteReply } },
    config: cud,
  }, (req) => createCashflowTransaction(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/cashbox_operations/transfer', {
    schema: { tags, summary: 'Transfer from cashbox_id to transfer_cashbox_id; between currencies transfer_amount is required and the rate (target ÷ source) recorded', body: ZCashflowTransferForm, response: { 200: ZCashflowWriteReply } },
    config: cud,
  }, (req) => transferBetweenRegisters(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/cashbox_operations/edit', {
    schema: { tags, summary: 'Edit a manual or transfer transaction (type kept): reversal of its old entries and post of the new ones in one transaction', body: ZCashflowEditForm, response: { 200: ZCashflowWriteReply } },
    config: cud,
  }, (req) => editCashflowTransaction(app.db, requireUser(req), req.body, tz()));

  app.post('/api/admin/cashbox_operations/cancel', {
    schema: { tags, summary: 'Delete (cancel) a transaction: status 21 and reversal entries; handover/balance ones are refused', querystring: ZCashflowCancelQuery, response: { 200: ZCashflowWriteReply } },
    config: { access: { permission: 'cashbox_operations.cancel_cashflow_transaction' } },
  }, (req) => cancelCashflowTransaction(app.db, requireUser(req), req.query.cashbox_operation_id, tz()));

  app.get('/api/admin/cashbox_operations/export', {
    schema: { tags, summary: 'The filtered transactions as .xlsx (cash_flow_transactions_export_…)', querystring: ZCashflowFilters.merge(ZCashflowListQuery.pick({ sort_column: true, sort_order: true })) },
    config: read,
  }, async (req, reply) => {
    const out = new PassThrough();
    void reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${xlsxFileName(CASHFLOW_XLSX_PREFIX)}"`)
      .header('cache-control', 'no-store').send(out);
    writeCashflowXlsx(app.db, req.query, tz(), out).catch((err: unknown) => {
      req.log.error({ err }, 'cash-flow export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply;
  });

  app.get('/api/admin/cashbox_operations/export_csv', {
    schema: { tags, summary: 'The filtered transactions as CSV (cashflow_transactions_list…)', querystring: ZCashflowFilters.merge(ZCashflowListQuery.pick({ sort_column: true, sort_order: true })) },
    config: read,
  }, async (req, reply) => sendCsv(reply, CASHFLOW_CSV_PREFIX, await exportCashflowCsv(app.db, req.query, tz())));

  app.get('/api/admin/cashbox_statistics', {
    schema: { tags, summary: "One register's income, expense and share per category (tree) over start_date..end_date; default register: the first", querystring: ZCashboxStatisticsQuery, response: { 200: ZCashboxStatisticsReply } },
    config: read,
  }, (req) => readCashboxStatistics(app.db, req.query, tz()));

  app.get('/api/admin/cashbox_statistics/daily', {
    schema: { tags, summary: "Per office day: count and sum of movements (operation_date 'from,to', operation, payment_type, cashbox_id, categories); with one register alone also its end-of-day balance", querystring: ZCashboxDailyQuery, response: { 200: ZCashboxDailyReply } },
    config: read,
  }, (req) => readCashboxDaily(app.db, req.query, tz()));
}
