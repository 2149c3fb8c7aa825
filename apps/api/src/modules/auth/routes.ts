import { ZClientUserReply, ZLogoutForm, ZRefreshForm, ZTokenForm, type ClientPermission, type ClientUserReply } from '@app/contract/auth';
import { OPERATIONS } from '@app/contract/permissions';
import { isFullAdmin } from '../../platform/access';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { findUserProfile } from './queries';
import { logIn, logOut, refreshSession, type AuthDeps } from './service';

const ZTokenRequest = z.object({
  grant_type: z.enum(['password', 'refresh_token']).default('password'),
  email: z.string().optional(),
  password: z.string().optional(),
  rememberMe: z.union([z.boolean(), z.string()]).optional(),
  refresh_token: z.string().optional(),
});

export function registerAuthRoutes(server: FastifyInstance, deps: AuthDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post('/api/admin/token', {
    schema: { tags: ['auth'], summary: 'Log in (grant_type=password) or refresh (grant_type=refresh_token)', body: ZTokenRequest, security: [] },
    config: { access: 'public', rateLimit: { max: server.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } },
  }, async (req) => {
    const body = req.body;
    const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
    if (body.grant_type === 'refresh_token') {
      const form = parseOrThrow(ZRefreshForm, body);
      return refreshSession(app.db, app.config, deps, form.refresh_token, meta);
    }
    return logIn(app.db, app.config, deps, parseOrThrow(ZTokenForm, body), meta);
  });

  app.post('/api/warehouse/logout', {
    schema: { tags: ['auth'], summary: 'Log out: revokes the refresh token', body: ZLogoutForm.optional(), security: [] },
    config: { access: 'public' },
  }, async (req) => {
    const body = req.body ?? {};
    await logOut(app.db, body.refresh_token, { ip: req.ip });
    return { message: 'ok' };
  });

  app.get('/api/client/user', {
    schema: { tags: ['auth'], summary: 'The signed-in user and the permissions held (objects with code_name)', response: { 200: ZClientUserReply } },
    config: { access: 'staff' },
  }, async (req) => {
    const user = requireUser(req);
    const profile = await findUserProfile(app.db, user.id);
    if (!profile) throw notFound();
    const codes: ReadonlySet<string> = isFullAdmin(user) ? new Set(OPERATIONS.map((o) => o.code)) : user.permissions;
    // Real clients read a list of objects with `code_name` (issue 14).
    const known = new Map(OPERATIONS.map((o) => [o.code as string, o]));
    const permissions: ClientPermission[] = [...codes].sort().map((code) => {
      const op = known.get(code);
      return { code_name: code, name: op?.name ?? code, model_id: op?.model ?? 0 };
    });
    const reply: ClientUserReply = {
      data: { ...profile, user_name: `${profile.name} ${profile.surname}`.trim(), email: profile.email ?? '' },
      permissions,
    };
    return reply;
  });
}
