import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listContainerOptions } from './service';

export function registerWarehouseRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/containers/options', {
    schema: { tags: ['warehouse'], summary: 'Boxes (lookup), optionally of one branch', querystring: z.object({ branch_id: z.coerce.number().int().positive().optional() }) },
    config: { access: 'office' },
  }, (req) => listContainerOptions(app.db, req.query.branch_id));
}
