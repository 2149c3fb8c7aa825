import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zInt } from '@app/contract/common';
import { ZBoxOptionsQuery, ZBoxOptionsReply, ZContainerOptionsReply } from '@app/contract/warehouse';
import { listBoxOptions, listContainerOptions } from './service';
import { listTransfersByDeclaration } from './container-transfers';
import { registerContainerRoutes } from './container-routes';
import { registerHandoverRoutes } from './handover-routes';

export function registerWarehouseRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  registerContainerRoutes(app);
  registerHandoverRoutes(app);

  app.get('/api/admin/containers/options', {
    schema: {
      tags: ['warehouse'], summary: 'Boxes (lookup), optionally of one branch: a bare array', querystring: z.object({ branch_id: zInt.positive().optional() }),
      response: { 200: ZContainerOptionsReply },
    },
    config: { access: 'office' },
  }, (req) => listContainerOptions(app.db, req.query.branch_id));

  app.get('/api/admin/boxes/options', {
    schema: { tags: ['warehouse'], summary: 'Parcels (koli) as options: data[] of id + box (the label), newest first; page/per_page', querystring: ZBoxOptionsQuery, response: { 200: ZBoxOptionsReply } },
    config: { access: 'office' },
  }, (req) => listBoxOptions(app.db, req.query));

  app.get('/api/admin/containers/containers-transfers/by-declaration', {
    schema: { tags: ['warehouse'], summary: "Box transfers of one declaration (data, meta.total)", querystring: z.object({ declaration_id: zInt.positive() }) },
    config: { access: 'office' },
  }, (req) => listTransfersByDeclaration(app.db, req.query.declaration_id, app.config.APP_TIMEZONE));
}
