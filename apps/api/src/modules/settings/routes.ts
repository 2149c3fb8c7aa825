import { ZClientSettingsReply } from '@app/contract/auth';
import { zId } from '@app/contract/common';
import { ZStatusOptionsReply } from '@app/contract/statuses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerSettingListRoutes } from './lists/routes';
import { listStatusesOfModel, readClientSettings } from './service';
import { registerSettingGroupRoutes } from './setting-group-routes';

/** Read-only lookups every form and filter uses; the settings issue adds their editing screens. */
export function registerSettingsRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/client/settings', {
    schema: { tags: ['settings'], summary: 'Global settings (countries, working hours, warehouses) and setting groups', response: { 200: ZClientSettingsReply } },
    config: { access: 'staff' },
  }, () => readClientSettings(app.db));

  app.get('/api/admin/states/getlistbymodelid', {
    schema: { tags: ['settings'], summary: 'Statuses of one model', querystring: z.object({ model_id: zId }), response: { 200: ZStatusOptionsReply } },
    config: { access: 'staff' },
  }, (req) => listStatusesOfModel(app.db, req.query.model_id));

  // Product types, branches, shop names and tariff categories: lists that double as lookups (lists/).
  registerSettingListRoutes(app);
  registerSettingGroupRoutes(app);
}
