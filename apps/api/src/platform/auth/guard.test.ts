import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { az } from '@app/contract/texts/az';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { grantPermissions } from '../../db/seed/demo-seed';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';
import { registerGuard } from './guard';
import { TokenSigner } from './tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 20 });
});
afterAll(() => ctx.close());

describe('[PLATFORM][PERMISSIONS] every call is checked on the server', () => {
  test('the warehouseman is refused the operations list (403) that the admin gets', async () => {
    const anbar = await logInAs(ctx.app, 'anbar@example.az');
    const refused = await ctx.app.inject({ url: '/api/admin/operations', headers: bearer(anbar.access_token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(az.errors.forbidden);
    const admin = await logInAs(ctx.app, 'admin@example.az');
    const allowed = await ctx.app.inject({ url: '/api/admin/operations?per_page=200', headers: bearer(admin.access_token) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.find((o: { code_name: string }) => o.code_name === 'changeuserpermissions')).toMatchObject({ model_id: 3, model_name: 'İstifadəçilər' });
  });

  test('a permission granted takes effect on the next call, without a new login', async () => {
    const anbar = await logInAs(ctx.app, 'anbar@example.az');
    const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'anbar@example.az'`);
    await grantPermissions(ctx.database.db, row!.id, ['stat', 'changeuserpermissions']);
    const res = await ctx.app.inject({ url: `/api/admin/permissions?user_id=${row!.id}`, headers: bearer(anbar.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    await grantPermissions(ctx.database.db, row!.id, ['stat']);
    const again = await ctx.app.inject({ url: `/api/admin/permissions?user_id=${row!.id}`, headers: bearer(anbar.access_token) });
    expect(again.statusCode).toBe(403);
  });

  test('a branch partner (code 4) cannot read the office declarations list but can use his own lookup', async () => {
    const partner = await logInAs(ctx.app, 'partner@example.az');
    const list = await ctx.app.inject({ url: '/api/admin/v2/declaration/list', headers: bearer(partner.access_token) });
    expect(list.statusCode).toBe(403);
    const lookup = await ctx.app.inject({ url: '/api/branchpartner/declarations/info_by_track_code?track_code=NOPE', headers: bearer(partner.access_token) });
    expect(lookup.statusCode).toBe(404);
  });

  test('a missing record answers 404 with the field error', async () => {
    const admin = await logInAs(ctx.app, 'admin@example.az');
    const res = await ctx.app.inject({ url: '/api/admin/permissions?user_id=999999', headers: bearer(admin.access_token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.user_id).toHaveLength(1);
  });

  test('bad input answers 422 with field errors', async () => {
    const admin = await logInAs(ctx.app, 'admin@example.az');
    const res = await ctx.app.inject({ url: '/api/admin/permissions?user_id=abc', headers: bearer(admin.access_token) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['user_id']);
  });

  test('a route without a declared access rule stops the app from starting', async () => {
    const app = Fastify();
    registerGuard(app, new TokenSigner('x'.repeat(32), 60));
    expect(() => app.get('/api/admin/forgotten', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });

  test('every write by a signed-in user leaves an audit entry; the polled counters do not', async () => {
    const admin = await logInAs(ctx.app, 'admin@example.az');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/isnew?model_id=2&object_id=1&is_new=0', headers: bearer(admin.access_token) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/admin/isnew'));
    expect(rows.at(-1)).toMatchObject({ userId: 1, statusCode: 200, method: 'POST' });
    await ctx.app.inject({ method: 'POST', url: '/api/admin/notification/count', headers: bearer(admin.access_token) });
    const polls = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/admin/notification/count'));
    expect(polls).toHaveLength(0);
  });
});

describe('[PLATFORM][OPENAPI]', () => {
  test('the OpenAPI document lists every /api route', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/admin/token', '/api/warehouse/logout', '/api/client/user', '/api/client/settings',
      '/api/admin/notification/count', '/api/admin/v2/declaration/list', '/api/admin/cashboxes/balance']) {
      expect(paths).toContain(path);
    }
  });

  test('the reply schemas of the wire format are in the document (issue 14): client/user permissions and client/settings countries', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const schemaOf = (path: string) => JSON.stringify(doc.paths[path].get.responses['200']);
    expect(schemaOf('/api/client/user')).toContain('code_name');
    expect(schemaOf('/api/client/settings')).toContain('countries');
  });
});
