import { az } from '@app/contract/texts/az';
import type { RoleCode } from '@app/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import { isAllowed, type RequestUser, type RouteAccess } from '../access';
import { findUserWithPermissions } from './queries';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A POST that only reads (the sidebar counters): no audit entry, or the log fills with polls. */
    isReadOnly?: boolean;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, as registered (tests generate their cases from it). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route declares a reply schema (`schema.response`): the OpenAPI document shows its shape. */
  replySchema: boolean;
}

function readBearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in user of a request that passed the guard (routes with access other than 'public'). */
export function requireUser(req: FastifyRequest): RequestUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/**
 * Every /api route must declare `config.access`; the guard reads the token, loads the user with
 * permissions from the database and refuses with 401/403 before the handler runs.
 */
export function registerGuard(app: FastifyInstance, signer: TokenSigner): void {
  app.decorateRequest('user', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    const access = route.config.access;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, replySchema: !!route.schema?.response });
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = readBearer(req);
    if (!token) throw unauthorized();
    const claims = await signer.verifyAccess(token);
    if (!claims) throw unauthorized();
    const row = await findUserWithPermissions(req.server.db, claims.userId, claims.sessionId);
    if (!row) throw unauthorized();
    if (row.blocked) throw unauthorized(az.errors.blocked);
    if (!row.isSessionOpen) throw unauthorized();
    const user: RequestUser = {
      id: row.id,
      name: row.name,
      surname: row.surname,
      email: row.email ?? '',
      admin: row.admin as RoleCode,
      adminBranchId: row.adminBranchId,
      deliveryPointId: row.deliveryPointId,
      companyId: row.companyId,
      cashboxId: row.cashboxId,
      permissions: new Set(row.permissions),
      sessionId: claims.sessionId,
    };
    if (!isAllowed(user, access)) throw forbidden();
    req.user = user;
  });
}
