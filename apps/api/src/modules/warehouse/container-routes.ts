import {
  ZCloseContainerForm, ZContainerMeReply, ZScanLookupQuery, ZSelectContainerQuery, ZTransferForm, ZTransferLogQuery,
} from '@app/contract/warehouse';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import type { RouteAccess } from '../../platform/access';
import { registerResource } from '../../platform/resource';
import { boxResource, partnerBoxResource } from './box-resources';
import {
  closeContainer, listMyContainers, listTransfers, lookUpScan, readMyContainer, selectContainer, transferToContainer, type BoxScope,
} from './containers';

/** Boxes, box acceptance and transfers (spec §7 Containers, Partner boxes). */
export function registerContainerRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tz = () => app.config.APP_TIMEZONE;
  registerResource(app, boxResource);
  registerResource(app, partnerBoxResource);

  // spec §2: the acceptance screen needs no extra permission (office staff); the partner's is a branch section.
  const scopes: { base: string; scope: BoxScope; access: RouteAccess }[] = [
    { base: '/api/admin/containers', scope: 'admin', access: 'office' },
    { base: '/api/branchpartner/containers', scope: 'partner', access: { roles: [1, 4] } },
  ];
  for (const { base, scope, access } of scopes) {
    app.get(`${base}/me`, {
      schema: { tags: ['warehouse'], summary: 'The box chosen on the acceptance screen (null when none)', response: { 200: ZContainerMeReply } },
      config: { access },
    }, (req) => readMyContainer(app.db, requireUser(req), tz()));
    app.post(`${base}/select`, {
      schema: { tags: ['warehouse'], summary: 'Choose the box to scan into', querystring: ZSelectContainerQuery, response: { 200: ZContainerMeReply } },
      config: { access },
    }, (req) => selectContainer(app.db, requireUser(req), req.query.container_id, scope, tz()));
    app.post(`${base}/close`, {
      schema: { tags: ['warehouse'], summary: 'Close the box: the scanned parcels go to status 9 (all or nothing; errors by index)', body: ZCloseContainerForm },
      config: { access },
    }, (req) => closeContainer(app.db, requireUser(req), req.body, scope));
    app.get(`${base}/lookup`, {
      schema: { tags: ['warehouse'], summary: 'One scanned code (declaration box table row)', querystring: ZScanLookupQuery },
      config: { access },
    }, (req) => lookUpScan(app.db, requireUser(req), req.query.track_code, req.query.barcode_type));
  }

  app.post('/api/admin/containers/transfer', {
    schema: { tags: ['warehouse'], summary: 'Move scanned parcels into the chosen box (logged)', body: ZTransferForm },
    config: { access: 'office' },
  }, (req) => transferToContainer(app.db, requireUser(req), req.body));
  app.get('/api/admin/containers/mycontainers', {
    schema: { tags: ['warehouse'], summary: 'Boxes the user created' },
    config: { access: 'office' },
  }, (req) => listMyContainers(app.db, requireUser(req)));
  app.get('/api/admin/containers/containers-transfers', {
    schema: { tags: ['warehouse'], summary: 'Box transfers of a branch (data, meta.total)', querystring: ZTransferLogQuery },
    config: { access: { permission: 'container_transfers_logs' } },
  }, (req) => listTransfers(app.db, req.query, tz()));
  app.get('/api/admin/containers/containers-transfers/by-container', {
    schema: { tags: ['warehouse'], summary: 'Box transfers into or out of one box (data, meta.total)', querystring: ZTransferLogQuery },
    config: { access: { permission: 'container_transfers_logs' } },
  }, (req) => listTransfers(app.db, { ...req.query, branch_id: undefined }, tz()));
}
