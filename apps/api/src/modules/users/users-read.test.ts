import { az } from '@app/contract/texts/az';
import type { UserDetailReply, UserListRow } from '@app/contract/users';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations } from '../../db/schema/declarations';
import { auditLog } from '../../db/schema/platform';
import { userDiscounts, users } from '../../db/schema/users';
import { grantPermissions } from '../../db/seed/demo-seed';
import { csvField, toCsv } from '@app/contract/csv';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>; // back office: users, user_edit, user_discount
let anbar: Record<string, string>; // warehouseman: no users permissions
let partner: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('[USERS][LIST] GET /api/admin/v2/client/list', () => {
  test('users: rows of the spec columns with total and last_page; never a password', async () => {
    const res = await get('/api/admin/v2/client/list?per_page=10&sort_column=id&sort_order=asc', ofis);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(10);
    expect(body.last_page).toBe(Math.ceil(body.total / 10));
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'admin', 'admin_company_name', 'balance_try', 'balance_usd', 'birth_date', 'blocked', 'branch_id', 'branch_name', 'code', 'company_id',
      'created_at', 'email', 'gender', 'id', 'name', 'number', 'passport_number', 'passport_secret', 'surname', 'user_name',
    ]);
    expect(body.data[0]).toMatchObject({ blocked: expect.any(Number), balance_usd: expect.stringMatching(/^-?\d+\.\d{2}$/), branch_name: expect.any(String) });
    expect(res.body).not.toMatch(/password_hash|passwordHash|argon2/);
    const ids = (body.data as UserListRow[]).map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect((await get('/api/admin/v2/client/list?sort_column=password', ofis)).statusCode).toBe(422);
  });

  test('admins and warehousemen are listed only with admins: the type filter 1/2 is refused, 3 allowed', async () => {
    expect((await get('/api/admin/v2/client/list?admin=1', ofis)).statusCode).toBe(403);
    expect((await get('/api/admin/v2/client/list?admin=2', ofis)).statusCode).toBe(403);
    const backOffice = await get('/api/admin/v2/client/list?admin=3', ofis);
    expect(backOffice.statusCode).toBe(200);
    expect((backOffice.json().data as UserListRow[]).every((r) => r.admin === 3)).toBe(true);
    const all = await get('/api/admin/v2/client/list?per_page=10000', ofis);
    expect((all.json().data as UserListRow[]).some((r) => r.admin === 1 || r.admin === 2)).toBe(false);
    const asAdmin = await get('/api/admin/v2/client/list?admin=2', admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().total).toBeGreaterThanOrEqual(4); // the demo warehousemen of several branches
    expect((await get('/api/admin/v2/client/list', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/v2/client/list', partner)).statusCode).toBe(403);
  });

  test('parcel status filter takes several statuses; text filters narrow the rows', async () => {
    const res = await get('/api/admin/v2/client/list?per_page=10000&state_id=5,36', admin);
    const ids = (res.json().data as UserListRow[]).map((r) => r.id);
    const expected = await ctx.database.db.selectDistinct({ id: declarations.userId }).from(declarations)
      .where(sql`${declarations.statusId} in (5, 36) and ${declarations.deletedAt} is null`);
    expect(ids.sort((a, b) => a - b)).toEqual(expected.map((r) => r.id!).sort((a, b) => a - b));
    const repeated = await get('/api/admin/v2/client/list?per_page=10000&state_id=5&state_id=36', admin);
    expect(repeated.json().total).toBe(ids.length);

    const [someone] = await ctx.database.db.select().from(users).where(sql`${users.admin} = 0 and ${users.fin} is not null`).limit(1);
    for (const q of [`code=${someone!.code}`, `fin=${someone!.fin!.toLowerCase()}`, `passport=${someone!.passportNumber}`,
      `email=${encodeURIComponent(someone!.email!)}`, `phone=${encodeURIComponent(someone!.phone!.replace(/\s/g, ''))}`,
      `name=${encodeURIComponent(`${someone!.name} ${someone!.surname}`)}`]) {
      const r = await get(`/api/admin/v2/client/list?${q}`, ofis);
      expect(r.statusCode, q).toBe(200);
      expect((r.json().data as UserListRow[]).map((x) => x.id), q).toContain(someone!.id);
    }
  });

  test('users/select: a lookup of id, code and names; admins and warehousemen only with admins', async () => {
    const asOfis = await get('/api/admin/users/select?per_page=5000', ofis);
    expect(asOfis.statusCode).toBe(200);
    const rows = asOfis.json().data as { admin: number }[];
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.some((r) => r.admin === 1 || r.admin === 2)).toBe(false);
    const staff = await get('/api/admin/users/select?admin=1,2', admin);
    expect((staff.json().data as { admin: number }[]).every((r) => r.admin === 1 || r.admin === 2)).toBe(true);
    expect(staff.json().data.length).toBeGreaterThanOrEqual(6);
    const search = await get('/api/admin/users/select?search=R%C9%99%C5%9Fad', admin);
    expect(search.json().data[0]).toMatchObject({ name: 'Rəşad' });
    expect((await get('/api/admin/users/select', partner)).statusCode).toBe(403);
  });
});

describe('[USERS][DETAIL] GET /api/admin/client/user', () => {
  test('balances, debt, current-month spend (one customer above 300 USD, one below), counts, cashback, discounts', async () => {
    const spend = await ctx.database.db.execute<{ user_id: number; total: string }>(sql`
      select user_id, sum(delivery_price)::numeric(14,2)::text as total from declarations
      where deleted_at is null and created_at >= date_trunc('month', now() at time zone 'Asia/Baku') at time zone 'Asia/Baku'
      group by user_id order by sum(delivery_price) desc`);
    const top = spend.rows[0]!;
    const low = spend.rows.find((r) => Number(r.total) > 0 && Number(r.total) < 300)!;
    expect(Number(top.total)).toBeGreaterThan(300);
    const res = await get(`/api/admin/client/user?user_id=${top.user_id}`, ofis);
    expect(res.statusCode).toBe(200);
    const reply = res.json() as UserDetailReply;
    const data = reply.data;
    expect(reply.widget.this.usd).toBe(Number(top.total));
    expect(reply.widget.balance).toEqual({ usd: expect.any(Number), try: expect.any(Number) });
    expect(reply.credit).toBeCloseTo(reply.credit_usd * 1.7, 2);
    expect(data.declaration.all).toBeGreaterThan(0);
    expect(data).toMatchObject({ user_name: `${data.name} ${data.surname}`, send_sms: expect.any(Number), send_mail: expect.any(Number), blocked: 0, in: 0, out: 0 });
    expect(reply.cashback).toEqual({ currentCashback: 0, totalCashbackApproved: 0, totalCashbackPending: 0 });
    expect(res.body).not.toMatch(/password/i);
    const lowRes = await get(`/api/admin/client/user?user_id=${low.user_id}`, ofis);
    expect((lowRes.json() as UserDetailReply).widget.this.usd).toBeLessThan(300);
  });

  test('a customer with discounts lists the active ones', async () => {
    const [d] = await ctx.database.db.select().from(userDiscounts).where(isNull(userDiscounts.canceledAt)).limit(1);
    const res = await get(`/api/admin/client/user?user_id=${d!.userId}`, ofis);
    expect(res.json().discounts[0]).toMatchObject({ country_id: d!.countryId, discount: Number(d!.discount), causer_name: 'Rəşad Məmmədov' });
  });

  test('an admin user needs admins (403); no users permission → 403; unknown → 404', async () => {
    const [adminRow] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.admin, 1)).limit(1);
    expect((await get(`/api/admin/client/user?user_id=${adminRow!.id}`, ofis)).statusCode).toBe(403);
    expect((await get(`/api/admin/client/user?user_id=${adminRow!.id}`, admin)).statusCode).toBe(200);
    expect((await get('/api/admin/client/user?user_id=20', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/client/user?user_id=999999', ofis)).statusCode).toBe(404);
  });

  test('declaration_stats: monthly rows (date, delivery_price, month, month_name, quantity, weight)', async () => {
    const [row] = await ctx.database.db.select({ id: declarations.userId }).from(declarations).limit(1);
    const res = await get(`/api/admin/users/declaration_stats?user_id=${row!.id}`, ofis);
    expect(res.statusCode).toBe(200);
    const first = res.json().data[0];
    expect(first).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-01$/), delivery_price: expect.any(Number), month: first.date.slice(5, 7),
      month_name: az.users.monthNames[Number(first.date.slice(5, 7)) - 1], quantity: expect.any(Number), weight: expect.any(Number),
    });
    expect((await get(`/api/admin/users/declaration_stats?user_id=${row!.id}`, anbar)).statusCode).toBe(403);
  });

  test('track_code: the customer of a parcel (as client/user); unknown → 404; needs users', async () => {
    const [p] = await ctx.database.db.select({ track: declarations.trackCode, userId: declarations.userId }).from(declarations).limit(1);
    const res = await post(`/api/admin/client/track_code?track_code=${p!.track}`, ofis);
    expect(res.statusCode).toBe(200);
    const [u] = await ctx.database.db.select().from(users).where(eq(users.id, p!.userId!));
    expect(res.json().data).toMatchObject({ id: u!.id, user_name: `${u!.name} ${u!.surname}` });
    expect(res.json()).toMatchObject({ widget: { balance: { usd: expect.any(Number) } }, discounts: expect.any(Array) });
    expect((await post('/api/admin/client/track_code?track_code=NOPE', ofis)).statusCode).toBe(404);
    expect((await post(`/api/admin/client/track_code?track_code=${p!.track}`, anbar)).statusCode).toBe(403);
  });

  test('app/options: the staff as { id, username } in data (what other clients take); roles, genders, branches, companies, cash registers, countries', async () => {
    const res = await get('/api/admin/users/app/options', anbar);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toEqual(expect.arrayContaining([{ id: expect.any(Number), username: 'Rəşad Məmmədov' }]));
    expect(body.total).toBe(body.data.length);
    expect(body.roles).toHaveLength(5);
    expect(body.branches.length).toBe(5);
    expect(body.cashboxes[0]).toMatchObject({ id: 1, currency: 'AZN' });
  });
});

describe('[USERS][DISCOUNTS]', () => {
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  test('user_discount applies a discount (camelCase form accepted), it lists and cancels; the writes are audited', async () => {
    const customer = 20;
    const res = await post('/api/admin/users/discount', ofis, { user_id: customer, countryId: 2, discount: '12,5', descr: 'Daimi müştəri', discountDate: inDays(30) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const list = await get(`/api/admin/user_discounts?user_id=${customer}`, ofis);
    expect(list.json().data.find((d: { user_discount_id: number }) => d.user_discount_id === id)).toMatchObject({
      country_id: 2, country_name: 'Amerika', discount: 12.5, descr: 'Daimi müştəri', discount_date: inDays(30), causer_name: 'Nigar Əliyeva',
      id: customer, blocked: 0, balance_usd: expect.any(String),
    });
    expect(list.json().last_page).toBe(1);
    const sorted = await get('/api/admin/user_discounts?sort_column=user_name&sort_order=asc&user_name=a&number=5&branch_id=1,2,3,4,5', ofis);
    expect(sorted.statusCode, sorted.body).toBe(200);
    const cancel = await post('/api/admin/users/discountCancel', ofis, { user_discount_id: id });
    expect(cancel.statusCode).toBe(200);
    const after = await get(`/api/admin/user_discounts?user_id=${customer}`, ofis);
    expect(after.json().data.some((d: { user_discount_id: number }) => d.user_discount_id === id)).toBe(false);
    expect((await post('/api/admin/users/discountCancel', ofis, { user_discount_id: id })).statusCode).toBe(404);
    const audits = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['user.discount', 'user.discount_cancel']));
  });

  test('the percent is above 0 and at most 100, the date not in the past, the country 1 or 2 (field errors)', async () => {
    const bad = await post('/api/admin/users/discount', ofis, { user_id: 20, country_id: 1, discount: '150', discount_date: inDays(3) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ discount: [az.users.discountRange] });
    const past = await post('/api/admin/users/discount', ofis, { user_id: 20, country_id: 1, discount: '10', discount_date: '2020-01-01' });
    expect(past.json().errors).toEqual({ discount_date: [az.users.discountDatePast] });
    const country = await post('/api/admin/users/discount', ofis, { user_id: 20, country_id: 9, discount: '10', discount_date: inDays(3) });
    expect(Object.keys(country.json().errors)).toEqual(['country_id']);
  });

  test('without user_discount the discount calls are refused (403)', async () => {
    expect((await post('/api/admin/users/discount', anbar, { user_id: 20, country_id: 1, discount: '10', discount_date: inDays(3) })).statusCode).toBe(403);
    expect((await post('/api/admin/users/discountCancel', anbar, { user_discount_id: 1 })).statusCode).toBe(403);
    expect((await get('/api/admin/user_discounts', anbar)).statusCode).toBe(403);
  });
});

describe('[USERS][EXPORT] CSV files', () => {
  test('users/export: a CSV with BOM named users_list_…, the list filters apply; only user_edit exports', async () => {
    const res = await get('/api/admin/users/export?admin=3', ofis);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users_list_\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFFID,Kod,Ad,Soyad')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    const total = (await get('/api/admin/v2/client/list?admin=3', ofis)).json().total;
    expect(lines).toHaveLength(total + 1);
    expect(res.body).not.toMatch(/argon2/);

    const ofisId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'ofis@example.az')))[0]!.id;
    await grantPermissions(ctx.database.db, ofisId, ['users']);
    expect((await get('/api/admin/users/export', ofis)).statusCode).toBe(403);
    expect((await get('/api/admin/user_discounts_export', ofis)).statusCode).toBe(403);
    expect((await get('/api/admin/v2/client/list', ofis)).statusCode).toBe(200);
    await grantPermissions(ctx.database.db, ofisId, ['users', 'user_edit', 'user_discount']);
    expect((await get('/api/admin/users/export?admin=1', ofis)).statusCode).toBe(403);
  });

  test('user_discounts_export: discount_users_export_….csv with one line per active discount', async () => {
    const res = await get('/api/admin/user_discounts_export', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="discount_users_export_\d{8}-\d{6}\.csv"/);
    const active = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(userDiscounts)
      .innerJoin(users, eq(users.id, userDiscounts.userId)).where(and(isNull(userDiscounts.canceledAt), isNull(users.deletedAt)));
    expect(res.body.trim().split('\r\n')).toHaveLength(active[0]!.n + 1);
  });

  test('fields are quoted and escaped; formulas are defused; phone numbers stay as they are', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+994 50 555 12 34')).toBe('+994 50 555 12 34');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
    expect(toCsv([{ header: 'Ad', value: (r: { a: string }) => r.a }], [{ a: 'Əli' }])).toBe('\uFEFFAd\r\nƏli\r\n');
  });
});

describe('[USERS][STATISTICS]', () => {
  test('by_user_count: new customers per month and by age band, users by role, blocked; getlist lists the customers', async () => {
    const res = await get('/api/admin/statistics/by_user_count', ofis);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.by_role.map((r: { admin: number }) => r.admin)).toEqual([0, 1, 2, 3, 4]);
    expect(body.total).toBe(body.by_role[0].count);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toEqual({ added_date: expect.stringMatching(/^\d{4}-\d{2}-01$/), user_count: expect.any(Number) });
    expect(Object.keys(body.age)).toEqual(['0_17', '18_24', '25_34', '35_44', '45_54', '55_100']);
    const range = 'start_date=2000-01-01&end_date=2100-01-01';
    const ranged = (await get(`/api/admin/statistics/by_user_count?${range}`, ofis)).json();
    expect(ranged.data.reduce((s: number, m: { user_count: number }) => s + m.user_count, 0)).toBe(body.total);
    const list = await get(`/api/admin/statistics/by_user_count?${range}&getlist=true&per_page=5&gender=female`, ofis);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(list.json().data.every((r: UserListRow) => r.gender === 'female' && r.admin === 0)).toBe(true);
    expect(list.json().total).toBeGreaterThan(0);
    const aged = (await get(`/api/admin/statistics/by_user_count?${range}&start_age=18&end_age=24`, ofis)).json();
    expect(aged.data.reduce((s: number, m: { user_count: number }) => s + m.user_count, 0)).toBe(aged.age['18_24']);
    expect((await get('/api/admin/statistics/by_user_count', anbar)).statusCode).toBe(403);
  });

  test('by_user_count ranges are checked as every statistics range: end before start is 422 on the end field, a malformed start only on start_date', async () => {
    const reversed = await get('/api/admin/statistics/by_user_count?start_date=2026-05-02&end_date=2026-05-01', ofis);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ end_date: ['Bitmə tarixi başlama tarixindən əvvəl ola bilməz'] });
    // the list's own names (date_from / date_to): the error is on the field sent
    const reversedList = await get('/api/admin/statistics/by_user_count?date_from=2026-05-02&date_to=2026-05-01&getlist=true', ofis);
    expect(reversedList.statusCode).toBe(422);
    expect(Object.keys(reversedList.json().errors)).toEqual(['date_to']);
    const malformed = await get('/api/admin/statistics/by_user_count?start_date=2026-13-45&end_date=2026-11-27', ofis);
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['start_date']);
    expect(malformed.json().message).not.toMatch(/əvvəl ola bilməz/);
    expect((await get('/api/admin/statistics/by_user_count?start_date=2026-05-01&end_date=2026-05-01', ofis)).statusCode).toBe(200);
  });

  test("qizilonluq ('golden ten'): the ten highest delivery spends of the month, highest first", async () => {
    const res = await get('/api/admin/statistics/qizilonluq', ofis);
    expect(res.statusCode).toBe(200);
    const { data, month } = res.json();
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    expect(data.length).toBeGreaterThan(3);
    expect(data.length).toBeLessThanOrEqual(10);
    expect(data[0]).toMatchObject({
      rank: 1, id: expect.any(Number), user_name: expect.any(String), discount: expect.any(Number), balance_usd: expect.any(String), blocked: expect.any(Number),
    });
    expect(data[0].qizilonluq).toBeGreaterThan(300);
    const spends = data.map((r: { qizilonluq: number }) => r.qizilonluq);
    expect([...spends].sort((a, b) => b - a)).toEqual(spends);
    // The table parameters real clients send (issue 14): sort, page and a column filter over the ten.
    const asc = (await get('/api/admin/statistics/qizilonluq?sort_column=qizilonluq&sort_order=ASC&page=1&per_page=3', ofis)).json();
    expect(asc.total).toBe(data.length);
    expect(asc.data.map((r: { qizilonluq: number }) => r.qizilonluq)).toEqual([...spends].reverse().slice(0, 3));
    const byName = (await get(`/api/admin/statistics/qizilonluq?name=${encodeURIComponent(data[0].name)}`, ofis)).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toContain(data[0].id);
    const empty = await get('/api/admin/statistics/qizilonluq?month=1999-01', ofis);
    expect(empty.json()).toEqual({ data: [], total: 0, month: '1999-01' });
    expect((await get('/api/admin/statistics/qizilonluq?month=2024-13', ofis)).statusCode).toBe(422);
    expect((await get('/api/admin/statistics/qizilonluq', anbar)).statusCode).toBe(403);
  });

  test('the OpenAPI document lists the users calls', async () => {
    const paths = Object.keys((await ctx.app.inject({ url: '/api/docs/json' })).json().paths);
    for (const p of ['/api/admin/v2/client/list', '/api/admin/client/user', '/api/admin/client/create', '/api/admin/client/update',
      '/api/admin/client/delete', '/api/admin/client/set_admin', '/api/admin/client/block', '/api/admin/client/unblock',
      '/api/admin/client/track_code', '/api/admin/users/select', '/api/admin/permissions/edit', '/api/admin/users/discount',
      '/api/admin/users/discountCancel', '/api/admin/users/declaration_stats', '/api/admin/user_discounts', '/api/admin/user_discounts_export',
      '/api/admin/users/export', '/api/admin/users/app/options', '/api/admin/statistics/by_user_count', '/api/admin/statistics/qizilonluq']) {
      expect(paths).toContain(p);
    }
  });
});
