import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES, type DeclarationDetail } from '@app/contract/declarations';
import { MODEL } from '@app/contract/models';
import { az } from '@app/contract/texts/az';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../../db/schema/declarations';
import { auditLog, statusHistory } from '../../../db/schema/platform';
import { tariffs } from '../../../db/schema/settings';
import { users } from '../../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let dataDir: string;
let admin: Record<string, string>; // role 1: every permission
let ofis: Record<string, string>; // back office: declaration_cancel, changedeliveryprice; not changeweightdeclaration
let anbar: Record<string, string>; // warehouseman: changeweightdeclaration; not changedeliveryprice, not declaration_cancel
let customerId: number;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'decl-form-'));
  ctx = await startTestApp({ declarations: 200, env: { DATA_DIR: dataDir } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  customerId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 0)).orderBy(users.id).limit(1))[0]!.id;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, headers: Record<string, string>, fields: Record<string, string | number> = {}) =>
  postForm(ctx.app, url, headers, fields);
function multipart(url: string, headers: Record<string, string>, fields: Record<string, string | number>, file?: { name: string; data: Buffer }) {
  const boundary = '----decl';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({ method: 'POST', url, payload: Buffer.concat(parts), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
const base = () => ({ user_id: customerId, country_id: 1, branch_id: 1, product_type_id: 1, quantity: 2, price: '120.50', shop_name: 'Trendyol', type: 2 });
const countDeclarations = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(declarations))[0]!.n;
const info = async (id: number, as = admin) => (await ctx.app.inject({ url: `/api/admin/declaration/info?declaration_id=${id}`, headers: as })).json().data as DeclarationDetail;
async function create(fields: Record<string, string | number> = {}, as = admin) {
  const res = await post('/api/admin/declaration/create', as, { ...base(), ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DeclarationDetail;
}

describe('[DECLARATIONS][CREATE] the new declaration', () => {
  test('takes status 7 and measure 1, writes status history and an audit entry, prices from the tariffs', async () => {
    const d = await create({ weight: '0.6' });
    expect(d).toMatchObject({ state_id: 7, measure_id: 1, is_special: false, delivery_price: '4.50', weight: '0.60', quantity: 2, shop_name: 'Trendyol' });
    expect(d.track_code).toMatch(/^AZ\d+$/);
    expect(d.tariff_category_id).toBe(1);
    const history = await ctx.database.db.select().from(statusHistory).where(and(eq(statusHistory.modelId, MODEL.declarations), eq(statusHistory.objectId, d.id)));
    expect(history).toMatchObject([{ fromStateId: null, stateId: 7 }]);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'declaration.create'), eq(auditLog.entityId, String(d.id))));
    expect(audit).toBeDefined();
  });

  test('a state_id on the form is ignored: still 7', async () => {
    expect((await create({ state_id: 10 })).state_id).toBe(7);
  });

  test('liquid (type 1) uses the liquid band; a band from above 1 kg is per kg; is_special exactly when the tariff is above 1', async () => {
    expect((await create({ weight: '0.6', type: 1 })).delivery_price).toBe('6.00');
    await ctx.database.db.insert(tariffs).values({ countryId: 1, weightFrom: '2', weightTo: null, price: '3.00', type: 2, categoryId: 2 });
    const special = await create({ weight: '2.5', tariff_category_id: 2 });
    expect(special).toMatchObject({ is_special: true, delivery_price: '7.50', tariff_category_id: 2 });
    const standard = await create({ weight: '2.5', tariff_category_id: 1, is_special: 1 });
    expect(standard).toMatchObject({ is_special: false, delivery_price: '5.00' });
  });

  test('only changedeliveryprice sets the delivery price or a special tariff; refused with nothing saved', async () => {
    const before = await countDeclarations();
    const price = await post('/api/admin/declaration/create', anbar, { ...base(), delivery_price: '1.00' });
    expect(price.statusCode).toBe(403);
    expect(price.json().message).toBe(az.declarations.deliveryPriceForbidden);
    const tariff = await post('/api/admin/declaration/create', anbar, { ...base(), tariff_category_id: 2 });
    expect(tariff.statusCode).toBe(403);
    expect(await countDeclarations()).toBe(before);
    expect((await create({ delivery_price: '9.99' }, ofis)).delivery_price).toBe('9.99');
  });

  test('only changeweightdeclaration enters a weight; refused with nothing saved', async () => {
    const before = await countDeclarations();
    const res = await post('/api/admin/declaration/create', ofis, { ...base(), weight: '1.2' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(az.declarations.weightForbidden);
    expect(await countDeclarations()).toBe(before);
    expect((await create({ weight: '1.2' }, anbar)).weight).toBe('1.20');
  });

  test('bad input: missing fields, wrong types, unknown ids, a taken global track code → 422 on the fields, nothing saved', async () => {
    const before = await countDeclarations();
    const missing = await post('/api/admin/declaration/create', admin, { country_id: 1 });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['user_id', 'branch_id', 'product_type_id', 'quantity', 'price']));
    const types = await post('/api/admin/declaration/create', admin, { ...base(), quantity: 'iki', country_id: 7, weight: 'x' });
    expect(types.statusCode).toBe(422);
    expect(Object.keys(types.json().errors)).toEqual(expect.arrayContaining(['quantity', 'country_id', 'weight']));
    const unknown = await post('/api/admin/declaration/create', admin, { ...base(), user_id: 99999999, product_type_id: 99999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ user_id: [az.declarations.invalidReference], product_type_id: [az.declarations.invalidReference] });
    const negative = await post('/api/admin/declaration/create', admin, { ...base(), price: '-5' });
    expect(negative.statusCode).toBe(422);
    await create({ global_track_code: 'TYUNIQUE0001' });
    const taken = await post('/api/admin/declaration/create', admin, { ...base(), global_track_code: 'TYUNIQUE0001' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.global_track_code).toEqual([az.declarations.globalTrackCodeTaken]);
    expect(await countDeclarations()).toBe(before + 1);
  });
});

describe('[DECLARATIONS][DOCUMENT] the uploaded document', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  test('a PDF is stored and served back with its type', async () => {
    const res = await multipart('/api/admin/declaration/create', admin, base(), { name: 'invoice.pdf', data: pdf });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as DeclarationDetail;
    expect(d.document_file).toBe(`/api/admin/declaration/document?declaration_id=${d.id}`);
    const file = await ctx.app.inject({ url: d.document_file!, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  test('a file that is not a PDF, JPEG or PNG by content (whatever its name) or is over 10 MB → 422 document_file, nothing saved', async () => {
    const before = await countDeclarations();
    const text = await multipart('/api/admin/declaration/create', admin, base(), { name: 'fake.pdf', data: Buffer.from('hello, not a pdf') });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ document_file: [az.declarations.documentWrongType] });
    const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const large = await multipart('/api/admin/declaration/create', admin, base(), { name: 'big.png', data: big });
    expect(large.statusCode).toBe(422);
    expect(large.json().errors).toEqual({ document_file: [az.declarations.documentTooLarge] });
    const json = await ctx.app.inject({ method: 'POST', url: '/api/admin/declaration/create', payload: { ...base(), document_file: 'JVBERi0=' }, headers: admin });
    expect(json.statusCode).toBe(422);
    expect(await countDeclarations()).toBe(before);
  });
});

describe('[DECLARATIONS][EDIT] changing a declaration', () => {
  test('weight needs changeweightdeclaration; the price is recomputed; an unchanged weight passes', async () => {
    const d = await create({ weight: '0.2' });
    expect(d.delivery_price).toBe('2.50');
    const refused = await post('/api/admin/declaration/edit', ofis, { declaration_id: d.id, weight: '0.9' });
    expect(refused.statusCode).toBe(403);
    expect((await info(d.id)).weight).toBe('0.20');
    const same = await post('/api/admin/declaration/edit', ofis, { declaration_id: d.id, weight: '0.20', descr: 'Qeyd' });
    expect(same.statusCode, same.body).toBe(200);
    const ok = await post('/api/admin/declaration/edit', anbar, { declaration_id: d.id, weight: '0.9' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ weight: '0.90', delivery_price: '5.50', descr: 'Qeyd', state_id: 7 });
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'declaration.edit'), eq(auditLog.entityId, String(d.id)), sql`${auditLog.changes} ? 'weight'`));
    expect(audit!.changes).toMatchObject({ weight: { from: '0.20', to: '0.9' } });
  });

  test('delivery price and tariff need changedeliveryprice; refused with nothing changed', async () => {
    const d = await create({ weight: '0.2' });
    const price = await post('/api/admin/declaration/edit', anbar, { declaration_id: d.id, delivery_price: '1.00' });
    expect(price.statusCode).toBe(403);
    const tariff = await post('/api/admin/declaration/edit', anbar, { declaration_id: d.id, tariff_category_id: 2 });
    expect(tariff.statusCode).toBe(403);
    expect(await info(d.id)).toMatchObject({ delivery_price: '2.50', is_special: false });
    const ok = await post('/api/admin/declaration/edit', ofis, { declaration_id: d.id, tariff_category_id: 2, delivery_price: '3.33' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ delivery_price: '3.33', is_special: true });
  });

  test('a handed-over (10) declaration is not editable: 400, nothing changed', async () => {
    const [handedOver] = await ctx.database.db.select().from(declarations).where(and(eq(declarations.statusId, 10), sql`${declarations.deletedAt} is null`)).limit(1);
    const res = await post('/api/admin/declaration/edit', admin, { declaration_id: handedOver!.id, quantity: handedOver!.quantity + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(az.declarations.notEditable);
    expect((await info(handedOver!.id)).quantity).toBe(handedOver!.quantity);
  });

  test('an unknown declaration → 404; a bad value → 422, nothing changed', async () => {
    expect((await post('/api/admin/declaration/edit', admin, { declaration_id: 99999999, quantity: 3 })).statusCode).toBe(404);
    const d = await create();
    const bad = await post('/api/admin/declaration/edit', admin, { declaration_id: d.id, quantity: 'çox', branch_id: 99999 });
    expect(bad.statusCode).toBe(422);
    expect((await info(d.id)).quantity).toBe(2);
  });
});
