import type { DeclarationListRow } from '@app/contract/declarations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCachesOf } from '../../../platform/write-epoch';
import { bearer, logInAs, startTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 600 });
  token = (await logInAs(ctx.app, 'ofis@example.az')).access_token;
});
afterAll(() => ctx.close());

async function list(query: string) {
  const res = await ctx.app.inject({ url: `/api/admin/v2/declaration/list?${query}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as { data: DeclarationListRow[]; total: number; total_kind: string; errors?: Record<string, string[]> } };
}

describe('[DECLARATIONS][LIST] GET /api/admin/v2/declaration/list', () => {
  test('default view: newest first, 25 rows, exact total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(25);
    expect(body.total).toBe(600);
    expect(body.total_kind).toBe('exact');
    const dates = body.data.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data[0]).toHaveProperty('state_name');
    expect(body.data[0]).not.toHaveProperty('status');
  });

  test('pages do not overlap and per_page is honoured', async () => {
    const first = await list('page=1&per_page=10');
    const second = await list('page=2&per_page=10');
    const ids = new Set(first.body.data.map((r) => r.id));
    expect(second.body.data).toHaveLength(10);
    expect(second.body.data.some((r) => ids.has(r.id))).toBe(false);
  });

  test('filters by a track code substring', async () => {
    const { body: all } = await list('per_page=1');
    const code = all.data[0]!.track_code;
    const { body } = await list(`track_code=${code.slice(-6)}`);
    expect(body.data.map((r) => r.track_code)).toContain(code);
    expect(body.data.every((r) => r.track_code.includes(code.slice(-6)))).toBe(true);
  });

  test('filters by several statuses at once and by country', async () => {
    const { body } = await list('state_id=9,10&country_id=2&per_page=50');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => [9, 10].includes(r.state_id) && r.country_id === 2)).toBe(true);
  });

  test('filters by customer name, flags and date range', async () => {
    const { body: one } = await list('per_page=1&state_id=10');
    const row = one.data[0]!;
    const { body } = await list(`user_name=${encodeURIComponent(row.user_name!)}&payed=1&per_page=50`);
    expect(body.data.every((r) => r.user_name!.toLocaleLowerCase('az').includes(row.user_name!.toLocaleLowerCase('az')) && r.payed === 1)).toBe(true);
    const day = row.created_at.slice(0, 10);
    const { body: ranged } = await list(`date_from=${day}%2000:00:00&date_to=${day}%2023:59:59&per_page=50`);
    expect(ranged.data.map((r) => r.id)).toContain(row.id);
    expect(ranged.data.every((r) => r.created_at.startsWith(day))).toBe(true);
  });

  test('sorts by weight, heaviest first', async () => {
    const { body } = await list('sort_column=weight&sort_order=desc&per_page=50');
    const weights = body.data.map((r) => Number(r.weight));
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });

  test('an unknown sort column or a bad filter value answers 422 and lists the field', async () => {
    const sort = await list('sort_column=password_hash');
    expect(sort.status).toBe(422);
    expect(sort.body.errors).toHaveProperty('sort_column');
    const bad = await list('country_id=7');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('country_id');
  });

  test('LIKE wildcards in a text filter are taken literally', async () => {
    const { body } = await list('track_code=%25');
    expect(body.total).toBe(0);
  });

  test('quick search finds a declaration by track code and says so when it does not', async () => {
    const { body: all } = await list('per_page=1');
    const code = all.data[0]!.track_code;
    const found = await ctx.app.inject({ url: `/api/admin/declaration/info_by_track_code?track_code=${code}`, headers: bearer(token) });
    expect(found.json().data.id).toBe(all.data[0]!.id);
    const missing = await ctx.app.inject({ url: '/api/admin/declaration/info_by_track_code?track_code=AZ000', headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors.track_code).toHaveLength(1);
  });
});

describe('[DECLARATIONS][LIST] this month and the tiny list', () => {
  test('this_month holds only declarations created this month (office time zone)', async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.APP_TIMEZONE, year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    const res = await ctx.app.inject({ url: '/api/admin/declaration/this_month?per_page=50', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as DeclarationListRow[];
    expect(rows.every((r) => r.created_at.startsWith(month))).toBe(true);
    const older = await list(`date_to=${month}-01%2000:00:00&per_page=1`);
    if (older.body.data[0]) expect(rows.map((r) => r.id)).not.toContain(older.body.data[0].id);
  });

  test('minilist filters by provider', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/declaration/minilist?trendyol=2&per_page=50', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as DeclarationListRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.trendyol === 2)).toBe(true);
  });
});

describe('[DECLARATIONS][LIST] partner declarations', () => {
  test('only branch partner declarations, with the partner name; needs partner_declarations', async () => {
    const admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
    const res = await ctx.app.inject({ url: '/api/admin/declaration/partner_declarations?per_page=50', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as DeclarationListRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.partner_id !== null && !!r.partner_name)).toBe(true);
    const anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
    expect((await ctx.app.inject({ url: '/api/admin/declaration/partner_declarations', headers: anbar })).statusCode).toBe(403);
  });
});

describe('[DECLARATIONS][LIST] in a box, with a branch (the statistics\' "in boxes" and "no branch" figures)', () => {
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from declarations where deleted_at is null and ${where}`)).rows[0]!.n);

  test('in_box=1 lists exactly the parcels in a box, in_box=0 the others; with a range too', async () => {
    const boxed = await count(sql`container_id is not null`);
    const loose = await count(sql`container_id is null`);
    expect(boxed).toBeGreaterThan(0);
    expect(loose).toBeGreaterThan(0);
    const inBox = await list('in_box=1&per_page=100');
    expect(inBox.status).toBe(200);
    expect(inBox.body.total).toBe(boxed);
    expect(inBox.body.data.every((r) => r.container_id !== null)).toBe(true);
    const notInBox = await list('in_box=0&per_page=100');
    expect(notInBox.body.total).toBe(loose);
    expect(notInBox.body.data.every((r) => r.container_id === null)).toBe(true);
    const { body: newest } = await list('in_box=1&per_page=1');
    const day = newest.data[0]!.created_at.slice(0, 10);
    const ranged = await list(`in_box=true&date_from=${day}%2000:00:00&date_to=${day}%2023:59:59`);
    expect(ranged.body.total).toBe(await count(sql`container_id is not null and (created_at at time zone ${ctx.config.APP_TIMEZONE})::date = ${day}::date`));
  });

  test('the Tarif column\'s filter: tariff_category_id as real clients send it = plan_category_id, on the list', async () => {
    const category = (await ctx.database.db.execute<{ id: number; n: number }>(sql`select plan_category_id as id, count(*)::int as n from declarations
      where deleted_at is null and plan_category_id is not null group by plan_category_id order by count(*) desc limit 1`)).rows[0]!;
    expect(category.n).toBeGreaterThan(0);
    const byClients = await list(`tariff_category_id=${category.id}&per_page=100`);
    expect(byClients.status).toBe(200);
    expect(byClients.body.total).toBe(Math.min(category.n, 10000));
    expect(byClients.body.data.every((r) => r.tariff_category_id === category.id)).toBe(true);
    expect((await list(`plan_category_id=${category.id}&per_page=1`)).body.total).toBe(byClients.body.total);
    expect([400, 422]).toContain((await list('tariff_category_id=abc')).status);
  });

  test('has_branch=0 lists the parcels without a branch, has_branch=1 the others', async () => {
    // a few parcels lose their branch (as a background job would write it); the lists' cached totals are dropped
    await ctx.database.db.execute(sql`update declarations set branch_id = null where id in (select id from declarations where deleted_at is null order by id limit 7)`);
    readCachesOf(ctx.database.db)?.bump();
    const none = await count(sql`branch_id is null`);
    expect(none).toBeGreaterThanOrEqual(7);
    const without = await list('has_branch=0&per_page=100');
    expect(without.body.total).toBe(none);
    expect(without.body.data.every((r) => r.branch_id === null)).toBe(true);
    expect((await list('has_branch=1&per_page=1')).body.total).toBe(await count(sql`branch_id is not null`));
  });

  test('a bad flag value answers 422 naming the field', async () => {
    for (const [field, value] of [['in_box', '2'], ['in_box', 'yes'], ['has_branch', '-1']] as const) {
      const bad = await list(`${field}=${value}`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toHaveProperty(field);
    }
  });
});
