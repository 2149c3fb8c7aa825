import { azOrdersCore as t } from '@app/contract/texts/az-orders';
import { az } from '@app/contract/texts/az';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { orderDebts, orders } from '../../db/schema/orders';
import { statusHistory } from '../../db/schema/platform';
import { countries, settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../test/harness';
import { findLedgerViolations } from '../money/service';

/*
 * Orders core (issue 18): the list with every filter and sort, the form's field errors and rules,
 * info/getstates, delete, read flag, declaration links, counters, exports, counts and statistics.
 * Each test works on orders it creates, told apart by a shop name of its own.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let warehouseman: Record<string, string>;
let adminId: number;
let customers: { id: number; code: string; name: string; surname: string }[];

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 30 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  warehouseman = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  adminId = (await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.az')))[0]!.id;
  customers = (await db().select({ id: users.id, code: users.code, name: users.name, surname: users.surname }).from(users)
    .where(eq(users.admin, 0)).orderBy(users.id).limit(6)).map((r) => ({ ...r, code: r.code! }));
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers = admin) => ctx.app.inject({ method: 'POST', url, headers });
const form = (over: Record<string, string | number> = {}): Record<string, string | number> => ({
  user_id: customers[0]!.id, country_id: 1, url: 'https://shop.example/x/p-1', shop_name: 'Trendyol', product_type_id: '',
  color: 'Qara', size: 'M', quantity: 2, price: '100.50', cargo_price: '20', urgent: '0', descr: 'test', ...over,
});
interface Row { id: number; state_id: number; price: string; cargo_price: string; quantity: number; user_id: number; payed: number; currency: string; is_new: number; created_at: string; executive_id: number | null; track_code_declaration: string | null; declaration_id: number | null }
const create = async (over: Record<string, string | number> = {}) => {
  const res = await postForm(ctx.app, '/api/admin/orders/create', admin, form(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row;
};
const list = async (query: string) => {
  const res = await get(`/api/admin/v2/orders/getlist?${query.includes('per_page=') ? '' : 'per_page=100&'}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; total: number };
};
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** RFC 4180 reader (quotes, doubled quotes, CRLF) for checking the CSV export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; } else if (c !== '\r') field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

describe('[ORDERS][FORM] create and edit', () => {
  test('a created order: status and service percent from settings others, TRY for country 1, USD for 2, executor = creator, history row', async () => {
    const a = await create({ shop_name: 'form-create' });
    expect(a).toMatchObject({ state_id: 5, currency: 'TRY', price: '100.50', cargo_price: '20.00', quantity: 2, payed: 0, is_new: 1, executive_id: adminId });
    const b = await create({ shop_name: 'form-create', country_id: 2 });
    expect(b.currency).toBe('USD');
    const [stored] = await db().select().from(orders).where(eq(orders.id, a.id));
    expect(stored!.servicePercent).toBe('5.00');
    const states = (await get(`/api/admin/orders/getstates?order_id=${a.id}`)).json().data;
    expect(states).toEqual([expect.objectContaining({ state_id: 5, state_name: 'Gözləmədə', user_id: adminId, current: 1 })]);
  });

  test('settings others.orderPercent and orderStatus are what a new order takes', async () => {
    await db().update(settings).set({ value: '7.5' }).where(and(eq(settings.groupId, 'others'), eq(settings.key, 'orderPercent')));
    await db().insert(settings).values({ groupId: 'others', key: 'orderStatus', value: 7 })
      .onConflictDoUpdate({ target: [settings.groupId, settings.key], set: { value: 7 } });
    try {
      // the form reads the percent through the orders permission alone (the back office has no settings permission)
      const ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
      const percent = await ctx.app.inject({ url: '/api/admin/orders/service_percent', headers: ofis });
      expect(percent.statusCode, percent.body).toBe(200);
      expect(percent.json().data.order_percent).toBe('7.50');
      expect((await ctx.app.inject({ url: '/api/admin/orders/service_percent', headers: warehouseman })).statusCode).toBe(403);
      const o = await create({ shop_name: 'form-settings' });
      expect(o.state_id).toBe(7);
      expect((await db().select().from(orders).where(eq(orders.id, o.id)))[0]!.servicePercent).toBe('7.50');
      const info = (await get(`/api/admin/orders/info?order_id=${o.id}`)).json().data;
      // (100.50 × 2 + 20) × 1.075 = 237.575 → 237.58 (half up)
      expect(info.amount_due).toBe('237.58');
    } finally {
      await db().update(settings).set({ value: '5' }).where(and(eq(settings.groupId, 'others'), eq(settings.key, 'orderPercent')));
      await db().update(settings).set({ value: 5 }).where(and(eq(settings.groupId, 'others'), eq(settings.key, 'orderStatus')));
    }
  });

  test('field errors on the wire names, in Azerbaijani', async () => {
    const res = await postForm(ctx.app, '/api/admin/orders/create', admin, {
      user_id: '', country_id: 'x', url: 'ftp://shop/1', quantity: 0, price: '1.234', cargo_price: '-1', descr: 'a'.repeat(2001),
      color: 'c'.repeat(121), size: 's'.repeat(121), shop_name: 'n'.repeat(161), product_type_id: 'abc',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors).toMatchObject({
      user_id: [t.customerRequired], country_id: [t.countryNotFound], url: [t.urlInvalid], quantity: [t.quantityRange],
      price: [t.priceInvalid], cargo_price: [t.cargoPriceInvalid], descr: [t.descrTooLong], color: [t.colorTooLong], size: [t.sizeTooLong],
      shop_name: [t.shopNameTooLong], product_type_id: [t.productTypeInvalid],
    });
    const missing = (await postForm(ctx.app, '/api/admin/orders/create', admin, { user_id: customers[0]!.id, country_id: 1 })).json().errors;
    expect(missing).toMatchObject({ url: [t.urlRequired], quantity: [t.quantityRequired], price: [t.priceRequired] });
    for (const [field, value, text] of [
      ['quantity', 1001, t.quantityRange], ['quantity', 1.5, t.quantityRange], ['price', '1000000000', t.priceInvalid],
      ['url', `https://a.az/${'x'.repeat(2000)}`, t.urlTooLong], ['url', 'javascript:alert(1)', t.urlInvalid],
    ] as const) {
      const r = await postForm(ctx.app, '/api/admin/orders/create', admin, form({ [field]: value }));
      expect(r.statusCode, `${field}=${value}`).toBe(422);
      expect(r.json().errors[field]).toEqual([text]);
    }
    // the edges pass
    const edge = await create({ shop_name: 'form-edges', quantity: 1000, price: '999999999.99', cargo_price: '0' });
    expect(edge).toMatchObject({ quantity: 1000, price: '999999999.99', cargo_price: '0.00' });
  });

  test('the customer must exist and be a client; the country must take orders; the product type must exist', async () => {
    const staff = await postForm(ctx.app, '/api/admin/orders/create', admin, form({ user_id: adminId }));
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors.user_id).toEqual([t.customerNotClient]);
    expect((await postForm(ctx.app, '/api/admin/orders/create', admin, form({ user_id: 99_999_999 }))).json().errors.user_id).toEqual([t.customerNotFound]);
    expect((await postForm(ctx.app, '/api/admin/orders/create', admin, form({ product_type_id: 99_999_999 }))).json().errors.product_type_id).toEqual([t.productTypeNotFound]);
    await db().update(countries).set({ isOrder: false }).where(eq(countries.id, 2));
    try {
      const closed = await postForm(ctx.app, '/api/admin/orders/create', admin, form({ country_id: 2 }));
      expect(closed.statusCode).toBe(422);
      expect(closed.json().errors.country_id).toEqual([t.countryNotForOrders]);
    } finally {
      await db().update(countries).set({ isOrder: true }).where(eq(countries.id, 2));
    }
  });

  test('edit saves the form; a rejected or cancelled order is not editable; a preview sent with the form is stored', async () => {
    const preview = { name: 'Köynək', brand: 'X', url: 'https://shop.example/x/p-1', images: [] };
    const o = await create({ shop_name: 'form-edit', preview: JSON.stringify(preview) });
    const info = (await get(`/api/admin/orders/info?order_id=${o.id}`)).json().data;
    expect(info.preview).toMatchObject({ name: 'Köynək', brand: 'X' });
    const res = await postForm(ctx.app, '/api/admin/orders/edit', admin, form({ order_id: o.id, shop_name: 'form-edit', price: '80', quantity: 3, color: 'Ağ', waiting: '2026-12-01' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ price: '80.00', quantity: 3, color: 'Ağ', waiting: '2026-12-01 00:00:00' });
    await db().update(orders).set({ statusId: 32 }).where(eq(orders.id, o.id));
    const closed = await postForm(ctx.app, '/api/admin/orders/edit', admin, form({ order_id: o.id }));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.order_id).toEqual([t.orderClosed]);
  });

  test('a paid order: the customer stays; a price rise after payment is an open debt line, paid_amount unchanged', async () => {
    const o = await create({ shop_name: 'form-paid', price: '10', quantity: 1, cargo_price: '0' });
    await db().update(orders).set({ payed: true, paidAmount: '10.50', paidAt: sql`now()` }).where(eq(orders.id, o.id));
    const other = await postForm(ctx.app, '/api/admin/orders/edit', admin, form({ order_id: o.id, user_id: customers[1]!.id, price: '10', quantity: 1, cargo_price: '0' }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.user_id).toEqual([t.paidCustomerLocked]);
    const res = await postForm(ctx.app, '/api/admin/orders/edit', admin, form({ order_id: o.id, shop_name: 'form-paid', price: '12', quantity: 1, cargo_price: '0' }));
    expect(res.statusCode, res.body).toBe(200);
    const info = (await get(`/api/admin/orders/info?order_id=${o.id}`)).json().data;
    expect(info).toMatchObject({ paid_amount: '10.50', diff_price: 2.1, diff_cargo_price: 0, amount_due: '2.10', amounts_to_refund: '10.50' });
    expect(info.debts).toEqual([expect.objectContaining({ params: 'price', previous_amount: 10, current_amount: 12, diff_amount: 2.1, state_id: 0 })]);
  });
});

describe('[ORDERS][LIST] filters, sorts, pages', () => {
  let mine: Row[];
  beforeAll(async () => {
    const c0 = customers[2]!;
    const c1 = customers[3]!;
    await db().update(users).set({ surname: 'Sifarişçiyev' }).where(eq(users.id, c1.id));
    c1.surname = 'Sifarişçiyev';
    mine = [
      await create({ shop_name: 'list-Alpha', user_id: c0.id, country_id: 1, price: '5', quantity: 1, track_code: 'LSTTRACK001', waiting: '2030-01-10 10:00:00' }),
      await create({ shop_name: 'list-Beta', user_id: c0.id, country_id: 2, price: '50', quantity: 3, track_code: 'LSTTRACK002' }),
      await create({ shop_name: 'list-Gamma', user_id: c1.id, country_id: 1, price: '20', quantity: 2, waiting: '2030-02-10 10:00:00' }),
    ];
    await db().update(orders).set({ payed: true, statusId: 8, paidAmount: '5.25' }).where(eq(orders.id, mine[0]!.id));
    await db().update(orders).set({ createdAt: sql`'2025-03-01 10:00:00+04'` }).where(eq(orders.id, mine[2]!.id));
  });
  const inMine = (rows: Row[]) => ids(rows).filter((id) => ids(mine).includes(id)).sort((a, b) => a - b);
  const pick = (...i: number[]) => i.map((x) => mine[x]!.id).sort((a, b) => a - b);

  test('by customer code (exact), customer name (part), country, track code, shop, status, paid', async () => {
    expect(inMine((await list(`user_id=${customers[2]!.code}`)).data)).toEqual(pick(0, 1));
    expect(inMine((await list(`user_id=${customers[2]!.code.slice(0, -1)}`)).data)).toEqual([]);
    expect(inMine((await list(`user_name=${encodeURIComponent(`${customers[3]!.name} ${customers[3]!.surname}`.slice(0, -1))}&shop_name=list-`)).data)).toEqual(pick(2));
    expect(inMine((await list('country_id=2&shop_name=list-')).data)).toEqual(pick(1));
    expect(inMine((await list('track_code=LSTTRACK00')).data)).toEqual(pick(0, 1));
    expect(inMine((await list('shop_name=list-gam')).data)).toEqual(pick(2));
    expect(inMine((await list('state_id=8&shop_name=list-')).data)).toEqual(pick(0));
    expect(inMine((await list('state_id=5,8&shop_name=list-')).data)).toEqual(pick(0, 1, 2));
    expect(inMine((await list('payed=1&shop_name=list-')).data)).toEqual(pick(0));
    expect(inMine((await list('payed=0&shop_name=list-')).data)).toEqual(pick(1, 2));
  });

  test('by executor name, created_at and waiting ranges (office time)', async () => {
    const name = (await db().select({ name: users.name }).from(users).where(eq(users.id, adminId)))[0]!.name;
    expect(inMine((await list(`executive=${encodeURIComponent(name)}&shop_name=list-`)).data)).toEqual(pick(0, 1, 2));
    expect(inMine((await list('executive=nobody-such&shop_name=list-')).data)).toEqual([]);
    expect(inMine((await list(`created_at=${encodeURIComponent('2025-03-01 00:00:00,2025-03-01 23:59:59')}`)).data)).toEqual(pick(2));
    // 10:00 Baku (+04) is 06:00 UTC: a range ending 09:59 Baku leaves it out
    expect(inMine((await list(`created_at=${encodeURIComponent('2025-03-01 00:00:00,2025-03-01 09:59:59')}`)).data)).toEqual([]);
    expect(inMine((await list(`waiting=${encodeURIComponent('2030-01-01 00:00:00,2030-01-31 23:59:59')}`)).data)).toEqual(pick(0));
  });

  test('sorts (asc/desc by price, quantity, created date) and pages without overlap; the total counts the filter', async () => {
    const asc = inMineOrdered((await list('shop_name=list-&sort_column=price&sort_order=asc')).data);
    expect(asc).toEqual([mine[0]!.id, mine[2]!.id, mine[1]!.id]);
    const desc = inMineOrdered((await list('shop_name=list-&sort_column=quantity&sort_order=desc')).data);
    expect(desc).toEqual([mine[1]!.id, mine[2]!.id, mine[0]!.id]);
    const byDate = inMineOrdered((await list('shop_name=list-')).data);
    expect(byDate[byDate.length - 1]).toBe(mine[2]!.id); // default: newest first
    const p1 = await list('shop_name=list-&per_page=2&page=1&sort_column=id&sort_order=asc');
    const page1 = (await get('/api/admin/v2/orders/getlist?shop_name=list-&per_page=2&page=1&sort_column=id&sort_order=asc')).json();
    const page2 = (await get('/api/admin/v2/orders/getlist?shop_name=list-&per_page=2&page=2&sort_column=id&sort_order=asc')).json();
    expect(page1.total).toBe(3);
    expect(p1.total).toBe(3);
    expect([...ids(page1.data), ...ids(page2.data)]).toEqual(pick(0, 1, 2));
  });

  test('a deleted order leaves the list; the warehouseman (no orders permission) is refused', async () => {
    const o = await create({ shop_name: 'list-deleted' });
    expect((await post(`/api/admin/orders/cancel?order_id=${o.id}`)).statusCode).toBe(200);
    expect(ids((await list('shop_name=list-deleted')).data)).toEqual([]);
    expect((await get(`/api/admin/orders/info?order_id=${o.id}`)).statusCode).toBe(404);
    expect((await get('/api/admin/v2/orders/getlist', warehouseman)).statusCode).toBe(403);
  });

  function inMineOrdered(rows: Row[]) {
    return ids(rows).filter((id) => ids(mine).includes(id));
  }
});

describe('[ORDERS][ISNEW][COUNTERS] read flag and the sidebar badge', () => {
  test('isnew model_id=1 marks orders read/unread; the badge counts unread unfinished orders', async () => {
    const badge = async () => (await post('/api/admin/notification/count')).json().data.order as number;
    const before = await badge();
    const a = await create({ shop_name: 'isnew' });
    const b = await create({ shop_name: 'isnew' });
    expect(await badge()).toBe(before + 2);
    const res = await post(`/api/admin/isnew?model_id=1&object_id=${a.id},${b.id}&is_new=false`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await list('shop_name=isnew')).data.map((r) => r.is_new)).toEqual([0, 0]);
    expect(await badge()).toBe(before);
    await post(`/api/admin/isnew?model_id=1&object_id=${a.id}&is_new=true`);
    expect(await badge()).toBe(before + 1);
    await db().update(orders).set({ statusId: 10 }).where(eq(orders.id, a.id));
    expect(await badge()).toBe(before); // a completed order is not waiting for anyone
    expect((await post(`/api/admin/isnew?model_id=1&object_id=${a.id}&is_new=true`, warehouseman)).statusCode).toBe(403);
  });
});

describe('[ORDERS][DECLARATIONS] links', () => {
  test('link by id or track code: same customer only; declaration/orders lists the ids; the row carries the parcel track code', async () => {
    const [decl] = await db().select({ id: declarations.id, userId: declarations.userId, trackCode: declarations.trackCode, global: declarations.globalTrackCode })
      .from(declarations).where(and(isNotNull(declarations.userId), isNotNull(declarations.globalTrackCode))).orderBy(desc(declarations.id)).limit(1);
    const mine = await create({ shop_name: 'link', user_id: decl!.userId! });
    const otherCustomer = customers.find((c) => c.id !== decl!.userId)!;
    const foreign = await create({ shop_name: 'link', user_id: otherCustomer.id });
    const refused = await postForm(ctx.app, '/api/admin/orders/link_declaration', admin, { order_id: foreign.id, declaration_id: decl!.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.declaration_id).toEqual([t.declarationOtherCustomer]);
    expect((await postForm(ctx.app, '/api/admin/orders/link_declaration', admin, { order_id: mine.id, track_code: 'NO-SUCH-TRACK' })).json().errors.track_code).toEqual([t.declarationNotFound]);
    const linked = await postForm(ctx.app, '/api/admin/orders/link_declaration', admin, { order_id: mine.id, track_code: decl!.trackCode });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({ declaration_id: decl!.id, track_code_declaration: decl!.global });
    const listed = (await get(`/api/admin/declaration/orders?declaration_id=${decl!.id}`)).json().data;
    expect(listed).toContain(String(mine.id));
    expect(listed).not.toContain(String(foreign.id));
  });

  test("an order saved with the track code of its customer's parcel is linked to it; another customer's parcel is not", async () => {
    const [decl] = await db().select({ id: declarations.id, userId: declarations.userId, global: declarations.globalTrackCode })
      .from(declarations).where(and(isNotNull(declarations.userId), isNotNull(declarations.globalTrackCode))).orderBy(declarations.id).limit(1);
    const auto = await create({ shop_name: 'autolink', user_id: decl!.userId!, track_code: decl!.global! });
    expect(auto.declaration_id).toBe(decl!.id);
    const otherCustomer = customers.find((c) => c.id !== decl!.userId)!;
    const notLinked = await create({ shop_name: 'autolink', user_id: otherCustomer.id, track_code: decl!.global! });
    expect(notLinked.declaration_id).toBe(0);
  });
});

describe('[ORDERS][EXPORT] xlsx and CSV of the filtered list', () => {
  test('the .xlsx opens and holds the filtered rows; the CSV (orders_list_…) parses to the same', async () => {
    const a = await create({ shop_name: 'export-Ş', price: '7.10' });
    const b = await create({ shop_name: 'export-Ş', price: '8.20' });
    const res = await get('/api/admin/orders/export?shop_name=export-');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/orders_export_.*\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('ID');
    const exported = [] as number[];
    sheet.eachRow((row, n) => { if (n > 1) exported.push(Number(row.getCell(1).value)); });
    expect(exported.sort((x, y) => x - y)).toEqual([a.id, b.id]);
    const csv = await get('/api/admin/orders/export_csv?shop_name=export-&sort_column=price&sort_order=asc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/orders_list_.*\.csv/);
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]![0]).toBe('ID');
    expect(rows.slice(1).filter((r) => r.length > 1).map((r) => Number(r[0]))).toEqual([a.id, b.id]);
    expect(rows[1]).toContain('export-Ş');
  });
});

describe('[ORDERS][STATISTICS] counts by status, by day, by admin = the list', () => {
  test('counts_by_status equals the list total per status over the same filters', async () => {
    const o = await create({ shop_name: 'stat-status' });
    await create({ shop_name: 'stat-status' });
    await db().update(orders).set({ statusId: 7 }).where(eq(orders.id, o.id));
    const res = (await get('/api/admin/orders/counts_by_status?shop_name=stat-status')).json();
    const byId = Object.fromEntries(res.data.map((r: { state_id: number; count: number }) => [r.state_id, r.count]));
    expect(byId).toMatchObject({ 5: 1, 7: 1, 8: 0 });
    expect(res.total).toBe(2);
    for (const s of res.data as { state_id: number; count: number; name: string }[]) {
      expect((await list(`shop_name=stat-status&state_id=${s.state_id}`)).total, s.name).toBe(s.count);
    }
  });

  test('by_orders_count and by_orders_admin_count: totals equal the list filtered the same way; the drill-down lists those orders', async () => {
    const today = (await db().execute<{ d: string }>(sql`select to_char(now() at time zone 'Asia/Baku', 'YYYY-MM-DD') as d`)).rows[0]!.d;
    await create({ shop_name: 'stat-day', country_id: 2, price: '3.33', quantity: 3, cargo_price: '1' });
    const range = `start_date=${today}&end_date=${today}`;
    const listed = await list(`created_at=${encodeURIComponent(`${today} 00:00:00,${today} 23:59:59`)}&country_id=2&per_page=100`);
    const agg = (await get(`/api/admin/statistics/by_orders_count?${range}&country_id=2`)).json();
    expect(agg.total.order_count).toBe(listed.total);
    expect(agg.data).toEqual([expect.objectContaining({ changed_date: today, order_count: listed.total })]);
    const sum = listed.data.reduce((acc, r) => acc + Math.round(Number(r.price) * 100) * r.quantity + Math.round(Number(r.cargo_price) * 100), 0);
    expect(Math.round(Number(agg.total.price) * 100)).toBe(sum);
    const drill = (await get(`/api/admin/statistics/by_orders_count?${range}&country_id=2&getlist=true&per_page=100`)).json();
    expect(drill.total).toBe(listed.total);
    expect(ids(drill.data).sort()).toEqual(ids(listed.data).sort());

    const admins = (await get(`/api/admin/statistics/by_orders_admin_count?${range}&country_id=2`)).json();
    const mine = admins.data.find((r: { user_id: number }) => r.user_id === adminId);
    const byAdmin = await list(`created_at=${encodeURIComponent(`${today} 00:00:00,${today} 23:59:59`)}&country_id=2&executive_id=${adminId}`);
    expect(mine.order_count).toBe(byAdmin.total);
    expect(mine.user_name).not.toBe('');
    const adminDrill = (await get(`/api/admin/statistics/by_orders_admin_count?${range}&country_id=2&admin_id=${adminId}&getlist=true`)).json();
    expect(adminDrill.total).toBe(byAdmin.total);
  });

  test('a figure past the list\'s 10,000 cap: the drill-down\'s total is the figure, exact (the list alone says 10000+)', async () => {
    const o = await create({ shop_name: 'stat-big', country_id: 2 });
    // 10,050 copies of it on one office day (2001-02-03 12:00 Baku), written as a background job would
    const columns = (await db().execute<{ c: string }>(sql`
      select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as c from information_schema.columns
      where table_schema = current_schema() and table_name = 'orders' and column_name not in ('id', 'created_at') and is_generated = 'NEVER'`)).rows[0]!.c;
    const cols = sql.raw(columns);
    await db().execute(sql`insert into orders (${cols}, created_at) select ${cols}, '2001-02-03 08:00:00+00' from orders, generate_series(1, 10050) where id = ${o.id}`);
    try {
      const day = 'start_date=2001-02-03&end_date=2001-02-03&country_id=2';
      const agg = (await get(`/api/admin/statistics/by_orders_count?${day}`)).json();
      expect(agg.total.order_count).toBe(10050);
      const listed = await list(`created_at=${encodeURIComponent('2001-02-03 00:00:00,2001-02-03 23:59:59')}&country_id=2&per_page=1`);
      expect(listed).toMatchObject({ total: 10000, total_kind: 'capped' });
      const drill = (await get(`/api/admin/statistics/by_orders_count?${day}&getlist=true&per_page=50&page=201`)).json();
      expect(drill).toMatchObject({ total: agg.total.order_count, total_kind: 'exact' });
      expect(drill.data).toHaveLength(50); // rows 10,001 to 10,050: the last page past the cap
      const admins = (await get(`/api/admin/statistics/by_orders_admin_count?${day}`)).json();
      const mine = admins.data.find((r: { user_id: number }) => r.user_id === adminId);
      const adminDrill = (await get(`/api/admin/statistics/by_orders_admin_count?${day}&admin_id=${adminId}&getlist=true&per_page=1`)).json();
      expect(adminDrill).toMatchObject({ total: mine.order_count, total_kind: 'exact' });
      // a range cut inside a day (the scan, no rollup): the same exact total
      const cut = `start_date=${encodeURIComponent('2001-02-03 00:00:01')}&end_date=${encodeURIComponent('2001-02-03 23:59:58')}&country_id=2`;
      expect((await get(`/api/admin/statistics/by_orders_count?${cut}&getlist=true&per_page=1`)).json()).toMatchObject({ total: 10050, total_kind: 'exact' });
    } finally {
      await db().execute(sql`delete from orders where created_at = '2001-02-03 08:00:00+00'`);
    }
  });

  test('whole office days read the rollup stat_orders_daily: the same rows as the scan a range cut inside a day takes (edited, re-statused and deleted orders too)', async () => {
    const a = await create({ shop_name: 'stat-rollup', country_id: 1, price: '10.05', quantity: 2, cargo_price: '0.4' });
    const b = await create({ shop_name: 'stat-rollup', country_id: 2, price: '7', quantity: 1, cargo_price: '2.5' });
    await create({ shop_name: 'stat-rollup', country_id: 2, price: '1.11', quantity: 4, cargo_price: '0' });
    await db().execute(sql`update orders set price = price + 1, quantity = quantity + 1, status_id = 7 where id = ${a.id}`);
    await db().execute(sql`update orders set executive_id = null where id = ${b.id}`);
    await db().execute(sql`update orders set deleted_at = now() where id = (select min(id) from orders where deleted_at is null and id <> ${a.id})`);
    const whole = 'start_date=2000-01-01&end_date=2100-12-31';
    // a second off midnight: the scan of the orders (no order of the tests falls in those two seconds)
    const cut = `start_date=${encodeURIComponent('2000-01-01 00:00:01')}&end_date=${encodeURIComponent('2100-12-31 23:59:58')}`;
    for (const path of ['by_orders_count', 'by_orders_admin_count']) {
      for (const filter of ['', '&country_id=2', '&state_id=7', `&admin_id=${adminId}`]) {
        if (filter.includes('admin_id') && path === 'by_orders_count') continue;
        const rolled = (await get(`/api/admin/statistics/${path}?${whole}${filter}`)).json();
        const scanned = (await get(`/api/admin/statistics/${path}?${cut}${filter}`)).json();
        expect(rolled.data.length, `${path}${filter}`).toBeGreaterThan(0);
        expect(rolled, `${path}${filter}`).toEqual(scanned);
      }
    }
  });
});

describe('[ORDERS][DELETE] orders/cancel', () => {
  test('soft delete of several; an unknown id refuses the whole call; history of a live order is kept', async () => {
    const a = await create({ shop_name: 'delete' });
    const b = await create({ shop_name: 'delete' });
    const refused = await post(`/api/admin/orders/cancel?order_id=${a.id},99999999`);
    expect(refused.statusCode).toBe(404);
    expect((await list('shop_name=delete')).total).toBe(2);
    expect((await post(`/api/admin/orders/cancel?order_id=${a.id},${b.id}`)).statusCode).toBe(200);
    expect((await list('shop_name=delete')).total).toBe(0);
    const rows = await db().select({ deletedAt: orders.deletedAt }).from(orders).where(eq(orders.id, a.id));
    expect(rows[0]!.deletedAt).not.toBeNull();
    const history = await db().select().from(statusHistory).where(and(eq(statusHistory.modelId, 1), eq(statusHistory.objectId, a.id)));
    expect(history.length).toBe(1);
    expect(await db().select().from(orderDebts).where(eq(orderDebts.orderId, a.id))).toEqual([]);
    expect(az.errors.notFound).toBeTruthy();
  });
});

describe('[ORDERS][DEMO] the seeded orders', () => {
  test('every status of model 1, paid ones paid through the ledger (refunds for the returned), debts, linked parcels; the ledger adds up', async () => {
    const demo = await db().execute<{ s: number; n: number }>(sql`select status_id as s, count(*)::int as n from orders where url like 'https://www.%' group by 1`);
    const byStatus = Object.fromEntries(demo.rows.map((r) => [Number(r.s), Number(r.n)]));
    for (const s of [4, 5, 7, 8, 9, 10, 32]) expect(byStatus[s] ?? 0, `status ${s}`).toBeGreaterThan(0);
    const n = async (q: ReturnType<typeof sql>) => Number((await db().execute<{ n: number }>(q)).rows[0]!.n);
    expect(await n(sql`select count(*)::int as n from orders where status_id in (8, 9, 10) and not payed and url like 'https://www.%'`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from orders o where o.payed and o.url like 'https://www.%'
      and not exists (select 1 from balance_operations b where b.object_model = 'order_payment' and b.object_id = o.id and b.amount = o.paid_amount)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from orders where returned and url like 'https://www.%'`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from orders o where o.returned and o.url like 'https://www.%'
      and not exists (select 1 from balance_operations b where b.object_model = 'order_refund' and b.object_id = o.id)`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from order_debts d join orders o on o.id = d.order_id where d.status = 0 and o.url like 'https://www.%'`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from orders o join declarations d on d.id = o.declaration_id where d.user_id = o.user_id`)).toBeGreaterThan(0);
    expect(await n(sql`select count(*)::int as n from orders o join declarations d on d.id = o.declaration_id where d.user_id <> o.user_id`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from orders o where preview is null and url like 'https://www.%'`)).toBe(0);
    expect(await findLedgerViolations(db())).toEqual([]);
  });
});
