import { ZArchiveListQuery, ZDeletedDeclarationListQuery, ZPostDeclarationListQuery } from '@app/contract/declaration-lists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listArchivedDeclarations, listDeletedDeclarations, listPostDeclarations } from './declaration-lists';

const tags = ['declarations'];

/** spec §2 sidebar: declarations/deleted, declarations/post, archived-declarations, each behind its permission. */
export function registerDeclarationListRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;

  app.get('/api/admin/customs/deleteddeclarations', {
    schema: { tags, summary: 'Deleted declarations, newest deletion first, with who deleted them', querystring: ZDeletedDeclarationListQuery },
    config: { access: { permission: 'deleted_customs_declarations' } },
  }, (req) => listDeletedDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/post_declarations', {
    schema: { tags, summary: 'Post declarations (spec §3): customer, track code, price, customs price, customs id', querystring: ZPostDeclarationListQuery },
    config: { access: { permission: 'post_declarations' } },
  }, (req) => listPostDeclarations(app.db, req.query, tz()));

  app.get('/api/admin/declaration/archive', {
    schema: { tags, summary: 'Archived declarations: handed over (10) or returned (12), created over 30 days ago', querystring: ZArchiveListQuery },
    config: { access: { permission: 'declarations_archive' } },
  }, (req) => listArchivedDeclarations(app.db, req.query, tz()));
}
