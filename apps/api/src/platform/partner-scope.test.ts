import { ROLE } from '@app/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, grantPermissions } from '../db/seed/demo-seed';
import { users } from '../db/schema/users';
import { bearer, logInAs, startTestApp, type TestContext } from '../test/harness';
import { isAllowed, type RequestUser } from './access';
import { hashPassword } from './auth/password';

/*
 * Issue 13 item 1: a branch partner works only inside its own company. Two partner companies: A is
 * the demo partner (company 2, branch 5, partner@example.az), B is made here (its own branch, user,
 * boxes and parcels). Every route partner A's role can pass is probed with B's ids, generated from
 * the app's route table: the answer must be the one a missing id gets, never name B's rows, and B's
 * data must stay as it was.
 */

let ctx: TestContext;
let partnerA: Record<string, string>;
let admin: Record<string, string>;
const A = { company: 2, branch: 5, boxes: [] as number[], parcels: [] as { id: number; track: string }[] };
const B = { company: 0, branch: 0, user: 0, boxes: [] as number[], parcels: [] as { id: number; track: string }[] };
let officeParcel: { id: number; track: string };
/** Names only B's rows carry: any answer to partner A that contains one leaks B's data. */
const B_MARKERS = ['Bravo Kargo MMC', 'Bravo filialı', 'BRAVO-BOX'];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await ctx.database.db.execute(query)).rows as T[];
}

// B's ids are large and explicit so that the probe below can tell them apart from any other number in an answer.
let nextParcelId = 880_201;
async function insertParcel(track: string, values: { status: number; branch: number; partner: number | null; container?: number | null }) {
  const [row] = await rows<{ id: number }>(sql`
    insert into declarations (id, track_code, country_id, status_id, branch_id, partner_id, container_id, weight, price, delivery_price)
    values (${nextParcelId++}, ${track}, 1, ${values.status}, ${values.branch}, ${values.partner}, ${values.container ?? null}, 1.2, 20, 5)
    returning id`);
  return { id: row!.id, track };
}

beforeAll(async () => {
  ctx = await startTestApp({ customers: 10, declarations: 40 });
  const db = ctx.database.db;
  const [company] = await rows<{ id: number }>(sql`insert into companies (id, name) values (880101, 'Bravo Kargo MMC') returning id`);
  B.company = company!.id;
  const [branch] = await rows<{ id: number }>(sql`insert into branches (id, name, company_id) values (880111, 'Bravo filialı', ${B.company}) returning id`);
  B.branch = branch!.id;
  const [user] = await db.insert(users).values({
    id: 880_121, email: 'partner-b@example.az', name: 'Bravo', surname: 'Partnyor', admin: ROLE.partner, adminBranchId: B.branch,
    branchId: B.branch, companyId: B.company, passwordHash: await hashPassword(DEMO_PASSWORD),
  }).returning({ id: users.id });
  B.user = user!.id;
  await grantPermissions(db, B.user, ['branch_manager']);
  for (const n of [1, 2]) {
    const [box] = await rows<{ id: number }>(sql`
      insert into containers (id, name, branch_id, user_id, is_partner, company_id) values (${880_130 + n}, ${`BRAVO-BOX-${n}`}, ${B.branch}, ${B.user}, true, ${B.company}) returning id`);
    B.boxes.push(box!.id);
  }
  B.parcels.push(await insertParcel('AZ3900000001', { status: 8, branch: B.branch, partner: B.company }));
  B.parcels.push(await insertParcel('AZ3900000002', { status: 9, branch: B.branch, partner: B.company, container: B.boxes[0] }));
  A.boxes = (await rows<{ id: number }>(sql`select id from containers where company_id = ${A.company} and is_partner order by id`)).map((r) => r.id);
  A.parcels.push(await insertParcel('AZ3800000001', { status: 8, branch: A.branch, partner: A.company }));
  officeParcel = await insertParcel('AZ3700000001', { status: 7, branch: 1, partner: null });
  partnerA = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
});
afterAll(() => ctx.close());

function get(url: string, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url, headers });
}
function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, headers, payload });
}

/** B's boxes and parcels and the office parcel, as stored: what partner A must never change. */
async function snapshotForeignRows() {
  const boxes = await rows(sql`select * from containers where company_id = ${B.company} order by id`);
  const ids = [...B.parcels.map((p) => p.id), officeParcel.id];
  const parcels = await rows(sql`
    select id, status_id, branch_id, container_id, partner_id, deleted_at from declarations
    where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`);
  const history = await rows(sql`select count(*)::int as n from status_history where model_id = 2 and object_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return JSON.stringify({ boxes, parcels, history });
}

type BoxRow = { id: number; name: string; branch_id: number | null; company_id: number | null; deleted_at: string | null };
type ParcelRow = { id: number; status_id: number; branch_id: number | null; container_id: number | null; partner_id: number | null; deleted_at: string | null };

async function readForeignRows() {
  const ids = [...B.parcels.map((p) => p.id), officeParcel.id];
  return {
    boxes: await rows<BoxRow>(sql`select id, name, branch_id, company_id, deleted_at::text from containers where id in (${sql.join(B.boxes.map((id) => sql`${id}`), sql`, `)})`),
    parcels: await rows<ParcelRow>(sql`select id, status_id, branch_id, container_id, partner_id, deleted_at::text from declarations where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  };
}

async function restoreForeignRows(stored: Awaited<ReturnType<typeof readForeignRows>>) {
  for (const b of stored.boxes) {
    await rows(sql`update containers set name = ${b.name}, branch_id = ${b.branch_id}, company_id = ${b.company_id}, deleted_at = ${b.deleted_at}::timestamptz where id = ${b.id}`);
  }
  for (const p of stored.parcels) {
    await rows(sql`update declarations set status_id = ${p.status_id}, branch_id = ${p.branch_id}, container_id = ${p.container_id}, partner_id = ${p.partner_id}, deleted_at = ${p.deleted_at}::timestamptz where id = ${p.id}`);
  }
}

// ---------------------------------------------------------------- the concrete attacks of the issue

describe('[PARTNER SCOPE] the attacks of issue 13', () => {
  test("partner A does not see company B's boxes in its list, nor by id", async () => {
    const list = await get('/api/branchpartner/containers?per_page=500', partnerA);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(A.boxes));
    for (const id of B.boxes) expect(ids).not.toContain(id);
    const info = await get(`/api/branchpartner/containers/info?container_id=${B.boxes[0]}`, partnerA);
    expect(info.statusCode).toBe(404);
    expect(info.json().message).toBe('Məlumat tapılmadı');
    // nor can it choose B's box on its acceptance screen (the answer a missing box gets)
    const select = await ctx.app.inject({ method: 'POST', url: `/api/branchpartner/containers/select?container_id=${B.boxes[0]}`, headers: partnerA });
    expect(select.statusCode).toBe(422);
    expect(select.json().errors.container_id).toEqual(['Yeşik tapılmadı']);
    // the admin still sees every company's partner boxes
    const all = (await get('/api/branchpartner/containers?per_page=500', admin)).json().data.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([...A.boxes, ...B.boxes]));
  });

  test("partner A cannot rename or delete company B's box (404, B's box unchanged)", async () => {
    const before = await snapshotForeignRows();
    const rename = await post('/api/branchpartner/containers/edit', partnerA, { container_id: B.boxes[0], container_name: 'hijacked', branch_id: A.branch });
    expect(rename.statusCode).toBe(404);
    const remove = await ctx.app.inject({ method: 'POST', url: `/api/branchpartner/containers/cancel?container_id=${B.boxes[1]}`, headers: partnerA });
    expect(remove.statusCode).toBe(404);
    expect(await snapshotForeignRows()).toBe(before);
  });

  test('partner A cannot move its own box to an office branch, nor create one there', async () => {
    const box = A.boxes[0]!;
    const move = await post('/api/branchpartner/containers/edit', partnerA, { container_id: box, container_name: 'P-5-1', branch_id: 1 });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors.branch_id).toBeDefined();
    const toB = await post('/api/branchpartner/containers/edit', partnerA, { container_id: box, container_name: 'P-5-1', branch_id: B.branch });
    expect(toB.statusCode).toBe(422);
    const [row] = await rows<{ branch_id: number }>(sql`select branch_id from containers where id = ${box}`);
    expect(row!.branch_id).toBe(A.branch);
    const create = await post('/api/branchpartner/containers/create', partnerA, { container_name: 'P-office', branch_id: 1 });
    expect(create.statusCode).toBe(422);
    // its own branch is fine
    const ok = await post('/api/branchpartner/containers/create', partnerA, { container_name: 'P-5-new', branch_id: A.branch });
    expect(ok.statusCode).toBe(200);
  });

  test('partner A cannot scan an office parcel (status 7, branch 1) or a B parcel into its box', async () => {
    const before = await snapshotForeignRows();
    for (const track of [officeParcel.track, B.parcels[0]!.track]) {
      const res = await post('/api/branchpartner/containers/close', partnerA, { track_code: [track], container_id: A.boxes[0] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['track_code.0']).toEqual([`${track}: Bu izləmə kodu ilə bağlama tapılmadı`]);
    }
    // nor into B's box, even its own parcel
    const intoB = await post('/api/branchpartner/containers/close', partnerA, { track_code: [A.parcels[0]!.track], container_id: B.boxes[0] });
    expect(intoB.statusCode).toBe(422);
    expect(await snapshotForeignRows()).toBe(before);
    const [office] = await rows<{ status_id: number; branch_id: number }>(sql`select status_id, branch_id from declarations where id = ${officeParcel.id}`);
    expect(office).toEqual({ status_id: 7, branch_id: 1 });
  });

  test('partner A scans its own parcel into its own box (status 9 at its branch)', async () => {
    const res = await post('/api/branchpartner/containers/close', partnerA, { track_code: [A.parcels[0]!.track], container_id: A.boxes[0] });
    expect(res.statusCode).toBe(200);
    const [row] = await rows<{ status_id: number; branch_id: number; container_id: number }>(sql`select status_id, branch_id, container_id from declarations where id = ${A.parcels[0]!.id}`);
    expect(row).toEqual({ status_id: 9, branch_id: A.branch, container_id: A.boxes[0] });
  });

  test("partner A's track-code lookups do not find a foreign parcel's branch, flight, status or box", async () => {
    for (const track of [officeParcel.track, B.parcels[1]!.track]) {
      const lookup = await get(`/api/branchpartner/containers/lookup?track_code=${track}`, partnerA);
      expect(lookup.statusCode).toBe(404);
      expect(lookup.body).not.toContain('BRAVO-BOX');
      const info = await get(`/api/branchpartner/declarations/info_by_track_code?track_code=${track}`, partnerA);
      expect(info.statusCode).toBe(404);
    }
    expect((await get(`/api/branchpartner/containers/lookup?track_code=${A.parcels[0]!.track}`, partnerA)).statusCode).toBe(200);
    expect((await get(`/api/branchpartner/declarations/info_by_track_code?track_code=${A.parcels[0]!.track}`, partnerA)).statusCode).toBe(200);
  });

  test('a partner granted office permission codes still reaches only partner routes', async () => {
    const [row] = await rows<{ id: number }>(sql`select id from users where email = 'partner@example.az'`);
    await grantPermissions(ctx.database.db, row!.id, ['branch_manager', 'containers', 'partner_declarations', 'container_transfers_logs', 'stat']);
    try {
      expect((await get('/api/admin/containers', partnerA)).statusCode).toBe(403);
      expect((await get('/api/admin/declaration/partner_declarations', partnerA)).statusCode).toBe(403);
      expect((await get(`/api/admin/containers/containers-transfers?branch_id=${B.branch}`, partnerA)).statusCode).toBe(403);
      expect((await get('/api/branchpartner/containers', partnerA)).statusCode).toBe(200);
    } finally {
      await grantPermissions(ctx.database.db, row!.id, ['branch_manager']);
    }
  });
});

// ---------------------------------------------------------------- every partner-reachable route

/** Values a request may carry, as B's (foreign) ids and as ids that exist nowhere. */
function probeValues(kind: 'foreign' | 'missing') {
  const isForeign = kind === 'foreign';
  const box = isForeign ? B.boxes[0]! : 9_999_901;
  const parcel = isForeign ? B.parcels[1]! : { id: 9_999_902, track: 'AZ3999999999' };
  const branch = isForeign ? B.branch : 9_999_903;
  return {
    id: box, container_id: box, requires_declaration_container_id: box, declaration_id: parcel.id,
    track_code: parcel.track, branch_id: branch, company_id: isForeign ? B.company : 9_999_904,
    user_id: B.user, container_name: 'probe', name: 'probe',
    // reference data every user reads alike: the same value in both probes
    model_id: 2, country_id: 1, state_id: 85, parent_id: 1, customs_id: '6100',
  };
}

const SHARED_FIELDS = new Set(['model_id', 'country_id', 'state_id', 'parent_id', 'customs_id', 'container_name', 'name', 'user_id']);

function normalise(body: string, values: ReturnType<typeof probeValues>): string {
  let out = body;
  for (const [key, value] of Object.entries(values)) {
    if (SHARED_FIELDS.has(key)) continue;
    out = out.replace(new RegExp(`(?<![\\w.-])${String(value)}(?![\\w.-])`, 'g'), `<${key}>`);
  }
  return out;
}

interface OpenApiOperation {
  parameters?: { name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

function fieldsOf(operation: OpenApiOperation | undefined): string[] {
  if (!operation) return [];
  const body = Object.values(operation.requestBody?.content ?? {}).flatMap((c) => Object.keys(c.schema?.properties ?? {}));
  return [...(operation.parameters ?? []).map((p) => p.name), ...body];
}

async function probe(method: string, url: string, values: ReturnType<typeof probeValues>) {
  const path = url.replace(/:(\w+)/g, (_, name: string) => String((values as Record<string, unknown>)[name] ?? 1));
  const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  const body = method === 'GET' ? undefined : { ...values, track_code: [values.track_code] };
  const res = await ctx.app.inject({ method: method as 'GET', url: `${path}?${query}`, headers: partnerA, ...(body ? { payload: body } : {}) });
  return { status: res.statusCode, body: normalise(res.body, values), raw: res.body };
}

test('[PARTNER SCOPE] every route partner A can pass answers B\'s ids as if they did not exist, and changes nothing of B', async () => {
  const partnerUser: RequestUser = {
    id: 0, name: '', surname: '', email: '', admin: ROLE.partner, adminBranchId: A.branch, deliveryPointId: null,
    companyId: A.company, cashboxId: null, permissions: new Set(['branch_manager']),
  };
  const reachable = ctx.app.routeTable.filter((r) => r.access !== 'public' && isAllowed(partnerUser, r.access));
  // the partner box screens, acceptance and the track-code lookup at least
  expect(reachable.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([
    'GET /api/branchpartner/containers', 'POST /api/branchpartner/containers/edit', 'POST /api/branchpartner/containers/close',
    'GET /api/branchpartner/containers/lookup', 'GET /api/branchpartner/declarations/info_by_track_code',
  ]));
  // Every id-like field a reachable route takes must be probed: a new field needs a value in probeValues.
  const doc = (await get('/api/docs/json', admin)).json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const probed = new Set(Object.keys(probeValues('foreign')));
  const before = await snapshotForeignRows();
  const stored = await readForeignRows();
  let baseline = before;
  const failures: string[] = [];
  for (const route of reachable) {
    const name = `${route.method} ${route.url}`;
    const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    for (const field of fieldsOf(operation)) {
      if (/(^id$|_id$|_ids$|^ids$|track_code)/.test(field) && !probed.has(field)) failures.push(`${name}: takes ${field}, which the probe does not fill`);
    }
    const foreign = await probe(route.method, route.url, probeValues('foreign'));
    const missing = await probe(route.method, route.url, probeValues('missing'));
    if (foreign.status >= 500) failures.push(`${name}: ${foreign.status}`);
    // a list read without any filter must not hold B's rows either
    const plain = route.method === 'GET' && !route.url.includes(':') ? (await get(route.url, partnerA)).body : '';
    const leaked = B_MARKERS.filter((m) => foreign.raw.includes(m) || missing.raw.includes(m) || plain.includes(m));
    if (leaked.length) failures.push(`${name}: answers B's ${leaked.join(', ')}`);
    if (foreign.status !== missing.status || foreign.body !== missing.body) {
      failures.push(`${name}: B's ids ${foreign.status} ${foreign.body.slice(0, 160)} ≠ missing ids ${missing.status} ${missing.body.slice(0, 160)}`);
    }
    // a route that changed B's rows is reported, and B is put back so it cannot hide the next route's fault
    if (await snapshotForeignRows() !== baseline) {
      failures.push(`${name}: changed B's rows`);
      await restoreForeignRows(stored);
      baseline = await snapshotForeignRows();
    }
  }
  expect(failures).toEqual([]);
  expect(await snapshotForeignRows()).toBe(before);
});
