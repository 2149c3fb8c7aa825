import { ZDeclarationListQuery } from '@app/contract/declarations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { findDeclarationIdByTrackCode, listDeclarations } from './service';

const ZTrackCodeQuery = z.object({ track_code: z.string().trim().min(1).max(80), trendyol: z.coerce.number().int().optional() });

export function registerDeclarationRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // spec §2: the declarations entry has no permission gate; partners see only their own routes.
  app.get('/api/admin/v2/declaration/list', {
    schema: { tags: ['declarations'], summary: 'Declarations list (filters, page, per_page, sort_column, sort_order)', querystring: ZDeclarationListQuery },
    config: { access: 'office' },
  }, (req) => listDeclarations(app.db, req.query, app.config.APP_TIMEZONE));

  app.get('/api/admin/declaration/info_by_track_code', {
    schema: { tags: ['declarations'], summary: 'Declaration id by track code (quick search)', querystring: ZTrackCodeQuery },
    config: { access: 'office' },
  }, (req) => findDeclarationIdByTrackCode(app.db, requireUser(req), req.query.track_code));

  app.get('/api/branchpartner/declarations/info_by_track_code', {
    schema: { tags: ['declarations'], summary: "Partner's declaration id by track code", querystring: ZTrackCodeQuery },
    config: { access: { roles: [1, 4] } },
  }, (req) => findDeclarationIdByTrackCode(app.db, requireUser(req), req.query.track_code));
}
