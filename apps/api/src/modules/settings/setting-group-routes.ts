import { ZSettingsDataQuery, ZSettingsDataReply } from '@app/contract/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { pickGroupId, readSettingGroup, saveSettingGroup } from './setting-groups';

const tags = ['settings'];

/** The setting screens' calls (spec §7 "Settings"): read and save one group; system_settings both ways. */
export function registerSettingGroupRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/settings/data', {
    schema: { tags, summary: 'One setting group (office=1 adds the options its form picks from)', querystring: ZSettingsDataQuery, response: { 200: ZSettingsDataReply } },
    config: { access: { permission: 'system_settings' } },
  }, (req) => readSettingGroup(app.db, req.query.group_id, req.query.office ?? false));

  app.post('/api/admin/settings/data', {
    schema: {
      tags,
      summary: 'Save one setting group (form; group_id in the query for email and trendyol, else in the form)',
      querystring: z.object({ group_id: z.string().optional(), office: z.string().optional() }),
    },
    config: { access: { permission: 'system_settings' } },
  }, (req) => saveSettingGroup(app.db, requireUser(req), pickGroupId(req.query, req.body), req.body));
}
