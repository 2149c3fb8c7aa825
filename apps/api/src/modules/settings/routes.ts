import { zId } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listBranchOptions, listProductTypeOptions, listShopNameOptions, listStatusesOfModel, listTariffCategoryOptions, readClientSettings,
} from './service';

const ZLookupQuery = z.object({ per_page: z.coerce.number().int().optional(), page: z.coerce.number().int().optional() });

/** Read-only lookups every form and filter uses; the settings issue adds their editing screens. */
export function registerSettingsRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/api/client/settings', {
    schema: { tags: ['settings'], summary: 'Global settings and setting groups' },
    config: { access: 'staff' },
  }, () => readClientSettings(app.db));

  app.get('/api/admin/states/getlistbymodelid', {
    schema: { tags: ['settings'], summary: 'Statuses of one model', querystring: z.object({ model_id: zId }) },
    config: { access: 'staff' },
  }, (req) => listStatusesOfModel(app.db, req.query.model_id));

  app.get('/api/admin/product-types/getlist', {
    schema: { tags: ['settings'], summary: 'Product types (lookup)', querystring: ZLookupQuery },
    config: { access: 'staff' },
  }, () => listProductTypeOptions(app.db));

  app.get('/api/admin/branches', {
    schema: { tags: ['settings'], summary: 'Branches (lookup)', querystring: ZLookupQuery },
    config: { access: 'staff' },
  }, () => listBranchOptions(app.db));

  app.get('/api/admin/shop_names', {
    schema: { tags: ['settings'], summary: 'Shop names (lookup)', querystring: ZLookupQuery },
    config: { access: 'staff' },
  }, () => listShopNameOptions(app.db));

  app.get('/api/admin/tariff/category_list', {
    schema: { tags: ['settings'], summary: 'Tariff categories (special tariffs; lookup)', querystring: ZLookupQuery },
    config: { access: 'staff' },
  }, () => listTariffCategoryOptions(app.db));
}
