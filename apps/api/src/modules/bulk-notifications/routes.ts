import {
  BULK_KINDS, BULK_PERMISSION, ZBulkCancelForm, ZBulkCancelReply, ZBulkCountReply, ZBulkHistoryQuery, ZBulkHistoryReply,
  ZBulkNotificationRecipientsReply, ZBulkPreviewQuery, ZBulkRecipientsReply, ZBulkSendForm, ZBulkSendReply,
} from '@app/contract/bulk-notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { sendCsv } from '../../platform/csv';
import {
  BULK_MAX_ATTEMPTS, cancelBulkSend, countRecipients, EXPAND_JOB, expandBulkSend, exportRecipients, listBulkSends, previewRecipients,
  SEND_BATCH_JOB, sendBulkBatch, startBulkSend, type SendBatchPayload,
} from './service';

/** bulk_sms | bulk_whatsapp | bulk_mail | bulk_notification (issue 20 item 4) and their two jobs. */
export function registerBulkNotificationRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  const tags = ['notifications'];

  app.jobs.define<{ bulkId: number }>(EXPAND_JOB, async (payload, ctx) => {
    await expandBulkSend(ctx.db, app.jobs, Number(payload.bulkId), tz(), ctx.log);
  }, { maxAttempts: 5, backoffSeconds: 10 });
  app.jobs.define<SendBatchPayload>(SEND_BATCH_JOB, async (payload, ctx) => {
    await sendBulkBatch(ctx.db, app.jobs, app.notify, payload, { concurrency: app.config.NOTIFY_CONCURRENCY, retrySeconds: app.config.NOTIFY_RETRY_SECONDS });
  }, { maxAttempts: BULK_MAX_ATTEMPTS, backoffSeconds: 30 });

  for (const kind of BULK_KINDS) {
    const access = { permission: BULK_PERMISSION[kind] };
    const base = `/api/admin/${kind}`;
    if (kind === 'bulk_notification') {
      app.get(`${base}/getlist`, {
        schema: { tags, summary: 'Recipients of a bulk push for the filters (nested data.data)', querystring: ZBulkPreviewQuery, response: { 200: ZBulkNotificationRecipientsReply } },
        config: { access },
      }, async (req) => ({ data: await previewRecipients(app.db, kind, req.query, tz()) }));
    } else {
      app.get(`${base}/getlist`, {
        schema: { tags, summary: `Recipients of a ${kind} for the filters`, querystring: ZBulkPreviewQuery, response: { 200: ZBulkRecipientsReply } },
        config: { access },
      }, (req) => previewRecipients(app.db, kind, req.query, tz()));
    }
    app.get(`${base}/count`, {
      schema: { tags, summary: `Number of recipients of a ${kind} for the filters`, querystring: ZBulkPreviewQuery, response: { 200: ZBulkCountReply } },
      config: { access },
    }, (req) => countRecipients(app.db, kind, req.query, tz()));
    app.post(`${base}/send`, {
      schema: { tags, summary: `Start a ${kind} (in the background; progress in history)`, body: ZBulkSendForm, response: { 200: ZBulkSendReply } },
      config: { access },
    }, (req) => startBulkSend(app.db, app.jobs, requireUser(req), kind, req.body, tz()));
    app.get(`${base}/history`, {
      schema: { tags, summary: `The ${kind} sends with progress`, querystring: ZBulkHistoryQuery, response: { 200: ZBulkHistoryReply } },
      config: { access },
    }, (req) => listBulkSends(app.db, kind, req.query, tz()));
    app.post(`${base}/cancel`, {
      schema: { tags, summary: `Stop a ${kind} that is still queued or sending`, body: ZBulkCancelForm, response: { 200: ZBulkCancelReply } },
      config: { access },
    }, (req) => cancelBulkSend(app.db, kind, req.body.id, tz()));
    if (kind === 'bulk_mail') {
      app.get(`${base}/export`, {
        schema: { tags, summary: 'Recipients of a bulk e-mail as CSV', querystring: ZBulkPreviewQuery },
        config: { access },
      }, async (req, reply) => sendCsv(reply, 'bulk_mail_recipients_', await exportRecipients(app.db, kind, req.query, tz())));
    }
  }
}
