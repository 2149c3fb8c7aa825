import { ZDeclarationInfoReply, ZDeclarationListQuery, ZDeclarationListReply } from '@app/contract/declarations';
import {
  ZArchiveListQuery, ZArchiveListReply, ZDeletedDeclarationListQuery, ZDeletedDeclarationListReply, ZPostDeclarationListQuery, ZPostDeclarationListReply,
} from '@app/contract/declaration-lists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zInt } from '@app/contract/common';
import { requireUser } from '../../../platform/auth/guard';
import { sendCsv } from '../../../platform/csv';
import {
  findDeclarationIdByTrackCode, exportArchivedDeclarations, listArchivedDeclarations, listDeclarations, listDeletedDeclarations, listPartnerDeclarations,
  listPostDeclarations, listThisMonthDeclarations,
} from './service';

const tags = ['declarations'];
const ZTrackCodeQuery = z.object({ track_code: z.string().trim().min(1).max(80), trendyol: zInt.optional() });

/** The main list, its variants (this month, mini, partners) and the quick search by track code. */
export function registerDeclarationMainListRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // spec §2: the declarations entry has no permission gate; partners see only their own routes.
  app.get('/api/admin/v2/declaration/list', {
    schema: { tags: ['declarations'], summary: 'Declarations list (filters, page, per_page, sort_column, sort_order)', querystring: ZDeclarationListQuery, response: { 200: ZDeclarationListReply } },
    config: { access: 'office' },
  }, (req) => listDeclarations(app.db, req.query, app.config.APP_TIMEZONE));

  app.get('/api/admin/declaration/this_month', {
    schema: { tags, summary: "This month's declarations (the list's filters; user_id for one customer)", querystring: ZDeclarationListQuery, response: { 200: ZDeclarationListReply } },
    config: { access: 'office' },
  }, (req) => listThisMonthDeclarations(app.db, req.query, app.config.APP_TIMEZONE));

  app.get('/api/admin/declaration/minilist', {
    schema: { tags, summary: 'The tiny list (the list with its provider filter: trendyol=0|1|2)', querystring: ZDeclarationListQuery, response: { 200: ZDeclarationListReply } },
    config: { access: 'office' },
  }, (req) => listDeclarations(app.db, req.query, app.config.APP_TIMEZONE));

  app.get('/api/admin/declaration/partner_declarations', {
    schema: { tags, summary: "Branch partners' declarations with the partner name (the list's filters; partner_id)", querystring: ZDeclarationListQuery, response: { 200: ZDeclarationListReply } },
    config: { access: { permission: 'partner_declarations' } },
  }, (req) => listPartnerDeclarations(app.db, req.query, app.config.APP_TIMEZONE));

  app.get('/api/admin/declaration/info_by_track_code', {
    schema: { tags: ['declarations'], summary: 'The declaration (declaration/info shape) by track code (quick search)', querystring: ZTrackCodeQuery, response: { 200: ZDeclarationInfoReply } },
    config: { access: 'office' },
  }, (req) => findDeclarationIdByTrackCode(app.db, requireUser(req), req.query.track_code, app.config.APP_TIMEZONE));

  app.get('/api/branchpartner/declarations/info_by_track_code', {
    schema: { tags: ['declarations'], summary: "Partner's declaration (declaration/info shape) by track code", querystring: ZTrackCodeQuery, response: { 200: ZDeclarationInfoReply } },
    config: { access: { roles: [1, 4] } },
  }, (req) => findDeclarationIdByTrackCode(app.db, requireUser(req), req.query.track_code, app.config.APP_TIMEZONE));
}

/** spec §2 sidebar: declarations/deleted, declarations/post, archived-declarations, each behind its permission. */
export function registerDeclarationListRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/customs/deleteddeclarations', {
    schema: { tags, summary: 'Deleted declarations, newest deletion first, with who deleted them', querystring: ZDeletedDeclarationListQuery, response: { 200: ZDeletedDeclarationListReply } },
    config: { access: { permission: 'deleted_customs_declarations' } },
  }, (req) => listDeletedDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/post_declarations', {
    schema: { tags, summary: 'Post declarations (spec §3): customer, track code, price, customs price, customs id', querystring: ZPostDeclarationListQuery, response: { 200: ZPostDeclarationListReply } },
    config: { access: { permission: 'post_declarations' } },
  }, (req) => listPostDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/declaration/archive', {
    schema: { tags, summary: 'Archived declarations: handed over (10) or returned (12), created over 30 days ago', querystring: ZArchiveListQuery, response: { 200: ZArchiveListReply } },
    config: { access: { permission: 'declarations_archive' } },
  }, (req) => listArchivedDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/declaration/archive_export', {
    schema: { tags, summary: 'The filtered archive as CSV (declaration_archive_…); same filters and sort as declaration/archive', querystring: ZArchiveListQuery },
    config: { access: { permission: 'declarations_archive' } },
  }, async (req, reply) => sendCsv(reply, 'declaration_archive_', await exportArchivedDeclarations(app.db, req.query, tz())));
}
