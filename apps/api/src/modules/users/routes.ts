import { zId } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOperations, readUserPermissions } from './service';

export function registerUserRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/operations', {
    schema: { tags: ['users'], summary: 'Every operation (permission code), grouped by model', querystring: z.object({ per_page: z.coerce.number().int().optional() }) },
    config: { access: { permission: 'changeuserpermissions' } },
  }, () => listOperations(app.db));

  app.get('/api/admin/permissions', {
    schema: { tags: ['users'], summary: "A user's operation ids and company", querystring: z.object({ user_id: zId }) },
    config: { access: { permission: 'changeuserpermissions' } },
  }, (req) => readUserPermissions(app.db, req.query.user_id));
}
