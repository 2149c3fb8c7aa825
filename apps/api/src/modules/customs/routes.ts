import { zFile } from '@app/contract/common';
import {
  ZCarriersPostsQuery, ZCarriersPostsReply, ZCustomsDeclarationListQuery, ZCustomsDeclarationListReply, ZCustomsPingReply, ZCustomsQueueListQuery,
  ZCustomsQueueListReply, ZCustomsStatsReply, ZCustomsTaskInfoQuery, ZCustomsTaskInfoReply, ZCustomsTaskListQuery, ZCustomsTaskListReply, ZCustomsUploadReply,
} from '@app/contract/customs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMS_SEND_JOB, CUSTOMS_SEND_MAX_ATTEMPTS, CUSTOMS_SYNC_JOB } from './customs-link';
import {
  listCarriersPosts, listCustomsDeclarations, listCustomsQueue, listCustomsTasks, pingCustoms, readCustomsStats, readCustomsTask, uploadCustomsList,
} from './service';

const tags = ['customs'];
const declarationsGate = { permission: 'dgk_declarations' } as const;
/** The ping indicator shows on every customs screen, the deleted and post declarations included. */
const anyCustomsGate = {
  permission: ['dgk_declarations', 'bbs_office', 'bbs_queues', 'deleted_customs_declarations', 'post_declarations'],
} as const;

/** spec §7 "Customs", and the customs link's jobs (send with retries, periodic sync). */
export function registerCustomsRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  const link = app.customs;

  app.jobs.define<{ ids: number[] }>(CUSTOMS_SEND_JOB, async (payload, ctx) => {
    const outcomes = await link.sendQueued(ctx.db, payload.ids ?? [], ctx.attempt);
    const waiting = outcomes.filter((o) => o.status === 'queued');
    if (waiting.length > 0) throw new Error(`customs did not answer for ${waiting.length} parcel(s): ${waiting[0]!.message ?? ''}`);
  }, { maxAttempts: CUSTOMS_SEND_MAX_ATTEMPTS, backoffSeconds: app.config.CUSTOMS_RETRY_SECONDS });
  app.jobs.define(CUSTOMS_SYNC_JOB, async (_payload, ctx) => {
    if (!(await link.isSendingOn(ctx.db))) return;
    const result = await link.sync(ctx.db);
    ctx.log(`customs sync: ${result.posts} posts, ${result.declarations} declarations (${result.postDeclarations} new post declarations), ${result.deleted} deleted, ${result.states} states`);
  }, { maxAttempts: 3, backoffSeconds: 60 });
  if (link.configured) app.jobs.every(CUSTOMS_SYNC_JOB, app.config.CUSTOMS_SYNC_INTERVAL_SECONDS);

  app.get('/api/admin/customs/ping', {
    schema: { tags, summary: 'Customs ping indicator: reachable or not, and whether sending is on', response: { 200: ZCustomsPingReply } },
    config: { access: anyCustomsGate },
  }, () => pingCustoms(app.db, link));

  app.get('/api/admin/customs', {
    schema: { tags, summary: 'Customs declarations: our parcels at customs with their declarations; declared/undeclared/unknown counts', querystring: ZCustomsDeclarationListQuery, response: { 200: ZCustomsDeclarationListReply } },
    config: { access: declarationsGate },
  }, (req) => listCustomsDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/customs/carriersposts', {
    schema: { tags, summary: 'Carrier posts, asked live from customs (total estimated from offset and limit)', querystring: ZCarriersPostsQuery, response: { 200: ZCarriersPostsReply } },
    config: { access: declarationsGate },
  }, (req) => listCarriersPosts(app.db, link, req.query));

  app.get('/api/admin/customs/stats', {
    schema: { tags, summary: 'Customs figures: posts by status, declared/undeclared/unknown, withdrawn declarations, queue and today\'s calls', response: { 200: ZCustomsStatsReply } },
    config: { access: declarationsGate },
  }, () => readCustomsStats(app.db, tz()));

  app.post('/api/admin/customs/upload', {
    schema: { tags, summary: 'A list of tracking numbers (multipart document_file: .xlsx or text) sorted out: declared, undeclared, unuser', body: z.object({ document_file: zFile }), response: { 200: ZCustomsUploadReply } },
    config: { access: declarationsGate },
  }, (req) => uploadCustomsList(app.db, (req.body as { document_file?: unknown } | undefined)?.document_file));

  app.get('/api/admin/customs_tasks', {
    schema: { tags, summary: 'Customs tasks: every call to customs with its request, answer and attempts (global search)', querystring: ZCustomsTaskListQuery, response: { 200: ZCustomsTaskListReply } },
    config: { access: { permission: 'bbs_office' } },
  }, (req) => listCustomsTasks(app.db, req.query, tz()));

  app.get('/api/admin/customs_tasks/info', {
    schema: { tags, summary: 'One customs task', querystring: ZCustomsTaskInfoQuery, response: { 200: ZCustomsTaskInfoReply } },
    config: { access: { permission: 'bbs_office' } },
  }, (req) => readCustomsTask(app.db, req.query.customs_task_id, tz()));

  app.get('/api/customs_queues/packages', {
    schema: { tags, summary: 'The package queue (DNS queues): one row per parcel and send, with status, attempts and retry time', querystring: ZCustomsQueueListQuery, response: { 200: ZCustomsQueueListReply } },
    config: { access: { permission: 'bbs_queues' } },
  }, (req) => listCustomsQueue(app.db, req.query, tz()));
}
