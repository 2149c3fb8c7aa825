import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { az } from '@app/contract/texts/az';
import { and, desc, eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../app';
import { readConfig } from '../../config';
import { auditLog } from '../../db/schema/platform';
import { settings } from '../../db/schema/settings';
import { refreshTokens } from '../../db/schema/users';
import { readOrCreateJwtSecret } from '../../db/seed/secrets';
import { hashToken } from '../../platform/auth/tokens';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

/** Issue 13 items 5 (login throttling, trusted proxies) and 6 (sessions, signing secret). */
let ctx: TestContext;
/** A second app on the same database: a known signing secret and one trusted proxy (10.0.0.1). */
let proxied: App;
const SECRET = randomBytes(32).toString('hex');
beforeAll(async () => {
  ctx = await startTestApp();
  proxied = await buildApp({
    db: ctx.database.db,
    config: readConfig({ NODE_ENV: 'test', LOGIN_MAX_ATTEMPTS: '5', TRUST_PROXY: '10.0.0.1' }),
    jwtSecret: SECRET,
  });
  await proxied.ready();
});
afterAll(async () => {
  await proxied.close();
  await ctx.close();
});

const formBody = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
function logIn(app: App, email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
  const body = formBody({ email, password });
  return app.inject({ method: 'POST', url: '/api/admin/token', remoteAddress, payload: body.payload, headers: { ...body.headers, ...headers } });
}
function refresh(app: App, token: string) {
  return app.inject({ method: 'POST', url: '/api/admin/token', ...formBody({ grant_type: 'refresh_token', refresh_token: token }) });
}
const me = (app: App, accessToken: string) => app.inject({ url: '/api/client/user', headers: bearer(accessToken) });
const lastFailedLoginIp = async (email: string) => {
  const rows = await ctx.database.db.select({ ip: auditLog.ip }).from(auditLog)
    .where(and(eq(auditLog.action, 'auth.login_failed'), sql`${auditLog.changes}->>'email' = ${email}`))
    .orderBy(desc(auditLog.id)).limit(1);
  return rows[0]?.ip;
};

describe('[AUTH][THROTTLE] failed logins slow the guesser down, not the user', () => {
  test('an attacker failing 50 times from ten addresses does not lock the admin out of a second address', async () => {
    for (let a = 1; a <= 10; a++) {
      for (let i = 0; i < 5; i++) {
        const res = await logIn(ctx.app, 'admin@example.az', `guess-${a}-${i}`, `203.0.113.${a}`);
        expect(res.statusCode).toBe(400);
      }
    }
    // The attacker's latest address now has to wait …
    expect((await logIn(ctx.app, 'admin@example.az', 'guess-more', '203.0.113.10')).statusCode).toBe(429);
    // … while the admin, from the office, gets in with the right password.
    const res = await logIn(ctx.app, 'admin@example.az', 'demo12345', '198.51.100.20');
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);

  test('the delay grows with each failure and is told in seconds with Retry-After', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 5; i++) expect((await logIn(ctx.app, 'anbar@example.az', `bad-${i}`, ip)).statusCode).toBe(400);
    const first = await logIn(ctx.app, 'anbar@example.az', 'demo12345', ip);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().message).toBe(az.errors.loginRetryAfter.replace('{SECONDS}', '1'));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await logIn(ctx.app, 'anbar@example.az', 'bad-again', ip)).statusCode).toBe(400);
    const second = await logIn(ctx.app, 'anbar@example.az', 'demo12345', ip);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    // Another user behind the same address is not slowed down.
    expect((await logIn(ctx.app, 'ofis@example.az', 'demo12345', ip)).statusCode).toBe(200);
  });

  test('far above office level the account is slowed down from addresses it never signed in from', async () => {
    const strict = await buildApp({
      db: ctx.database.db, config: readConfig({ NODE_ENV: 'test', LOGIN_ACCOUNT_MAX_FAILURES: '3' }), jwtSecret: SECRET,
    });
    try {
      await logIn(strict, 'ofis@example.az', 'demo12345', '127.0.0.1'); // the office's usual address
      for (let a = 1; a <= 3; a++) expect((await logIn(strict, 'ofis@example.az', 'guess', `203.0.113.${100 + a}`)).statusCode).toBe(400);
      const stranger = await logIn(strict, 'ofis@example.az', 'demo12345', '203.0.113.200');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.headers['retry-after']).toBe('1');
      expect((await logIn(strict, 'ofis@example.az', 'demo12345', '127.0.0.1')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  test('a forged X-Forwarded-For is ignored without TRUST_PROXY: the audit log has the real address', async () => {
    const res = await logIn(ctx.app, 'ofis@example.az', 'wrong-one', '203.0.113.77', { 'x-forwarded-for': '192.0.2.1' });
    expect(res.statusCode).toBe(400);
    expect(await lastFailedLoginIp('ofis@example.az')).toBe('203.0.113.77');
    // Rotating the header does not buy fresh attempts: the sixth from the same address waits.
    for (let i = 2; i <= 5; i++) {
      await logIn(ctx.app, 'ofis@example.az', 'wrong-one', '203.0.113.77', { 'x-forwarded-for': `192.0.2.${i}` });
    }
    const sixth = await logIn(ctx.app, 'ofis@example.az', 'wrong-one', '203.0.113.77', { 'x-forwarded-for': '192.0.2.6' });
    expect(sixth.statusCode).toBe(429);
  });

  test('X-Forwarded-For is honoured from a trusted proxy only', async () => {
    const viaProxy = await logIn(proxied, 'partner@example.az', 'wrong-one', '10.0.0.1', { 'x-forwarded-for': '198.51.100.77' });
    expect(viaProxy.statusCode).toBe(400);
    expect(await lastFailedLoginIp('partner@example.az')).toBe('198.51.100.77');
    const direct = await logIn(proxied, 'partner@example.az', 'wrong-one', '10.0.0.2', { 'x-forwarded-for': '198.51.100.78' });
    expect(direct.statusCode).toBe(400);
    expect(await lastFailedLoginIp('partner@example.az')).toBe('10.0.0.2');
  });

  test('TRUST_PROXY accepts addresses, CIDRs or a hop count; unset trusts nobody', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('[AUTH][SESSIONS] refresh, logout and password change', () => {
  test('two tabs refreshing the same token at once both succeed with the same successor; after the window it is reuse', async () => {
    const first = await logInAs(ctx.app, 'anbar@example.az');
    const [a, b] = await Promise.all([refresh(ctx.app, first.refresh_token), refresh(ctx.app, first.refresh_token)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().refresh_token).toBe(b.json().refresh_token);
    expect(a.json().refresh_token).not.toBe(first.refresh_token);
    expect((await me(ctx.app, a.json().access_token)).statusCode).toBe(200);
    expect((await me(ctx.app, b.json().access_token)).statusCode).toBe(200);
    // The grace window (30 s) is over: the rotated token is a leaked one, every session ends.
    await ctx.database.db.update(refreshTokens).set({ revokedAt: sql`now() - interval '31 seconds'` })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token)));
    const late = await refresh(ctx.app, first.refresh_token);
    expect(late.statusCode).toBe(400);
    expect((await refresh(ctx.app, a.json().refresh_token)).statusCode).toBe(400);
    expect((await me(ctx.app, a.json().access_token)).statusCode).toBe(401);
  });

  test('logout ends the access token at once', async () => {
    const tokens = await logInAs(ctx.app, 'ofis@example.az');
    expect((await me(ctx.app, tokens.access_token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/warehouse/logout', ...formBody({ refresh_token: tokens.refresh_token }) });
    expect(out.statusCode).toBe(200);
    const after = await me(ctx.app, tokens.access_token);
    expect(after.statusCode).toBe(401);
    // Another session of the same user goes on.
    const other = await logInAs(ctx.app, 'ofis@example.az');
    expect((await me(ctx.app, other.access_token)).statusCode).toBe(200);
  });

  test("an admin changing a staff member's password ends that member's access tokens", async () => {
    const admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
    const email = `sessiya.${Date.now()}@example.az`;
    const fields = { name: 'Səbinə', surname: 'Nəsirova', email, gender: 'female', branch_id: '1', admin: '3' };
    const created = await ctx.app.inject({
      method: 'POST', url: '/api/admin/client/create', headers: { ...admin, ...formBody({}).headers },
      payload: new URLSearchParams({ ...fields, password: 'Parol2025x', password_confirmation: 'Parol2025x' }).toString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const staff = await logInAs(ctx.app, email, 'Parol2025x');
    expect((await me(ctx.app, staff.access_token)).statusCode).toBe(200);
    const updated = await ctx.app.inject({
      method: 'POST', url: '/api/admin/client/update', headers: { ...admin, ...formBody({}).headers },
      payload: new URLSearchParams({ ...fields, user_id: String(created.json().data.id), password: 'Yeni2025x', password_confirmation: 'Yeni2025x' }).toString(),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await me(ctx.app, staff.access_token)).statusCode).toBe(401);
  });

  test("one's own new password ends one's other sessions and keeps the current one", async () => {
    const admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
    const email = `ozu.${Date.now()}@example.az`;
    const fields = { name: 'Rəşad', surname: 'Quliyev', email, gender: 'male', branch_id: '1', admin: '1' };
    const created = await ctx.app.inject({
      method: 'POST', url: '/api/admin/client/create', headers: { ...admin, ...formBody({}).headers },
      payload: new URLSearchParams({ ...fields, password: 'Parol2025x', password_confirmation: 'Parol2025x' }).toString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const here = await logInAs(ctx.app, email, 'Parol2025x');
    const elsewhere = await logInAs(ctx.app, email, 'Parol2025x');
    const updated = await ctx.app.inject({
      method: 'POST', url: '/api/admin/client/update', headers: { ...bearer(here.access_token), ...formBody({}).headers },
      payload: new URLSearchParams({ ...fields, user_id: String(created.json().data.id), password: 'Yeni2025x', password_confirmation: 'Yeni2025x' }).toString(),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await me(ctx.app, here.access_token)).statusCode).toBe(200);
    expect((await refresh(ctx.app, here.refresh_token)).statusCode).toBe(200);
    expect((await me(ctx.app, elsewhere.access_token)).statusCode).toBe(401);
    expect((await refresh(ctx.app, elsewhere.refresh_token)).statusCode).toBe(400);
  });

  test('an access token without exp is refused, though signed with the real key', async () => {
    const tokens = await logInAs(proxied, 'anbar@example.az');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.sid).toBeDefined();
    const key = new TextEncoder().encode(SECRET);
    const withExp = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.sub))
      .setIssuedAt().setExpirationTime('10m').sign(key);
    expect((await me(proxied, withExp)).statusCode).toBe(200);
    const noExp = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.sub))
      .setIssuedAt().sign(key);
    expect((await me(proxied, noExp)).statusCode).toBe(401);
    const noSession = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.sub))
      .setIssuedAt().setExpirationTime('10m').sign(key);
    expect((await me(proxied, noSession)).statusCode).toBe(401);
  });
});

describe('[AUTH][SECRET] the signing secret lives outside the database', () => {
  test('without JWT_SECRET a secret file is made once under DATA_DIR (mode 0600) and the old settings row goes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
    try {
      await ctx.database.db.insert(settings).values({ groupId: 'system', key: 'jwt_secret', value: 'old-secret-in-the-database' }).onConflictDoNothing();
      const [a, b] = await Promise.all([readOrCreateJwtSecret(ctx.database.db, dir), readOrCreateJwtSecret(ctx.database.db, dir)]);
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect(b).toBe(a);
      const file = path.join(dir, 'jwt-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(a);
      expect(await readOrCreateJwtSecret(ctx.database.db, dir)).toBe(a);
      const rows = await ctx.database.db.select().from(settings).where(and(eq(settings.groupId, 'system'), eq(settings.key, 'jwt_secret')));
      expect(rows).toHaveLength(0);
      expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
      // A configured secret wins and nothing is written.
      expect(await readOrCreateJwtSecret(ctx.database.db, dir, 'c'.repeat(40))).toBe('c'.repeat(40));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

});
