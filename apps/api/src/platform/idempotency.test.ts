import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { az } from '@app/contract/texts/az';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readConfig } from '../config';
import { declarations } from '../db/schema/declarations';
import { balanceOperations, cashRegisterEntries } from '../db/schema/money';
import { users } from '../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, TEST_DB, type TestContext } from '../test/harness';
import { AppError } from './errors';
import { deleteExpiredIdempotencyKeys, hashRequest, registerIdempotency } from './idempotency';
import { createJobs } from './jobs';

/*
 * Issue 13 item 8: a write retried after a lost reply must not run twice. The same Idempotency-Key
 * (per user) with the same request answers the first reply; another request with it is a 422.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;
let customerId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 50 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  customerId = (await db().select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(1))[0]!.id;
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const count = async (table: typeof declarations | typeof balanceOperations | typeof cashRegisterEntries | typeof users) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const withKey = (as: Record<string, string>, key: string) => ({ ...as, 'idempotency-key': key });
const declarationForm = (fields: Record<string, string | number> = {}) => ({
  user_id: customerId, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 1, price: '10.00', shop_name: 'Amazon', type: 2, ...fields,
});
const createDeclaration = (as: Record<string, string>, fields?: Record<string, string | number>) =>
  postForm(ctx.app, '/api/admin/declaration/create', as, declarationForm(fields));

describe('[IDEMPOTENCY] a create retried with the same key', () => {
  test('declaration/create twice with one key: one declaration, the same answer, the second marked as replayed', async () => {
    const before = await count(declarations);
    const key = randomUUID();
    const first = await createDeclaration(withKey(admin, key), { price: '11.00' });
    const second = await createDeclaration(withKey(admin, key), { price: '11.00' });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(declarations)).toBe(before + 1);
  });

  test('the same key with another body → 422 on Idempotency-Key, nothing created', async () => {
    const key = randomUUID();
    expect((await createDeclaration(withKey(admin, key), { price: '12.00' })).statusCode).toBe(200);
    const before = await count(declarations);
    const other = await createDeclaration(withKey(admin, key), { price: '13.00' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: az.idempotency.keyReused, errors: { 'Idempotency-Key': [az.idempotency.keyReused] } });
    const otherPath = await postForm(ctx.app, '/api/admin/containers/create', withKey(admin, key), { container_name: 'IDEM-X', branch_id: 1 });
    expect(otherPath.statusCode).toBe(422);
    expect(await count(declarations)).toBe(before);
  });

  test('multipart with a file: the same bytes replay, other bytes under the same key are refused', async () => {
    const boundary = '----idem';
    const body = (bytes: string) => Buffer.concat([
      ...Object.entries(declarationForm({ price: '14.00' })).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from(`%PDF-1.4\n${bytes}\n%%EOF\n`), Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = (key: string, bytes: string) => ctx.app.inject({
      method: 'POST', url: '/api/admin/declaration/create', payload: body(bytes),
      headers: { ...withKey(admin, key), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const before = await count(declarations);
    const key = randomUUID();
    const first = await send(key, 'one');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(key, 'one');
    expect(again.body).toBe(first.body);
    expect((await send(key, 'two')).statusCode).toBe(422);
    expect(await count(declarations)).toBe(before + 1);
  });

  test('user, box and flight creates replay too (every write of a signed-in user)', async () => {
    const userKey = randomUUID();
    const userForm = { name: 'Nərmin', surname: 'Əliyeva', email: `idem-${randomUUID()}@mail.az`, password: 'gizli1234', password_confirmation: 'gizli1234', gender: 'female', branch_id: 1 };
    const usersBefore = await count(users);
    const u1 = await postForm(ctx.app, '/api/admin/client/create', withKey(admin, userKey), userForm);
    const u2 = await postForm(ctx.app, '/api/admin/client/create', withKey(admin, userKey), userForm);
    expect(u1.statusCode, u1.body).toBe(200);
    expect(u2.body).toBe(u1.body);
    expect(await count(users)).toBe(usersBefore + 1);

    const boxKey = randomUUID();
    const b1 = await postForm(ctx.app, '/api/admin/containers/create', withKey(admin, boxKey), { container_name: 'IDEM-1', branch_id: 1 });
    const b2 = await postForm(ctx.app, '/api/admin/containers/create', withKey(admin, boxKey), { container_name: 'IDEM-1', branch_id: 1 });
    expect(b1.statusCode, b1.body).toBe(200);
    expect(b2.body).toBe(b1.body);
    expect((await db().execute(sql`select count(*)::int as n from containers where name = 'IDEM-1'`)).rows[0]).toEqual({ n: 1 });

    const flightKey = randomUUID();
    const f1 = await postForm(ctx.app, '/api/admin/flights/create', withKey(admin, flightKey), { name: 'IDEM-F', state_id: 29, country_id: 1 });
    const f2 = await postForm(ctx.app, '/api/admin/flights/create', withKey(admin, flightKey), { name: 'IDEM-F', state_id: 29, country_id: 1 });
    expect(f1.statusCode, f1.body).toBe(200);
    expect(f2.body).toBe(f1.body);
    expect((await db().execute(sql`select count(*)::int as n from flights where name = 'IDEM-F'`)).rows[0]).toEqual({ n: 1 });
  });

  test('another user with the same key is independent; without a key a write runs as before', async () => {
    const before = await count(declarations);
    const key = randomUUID();
    const mine = await createDeclaration(withKey(admin, key), { price: '15.00' });
    const theirs = await createDeclaration(withKey(ofis, key), { price: '15.00' });
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    await createDeclaration(admin, { price: '15.00' });
    await createDeclaration(admin, { price: '15.00' });
    expect(await count(declarations)).toBe(before + 4);
  });

  test('a 422 answer is kept: the retry gets the same 422, replayed, and nothing is created', async () => {
    const before = await count(declarations);
    const key = randomUUID();
    const first = await createDeclaration(withKey(admin, key), { price: '-5' });
    expect(first.statusCode).toBe(422);
    const again = await createDeclaration(withKey(admin, key), { price: '-5' });
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(declarations)).toBe(before);
  });

  test('a malformed key → 422 on Idempotency-Key (empty, over 128, non-ASCII), nothing created; GET ignores the header', async () => {
    const before = await count(declarations);
    for (const key of ['x'.repeat(129), 'açar', 'a\tb']) {
      const res = await createDeclaration(withKey(admin, key));
      expect(res.statusCode, key).toBe(422);
      expect(res.json().errors).toEqual({ 'Idempotency-Key': [az.idempotency.invalidKey] });
    }
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/admin/declaration/create', payload: new URLSearchParams(Object.entries(declarationForm()).map(([k, v]) => [k, String(v)])).toString(), headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': '' } });
    expect(empty.statusCode).toBe(422);
    expect(await count(declarations)).toBe(before);
    const read = await ctx.app.inject({ url: '/api/admin/cashboxes/balance', headers: withKey(admin, 'x'.repeat(200)) });
    expect(read.statusCode).toBe(200);
  });

  test('two concurrent requests with one key → one execution; the other waits its turn (409) or gets the first answer', async () => {
    const before = await count(declarations);
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 6 }, () => createDeclaration(withKey(admin, key), { price: '16.00' })));
    const ok = replies.filter((r) => r.statusCode === 200);
    const busy = replies.filter((r) => r.statusCode === 409);
    expect(ok.length + busy.length).toBe(6);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    expect(ok.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    for (const r of busy) expect(r.json().message).toBe(az.idempotency.inProgress);
    expect(await count(declarations)).toBe(before + 1);
    const afterwards = await createDeclaration(withKey(admin, key), { price: '16.00' });
    expect(afterwards.body).toBe(ok[0]!.body);
  });
});

describe('[IDEMPOTENCY][MONEY] the handover payment retried', () => {
  async function parcelAt9(): Promise<number> {
    const [row] = await db().insert(declarations).values({
      trackCode: `AZ47${String(++seq).padStart(8, '0')}`, userId: customerId, countryId: 1, statusId: 9, branchId: 1, planCategoryId: 1,
      deliveryPrice: '5.00', weight: '1.00', price: '20.00', payed: false,
    }).returning({ id: declarations.id });
    return row!.id;
  }

  test('declaration/pay confirm=1 twice with one key: both 200 with the same answer, the money written once', async () => {
    const id = await parcelAt9();
    const [ops0, entries0] = [await count(balanceOperations), await count(cashRegisterEntries)];
    const key = randomUUID();
    const form = { declaration_id: id, confirm: 1, cash: '8.50', terminal: '0', use_balance: 0 };
    const first = await postForm(ctx.app, '/api/admin/declaration/pay', withKey(ofis, key), form);
    expect(first.statusCode, first.body).toBe(200);
    const [ops1, entries1] = [await count(balanceOperations), await count(cashRegisterEntries)];
    expect(ops1).toBeGreaterThan(ops0);
    expect(entries1).toBeGreaterThan(entries0);
    const second = await postForm(ctx.app, '/api/admin/declaration/pay', withKey(ofis, key), form);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect([await count(balanceOperations), await count(cashRegisterEntries)]).toEqual([ops1, entries1]);
  });

  test('parallel payments with one key: one executes, the money is written once', async () => {
    const id = await parcelAt9();
    const ops0 = await count(balanceOperations);
    const key = randomUUID();
    const form = { declaration_id: id, confirm: 1, cash: '8.50', terminal: '0', use_balance: 0 };
    const replies = await Promise.all(Array.from({ length: 4 }, () => postForm(ctx.app, '/api/admin/declaration/pay', withKey(ofis, key), form)));
    expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(replies.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await count(balanceOperations)).toBe(ops0 + 2); // the cash pair (income + expense), once
  });
});

describe('[IDEMPOTENCY] every write route takes the header (from the OpenAPI document)', () => {
  test('a malformed key is refused with 422 on Idempotency-Key by every non-GET route of a signed-in user', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase() as 'POST', path: path.replace(/\{[^}]+\}/g, '1') })))
      // Read-only POSTs (config.isReadOnly: a count, an export) take no key.
      .filter((w) => !['/api/admin/token', '/api/warehouse/logout', '/api/admin/notification/count', '/api/admin/changedUserExport'].includes(w.path));
    expect(writes.length).toBeGreaterThan(40);
    const before = await count(declarations);
    const answered: string[] = [];
    for (const w of writes) {
      const res = await ctx.app.inject({ method: w.method, url: w.path, headers: withKey(admin, 'ə'), payload: {} });
      if (res.statusCode !== 422 || !res.json().errors?.['Idempotency-Key']) answered.push(`${w.method} ${w.path} ${res.statusCode}`);
    }
    expect(answered).toEqual([]);
    expect(await count(declarations)).toBe(before);
  });
});

/*
 * The platform piece on its own: a small app on the same database, with routes that fail on demand,
 * stream, or answer binary, and a fixed signed-in user.
 */
describe('[IDEMPOTENCY][PLATFORM] failures, binary and streamed replies, expiry', () => {
  let mini: FastifyInstance;
  let runs = 0;
  let failNext = false;
  beforeAll(async () => {
    mini = Fastify();
    mini.decorate('db', ctx.database.db);
    mini.decorate('config', readConfig({ NODE_ENV: 'test' }));
    mini.decorate('jobs', createJobs(ctx.database.db));
    mini.decorateRequest('user', null);
    mini.addHook('onRequest', async (req) => {
      req.user = { id: Number(req.headers['x-user'] ?? 1) } as NonNullable<typeof req.user>;
    });
    mini.setErrorHandler((error, _req, reply) => {
      if (error instanceof AppError) return reply.status(error.statusCode).send(error.toReply());
      return reply.status(500).send({ message: az.errors.internal });
    });
    registerIdempotency(mini);
    mini.post('/api/run', async () => {
      runs += 1;
      if (failNext) {
        failNext = false;
        throw new Error('database went away');
      }
      return { run: runs };
    });
    mini.post('/api/pdf', async (_req, reply) => {
      runs += 1;
      return reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="a.pdf"').send(Buffer.from([0x25, 0x50, 0x44, 0x46, runs]));
    });
    mini.post('/api/stream', async (_req, reply) => {
      runs += 1;
      return reply.header('content-type', 'text/csv').send(Readable.from([`run,${runs}\n`]));
    });
    await mini.ready();
  });
  afterAll(() => mini?.close());
  const call = (url: string, key: string, body: unknown = { a: 1 }) =>
    mini.inject({ method: 'POST', url, payload: body as object, headers: { 'idempotency-key': key } });

  test('a thrown error (500) releases the key: the retry runs and its answer is kept', async () => {
    const key = randomUUID();
    failNext = true;
    const start = runs;
    const failed = await call('/api/run', key);
    expect(failed.statusCode).toBe(500);
    const retried = await call('/api/run', key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await call('/api/run', key);
    expect(replayed.body).toBe(retried.body);
    expect(runs).toBe(start + 2);
  });

  test('a small binary reply is replayed byte for byte with its type; a streamed reply is not kept (the retry runs)', async () => {
    const key = randomUUID();
    const first = await call('/api/pdf', key);
    const again = await call('/api/pdf', key);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(again.headers['content-disposition']).toBe('inline; filename="a.pdf"');

    const streamKey = randomUUID();
    const s1 = await call('/api/stream', streamKey);
    const s2 = await call('/api/stream', streamKey);
    expect(s1.body).not.toBe(s2.body);
    expect(s2.headers['idempotent-replayed']).toBeUndefined();
  });

  test('keys expire after 24 hours: an old key runs again and the cleanup removes old rows', async () => {
    const key = randomUUID();
    const first = await call('/api/run', key, { b: 1 });
    await db().execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`);
    const later = await call('/api/run', key, { b: 2 });
    expect(later.statusCode).toBe(200);
    expect(later.body).not.toBe(first.body);
    await db().execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`);
    expect(await deleteExpiredIdempotencyKeys(db())).toBeGreaterThanOrEqual(1);
    expect((await db().execute(sql`select 1 from idempotency_keys where key = ${key}`)).rows).toHaveLength(0);
  });

  test('a claim left running by a crashed request is taken over after 15 minutes, not before', async () => {
    const key = randomUUID();
    await db().execute(sql`insert into idempotency_keys (user_id, key, request_hash, method, path) values (1, ${key}, ${hashRequest('POST', '/api/run', { a: 1 })}, 'POST', '/api/run')`);
    expect((await call('/api/run', key)).statusCode).toBe(409);
    await db().execute(sql`update idempotency_keys set created_at = now() - interval '16 minutes' where key = ${key}`);
    expect((await call('/api/run', key)).statusCode).toBe(200);
  });

  test(`the store is per user (${TEST_DB})`, async () => {
    const key = randomUUID();
    const a = await mini.inject({ method: 'POST', url: '/api/run', payload: { c: 1 }, headers: { 'idempotency-key': key, 'x-user': '1' } });
    const b = await mini.inject({ method: 'POST', url: '/api/run', payload: { c: 1 }, headers: { 'idempotency-key': key, 'x-user': '2' } });
    expect(a.body).not.toBe(b.body);
  });
});
