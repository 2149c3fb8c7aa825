import {
  ZCustomsStatusQuery, ZCustomsStatusReply, ZFinChangeForm, ZMarketplaceListQuery, ZMarketplaceListReply,
  ZMarketplaceParcelQuery, ZMarketplaceParcelReply, ZMarketplaceParcelStatesReply, ZMarketplaceStateForm, ZMarketplaceStateQuery,
} from '@app/contract/declaration-workflow';
import { ZDeclarationIdQuery } from '@app/contract/declarations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zInt } from '@app/contract/common';
import { createMarketplaceClient } from '../../../integrations/marketplace/client';
import { requireUser } from '../../../platform/auth/guard';
import {
  PIN_CHANGE_JOB, PIN_CHANGE_MAX_ATTEMPTS, listCustomsStates, listMarketplaceParcels, listParcelStates, readCustomsStatus, readMarketplaceParcel,
  readMarketplaceInfo, readStatusCounts, requestPinChange, runPinChangeJob, updateMarketplaceState,
} from './declaration-marketplace';

const tags = ['declarations'];

/** Customs status, marketplace parcels (and the PIN change job) and status counts (issue 3; spec §7 "Declarations"). */
export function registerDeclarationMarketplaceRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  const cfg = app.config;
  const marketplace = cfg.MARKETPLACE_BASE_URL
    ? createMarketplaceClient({ baseUrl: cfg.MARKETPLACE_BASE_URL, token: cfg.MARKETPLACE_TOKEN, timeoutMs: cfg.MARKETPLACE_TIMEOUT_MS, retries: cfg.MARKETPLACE_RETRIES })
    : null;
  app.jobs.define<{ changeId: number }>(PIN_CHANGE_JOB, (payload, ctx) => runPinChangeJob(app.db, marketplace, payload, ctx), { maxAttempts: PIN_CHANGE_MAX_ATTEMPTS, backoffSeconds: 30 });

  app.get('/api/client/customs_status', {
    schema: { tags, querystring: ZCustomsStatusQuery, summary: 'Customs status of a parcel: data.customs_status (null: never sent), data.json, incomplete flag', response: { 200: ZCustomsStatusReply } },
    config: { access: 'office' },
  }, (req) => readCustomsStatus(app.db, req.query.track_code));

  app.get('/api/admin/declaration/customs_states', {
    schema: { tags, querystring: ZDeclarationIdQuery, summary: "The declaration's customs state history, oldest first" },
    config: { access: 'office' },
  }, (req) => listCustomsStates(app.db, req.query.declaration_id, tz()));

  app.get('/api/admin/declaration/state_counts', {
    schema: { tags, summary: 'Declarations per status (counts by status)' },
    config: { access: 'office' },
  }, () => readStatusCounts(app.db));

  app.get('/api/admin/declaration/trendyol/info', {
    schema: { tags, querystring: ZDeclarationIdQuery, summary: 'Marketplace data of a provider 1/2 declaration (logs, state, PIN, pending PIN change)' },
    config: { access: 'office' },
  }, (req) => readMarketplaceInfo(app.db, req.query.declaration_id, tz()));

  app.get('/api/admin/declaration/trendyol/parcel-states/:trackCode', {
    schema: { tags, params: z.object({ trackCode: z.string().trim().min(1).max(80) }), summary: 'Marketplace parcel states, oldest first', response: { 200: ZMarketplaceParcelStatesReply } },
    config: { access: 'office' },
  }, (req) => listParcelStates(app.db, req.params.trackCode, tz()));

  // issue 16: a call real clients make (api-paths-in-use.txt); one parcel as a marketplace list row.
  app.get('/api/admin/declaration/trendyol/parcel', {
    schema: { tags, querystring: ZMarketplaceParcelQuery, summary: 'One marketplace parcel (providers 1, 2) by track code, global track code or declaration_id, as a marketplace list row', response: { 200: ZMarketplaceParcelReply } },
    config: { access: 'office' },
  }, (req) => readMarketplaceParcel(app.db, req.query, tz()));

  app.get('/api/admin/declaration/trendyol', {
    schema: { tags, querystring: ZMarketplaceListQuery, summary: 'Marketplace parcels (providers 1, 2): data, total, last_page', response: { 200: ZMarketplaceListReply } },
    config: { access: { permission: 'trendyol_declarations' } },
  }, (req) => listMarketplaceParcels(app.db, req.query, tz()));

  app.post('/api/admin/declaration/trendyol/updateState', {
    schema: {
      tags, querystring: ZMarketplaceStateQuery, body: ZMarketplaceStateForm.optional(),
      summary: 'Marketplace state: single (body declaration_id, trendyol_state_id) or bulk (query trendyol_state_id, filter=1 and the list filters)',
    },
    config: { access: { permission: 'trendyol_declarations' } },
  }, (req) => {
    const { trendyol_state_id: queryState, filter: queryFilter, ...filters } = req.query;
    const body = req.body ?? {};
    const bulk = Boolean(queryFilter ?? body.filter);
    return updateMarketplaceState(app.db, requireUser(req), {
      declarationIds: body.declaration_id, stateId: body.trendyol_state_id ?? queryState, bulk, filters,
    }, tz());
  });

  app.post('/api/admin/declaration/trendyol/fin_change/:id', {
    schema: { tags, params: z.object({ id: zInt.positive() }), body: ZFinChangeForm, summary: 'Change the PIN (FIN) of a provider 2 parcel; applied by the marketplace within minutes' },
    config: { access: 'office' },
  }, (req) => requestPinChange(app.db, (tx, changeId) => app.jobs.enqueue(tx, PIN_CHANGE_JOB, { changeId }), requireUser(req), req.params.id, req.body.fin));
}
