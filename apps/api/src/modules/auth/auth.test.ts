import { az, fill } from '@app/contract/texts/az';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { refreshTokens, users } from '../../db/schema/users';
import { hashToken } from '../../platform/auth/tokens';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('[AUTH] POST /api/admin/token', () => {
  test('logs a staff member in from the form and returns the spec token fields', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'ADMIN@example.az', password: 'demo12345', rememberMe: '1' }) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(900);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
  });

  test('a wrong password answers 400 invalid_grant with the spec message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'ofis@example.az', password: 'wrong-one' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', message: az.errors.invalidCredentials });
  });

  test('an unknown e-mail answers exactly like a wrong password', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'nobody@example.az', password: 'demo12345' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  test('a customer (role 0) cannot log into the back office', async () => {
    const [customer] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.admin, 0)).limit(1);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: customer!.email!, password: 'demo12345' }) });
    expect(res.statusCode).toBe(400);
  });

  test('an empty form gets field errors for e-mail and password', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'not-an-email', password: '' }) });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.email).toEqual([az.errors.invalidEmail]);
    expect(body.errors.password).toEqual([az.errors.required]);
  });

  test('after five failures from one address the next try there has to wait, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'partner@example.az', password: `bad-${i}` }) });
    }
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'partner@example.az', password: 'demo12345' }) });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().message).toBe(fill(az.errors.loginRetryAfter, { SECONDS: 1 }));
  });
});

describe('[AUTH] refresh and logout', () => {
  test('a refresh token is rotated: the new one works, the old one no longer does', async () => {
    const first = await logInAs(ctx.app, 'anbar@example.az');
    const refresh = () => (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ grant_type: 'refresh_token', refresh_token: token }) });
    const second = await refresh()(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.refresh_token);
    const me = await ctx.app.inject({ url: '/api/client/user', headers: bearer(second.json().access_token) });
    expect(me.json().data.email).toBe('anbar@example.az');
    // Past the grace window of two tabs refreshing at once (30 s), the rotated token counts as reused.
    await ctx.database.db.update(refreshTokens).set({ revokedAt: sql`now() - interval '31 seconds'` })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token)));
    const reused = await refresh()(first.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
    // Reuse of a rotated token ends every session of the user: the successor is revoked too.
    const successor = await refresh()(second.json().refresh_token);
    expect(successor.statusCode).toBe(400);
  });

  test('logout revokes the refresh token', async () => {
    const tokens = await logInAs(ctx.app, 'ofis@example.az');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/warehouse/logout', ...form({ refresh_token: tokens.refresh_token }) });
    expect(out.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }) });
    expect(res.statusCode).toBe(400);
  });
});

describe('[AUTH] GET /api/client/user', () => {
  test('returns the user and the permission codes held', async () => {
    const { access_token } = await logInAs(ctx.app, 'anbar@example.az');
    const res = await ctx.app.inject({ url: '/api/client/user', headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ email: 'anbar@example.az', admin: 2, admin_branch_id: 1, name: 'Tural', delivery_point_id: null });
    // Real clients read a list of objects with `code_name` (issue 14).
    const codes = body.permissions.map((p: { code_name: string }) => p.code_name);
    expect(codes).toContain('local_warehouse');
    expect(codes).not.toContain('users');
    expect(body.permissions.find((p: { code_name: string }) => p.code_name === 'local_warehouse')).toMatchObject({ name: expect.any(String), model_id: expect.any(Number) });
  });

  test('answers 401 without a token and with a forged one', async () => {
    expect((await ctx.app.inject({ url: '/api/client/user' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({ url: '/api/client/user', headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x') });
    expect(forged.statusCode).toBe(401);
  });

  test('blocking a user takes effect at once: the next call is 401 and refresh is refused', async () => {
    const tokens = await logInAs(ctx.app, 'ofis@example.az');
    await ctx.database.db.update(users).set({ blocked: true }).where(sql`lower(${users.email}) = 'ofis@example.az'`);
    try {
      const res = await ctx.app.inject({ url: '/api/client/user', headers: bearer(tokens.access_token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(az.errors.blocked);
      const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }) });
      expect(refreshed.statusCode).toBe(400);
      const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/token', ...form({ email: 'ofis@example.az', password: 'demo12345' }) });
      expect(login.statusCode).toBe(400);
      expect(login.json().message).toBe(az.errors.blocked);
    } finally {
      await ctx.database.db.update(users).set({ blocked: false }).where(sql`lower(${users.email}) = 'ofis@example.az'`);
    }
  });

  test('a login is written to the audit log', async () => {
    await logInAs(ctx.app, 'admin@example.az');
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
