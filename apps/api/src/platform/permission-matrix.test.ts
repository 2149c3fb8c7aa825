import type { ClientUserReply } from '@app/contract/auth';
import { OPERATIONS } from '@app/contract/permissions';
import { ROLE, type RoleCode } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../db/schema/users';
import { grantPermissions } from '../db/seed/demo-seed';
import { hashPassword } from './auth/password';
import { bearer, logInAs, startTestApp, type TestContext } from '../test/harness';
import { admitsPartners, isAllowed, type RequestUser, type RouteAccess } from './access';
import type { RouteEntry } from './auth/guard';

/*
 * The permission matrix of spec §6 as a test, generated from the app's own route table
 * (`app.routeTable`, filled by the guard's onRoute hook): every /api route × every demo role and a
 * staff member holding no permission at all. A user the route's declared access refuses gets 403
 * before anything runs; nobody gets in without a token (401). The other direction (an allowed user
 * passes the guard) is checked on writes without running them: an unparseable body is refused
 * with 415 by the body parser, which runs only after the guard let the request through.
 */

let ctx: TestContext;
interface Actor { label: string; headers: Record<string, string>; user: RequestUser }
const actors: Actor[] = [];
const PROBE_TYPE = 'application/x-permission-probe';

beforeAll(async () => {
  ctx = await startTestApp({ customers: 3, declarations: 0 });
  // A back-office member (role 3) with no operation at all: reaches only what needs no permission.
  const [bare] = await ctx.database.db.insert(users).values({
    name: 'İcazəsiz', surname: 'İşçi', email: 'bare@example.az', admin: ROLE.backOffice, passwordHash: await hashPassword('bare12345x'),
  }).returning({ id: users.id });
  await grantPermissions(ctx.database.db, bare!.id, []);
  const logins: [string, string, string?][] = [
    ['admin', 'admin@example.az'], ['anbar', 'anbar@example.az'], ['ofis', 'ofis@example.az'],
    ['partner', 'partner@example.az'], ['bare', 'bare@example.az', 'bare12345x'],
  ];
  for (const [label, email, password] of logins) {
    const headers = bearer((await logInAs(ctx.app, email, password)).access_token);
    const me = (await ctx.app.inject({ url: '/api/client/user', headers })).json() as ClientUserReply;
    actors.push({
      label, headers,
      user: {
        id: me.data.id, name: '', surname: '', email, admin: me.data.admin as RoleCode, adminBranchId: null, deliveryPointId: null, companyId: null,
        cashboxId: null, permissions: new Set(me.permissions.map((p) => p.code_name)),
      },
    });
  }
}, 120_000);
afterAll(() => ctx.close());

/** Path params (`:id`, `:trackCode`) filled with 1. */
const urlOf = (route: RouteEntry) => route.url.replace(/:[A-Za-z_]+/g, '1');
const guarded = () => ctx.app.routeTable.filter((r): r is RouteEntry & { access: Exclude<RouteAccess, 'public'> } => r.access !== 'public');
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

describe('[PLATFORM][PERMISSION MATRIX] generated from the route table', () => {
  test('the table holds every /api route of the app, each with a declared access rule', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(200);
    for (const route of ctx.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    // Fastify answers the OpenAPI paths too: the table and the document agree on every route.
    expect(new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`)).size).toBe(ctx.app.routeTable.length);
  });

  test('without a token, or with a forged one, every non-public route answers 401', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      for (const headers of [{}, bearer('not.a.token')]) {
        const res = await ctx.app.inject({ method: route.method as 'GET', url: urlOf(route), headers });
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} ${JSON.stringify(headers)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('every role the declared access refuses gets 403 (admin, anbar, ofis, partner, a staff member without permissions)', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of guarded()) {
      for (const actor of actors) {
        if (isAllowed(actor.user, route.access)) continue;
        refused += 1;
        const res = await ctx.app.inject({
          method: route.method as 'GET', url: urlOf(route), headers: actor.headers,
          ...(hasBody(route.method) ? { payload: {} } : {}),
        });
        if (res.statusCode !== 403 || res.json().message !== az.errors.forbidden) {
          failures.push(`${actor.label} ${route.method} ${route.url} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The matrix is not vacuous: the full admin passes everything, the others are refused a lot.
    expect(refused).toBeGreaterThan(400);
  });

  test('every write the declared access allows passes the guard (stopped by the body parser, never run)', async () => {
    const failures: string[] = [];
    for (const route of guarded().filter((r) => hasBody(r.method))) {
      for (const actor of actors) {
        if (!isAllowed(actor.user, route.access)) continue;
        const res = await ctx.app.inject({
          method: route.method as 'POST', url: urlOf(route), payload: 'probe', headers: { ...actor.headers, 'content-type': PROBE_TYPE },
        });
        if (res.statusCode !== 415) failures.push(`${actor.label} ${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('the full admin (role 1) is allowed every route; a partner reaches only the routes reviewed for partners', () => {
    const admin = actors.find((a) => a.label === 'admin')!;
    expect(guarded().filter((r) => !isAllowed(admin.user, r.access))).toEqual([]);
    // Whatever codes it holds, a partner (code 4) passes only 'staff', a `{ roles }` rule naming 4
    // or a `{ permission, partner: true }` rule. Such a route serves a partner data of every company
    // unless it is scoped (issue 13 item 1), so each one is listed here on purpose: a new route
    // open to partners (or one wrongly left 'staff') fails this test until it is reviewed.
    const everyCode: RequestUser = { ...admin.user, admin: ROLE.partner, permissions: new Set(OPERATIONS.map((o) => o.code)) };
    const reachable = guarded().filter((r) => admitsPartners(r.access)).map((r) => `${r.method} ${r.url}`).sort();
    expect(reachable).toEqual([...PARTNER_ROUTES].sort());
    // …and the guard agrees: a partner holding every code passes exactly those.
    expect(guarded().filter((r) => isAllowed(everyCode, r.access)).map((r) => `${r.method} ${r.url}`).sort()).toEqual(reachable);
  });
});

/** Routes a branch partner can pass (reviewed: shared lookups, its own session and register, the partner box screens). */
const PARTNER_ROUTES = [
  'GET /api/client/user',
  'GET /api/client/settings',
  'GET /api/admin/states/getlistbymodelid',
  'GET /api/admin/tariff/category_list',
  // statistics/branches-partner (issue 19): the partner's own company only (statistics/pages/service.ts)
  'GET /api/admin/statistics/partner_by_declarations_count',
  // the statistics landing's parcels and charts/bystatus (issue 19): the partner's own company only (statistics/service.ts)
  'GET /api/admin/statistics/landing/parcels',
  'POST /api/admin/charts/bystatus',
  'GET /api/admin/branches',
  'GET /api/admin/return_reasons',
  'GET /api/admin/product-types/getlist',
  'GET /api/admin/shop_names',
  'GET /api/admin/companies',
  'GET /api/admin/countries',
  'GET /api/admin/models/getlist',
  'GET /api/admin/regions/getlist',
  'GET /api/client/currencies',
  'GET /api/client/cbar',
  'POST /api/admin/notification/count',
  'GET /api/admin/cashboxes/balance',
  'GET /api/branchpartner/declarations/info_by_track_code',
  'GET /api/branchpartner/containers',
  'GET /api/branchpartner/containers/info',
  'POST /api/branchpartner/containers/create',
  'POST /api/branchpartner/containers/edit',
  'POST /api/branchpartner/containers/cancel',
  'GET /api/branchpartner/containers/me',
  'POST /api/branchpartner/containers/select',
  'POST /api/branchpartner/containers/close',
  'GET /api/branchpartner/containers/lookup',
];
