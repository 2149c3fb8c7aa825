import type { DeletedDeclarationRow, PostDeclarationRow } from '@app/contract/declaration-lists';
import type { DeclarationListRow } from '@app/contract/declarations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { declarations, postDeclarations } from '../../../db/schema/declarations';
import { bearer, logInAs, postForm, startTestApp, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
let ofis: Record<string, string>;   // back office: deleted, post, archive; not partner_declarations
let anbar: Record<string, string>;  // storage worker: none of these lists
let partner: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 400 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
  anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });
const count = async (table: typeof declarations | typeof postDeclarations) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('[DECLARATIONS][LISTS] deleted declarations', () => {
  test('the declarations customs lists as withdrawn, as our rows: the citizen\'s (no one of ours) and the ones we cancelled (who did); newest first', async () => {
    const all = await get('/api/admin/customs/deleteddeclarations?per_page=100', ofis);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as { data: DeletedDeclarationRow[]; total: number; total_kind: string };
    expect(body.total_kind).toBe('exact');
    expect(body.total).toBe(body.data.length);
    const withdrawn = (await ctx.database.db.execute<{ track_code: string; live: boolean }>(sql`
      select cp.track_code, d.deleted_at is null as live from customs_parcels cp join declarations d on d.track_code = cp.track_code
      where cp.declaration_deleted_at is not null`)).rows;
    expect(body.data.map((r) => r.track_code).sort()).toEqual(withdrawn.map((w) => w.track_code).sort());
    const byCitizen = body.data.filter((r) => withdrawn.find((w) => w.track_code === r.track_code)!.live);
    const byUs = body.data.filter((r) => !withdrawn.find((w) => w.track_code === r.track_code)!.live);
    expect(byCitizen.length).toBeGreaterThan(0);
    expect(byUs.length).toBeGreaterThan(0);
    expect(byCitizen.every((r) => r.deleted_by_id === null && r.deleted_by_name === null)).toBe(true);
    expect(byUs.every((r) => r.deleted_by_id && r.deleted_by_name)).toBe(true);
    const times = body.data.map((r) => r.deleted_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the list's filters: one track code, and the withdrawal date range
    const one = (await get(`/api/admin/customs/deleteddeclarations?track_code=${byCitizen[0]!.track_code}`, ofis)).json();
    expect(one.data.map((r: DeletedDeclarationRow) => r.id)).toEqual([byCitizen[0]!.id]);
    const day = byCitizen[0]!.deleted_at.slice(0, 10);
    const sameDay = (await get(`/api/admin/customs/deleteddeclarations?deleted_from=${day} 00:00:00&deleted_to=${day} 23:59:59&per_page=100`, ofis)).json();
    expect(sameDay.data.length).toBeGreaterThan(0);
    expect(sameDay.data.every((r: DeletedDeclarationRow) => r.deleted_at.startsWith(day))).toBe(true);
  });

  test('a declaration cancelled before customs had it is not a deleted customs declaration', async () => {
    const list = (await get('/api/admin/v2/declaration/list?per_page=50', ofis)).json().data as DeclarationListRow[];
    const [row] = (await ctx.database.db.execute<{ id: number }>(sql`
      select d.id from declarations d where d.deleted_at is null and d.id in ${list.map((r) => r.id)}
        and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code) limit 1`)).rows;
    const victim = list.find((r) => r.id === row!.id)!;
    expect((await postForm(ctx.app, `/api/admin/declaration/cancel?declaration_id=${victim.id}`, ofis)).statusCode).toBe(200);
    expect((await get(`/api/admin/customs/deleteddeclarations?track_code=${victim.track_code}`, ofis)).json().total).toBe(0);
    // info still reads it
    expect((await get(`/api/admin/declaration/info?declaration_id=${victim.id}`, ofis)).json().data.deleted_at).not.toBeNull();
  });

  test('refused without the permission; bad filters are 422', async () => {
    expect((await get('/api/admin/customs/deleteddeclarations', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/customs/deleteddeclarations', partner)).statusCode).toBe(403);
    const bad = await get('/api/admin/customs/deleteddeclarations?deleted_from=yesterday&sort_column=weight', ofis);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['deleted_from', 'sort_column']));
  });
});

describe('[DECLARATIONS][LISTS] post declarations', () => {
  test('spec §3 shape, newest first; filters by customs id, declaration id, track code, read flag', async () => {
    const res = await get('/api/admin/post_declarations', ofis);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as PostDeclarationRow[];
    expect(rows.length).toBeGreaterThan(0);
    const first = rows[0]!;
    expect(Object.keys(first).sort()).toEqual(['created_at', 'customs_id', 'declaration_id', 'dgk_price', 'id', 'price', 'is_new', 'track_code', 'user_id', 'user_name', 'user_code'].sort());
    expect(rows.map((r) => r.created_at)).toEqual([...rows.map((r) => r.created_at)].sort().reverse());
    const byCustoms = (await get(`/api/admin/post_declarations?customs_id=${first.customs_id}`, ofis)).json();
    expect(byCustoms.data.map((r: PostDeclarationRow) => r.id)).toEqual([first.id]);
    const byDeclaration = (await get(`/api/admin/post_declarations?declaration_id=${first.declaration_id}`, ofis)).json();
    expect(byDeclaration.total).toBe(1);
    const byCode = (await get(`/api/admin/post_declarations?track_code=${first.track_code.slice(2, 9)}`, ofis)).json().data as PostDeclarationRow[];
    expect(byCode.some((r) => r.id === first.id)).toBe(true);
    const unread = (await get('/api/admin/post_declarations?is_new=1&per_page=50', ofis)).json().data as PostDeclarationRow[];
    expect(unread.every((r) => r.is_new === 1)).toBe(true);
    const sorted = (await get('/api/admin/post_declarations?sort_column=dgk_price&sort_order=desc&per_page=10', ofis)).json().data as PostDeclarationRow[];
    const prices = sorted.map((r) => Number(r.dgk_price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test('refused without post_declarations; bad input 422 and nothing changed', async () => {
    const before = await count(postDeclarations);
    expect((await get('/api/admin/post_declarations', anbar)).statusCode).toBe(403);
    const bad = await get('/api/admin/post_declarations?price=abc&declaration_id=-1&per_page=0', ofis);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['price', 'declaration_id', 'per_page']));
    expect(await count(postDeclarations)).toBe(before);
  });
});

describe('[DECLARATIONS][LISTS] archive', () => {
  test('only finished declarations (10 or 12) created over 30 days ago; the list filters apply', async () => {
    const res = await get('/api/admin/declaration/archive?per_page=50', ofis);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as DeclarationListRow[];
    expect(rows.length).toBeGreaterThan(0);
    const monthAgo = Date.now() - 30 * 86_400_000;
    for (const r of rows) {
      expect([10, 12]).toContain(r.state_id);
      expect(new Date(r.created_at.replace(' ', 'T')).getTime()).toBeLessThan(monthAgo + 86_400_000);
    }
    const returned = (await get('/api/admin/declaration/archive?state_id=12&per_page=50', ofis)).json().data as DeclarationListRow[];
    expect(returned.every((r) => r.state_id === 12)).toBe(true);
    const one = (await get(`/api/admin/declaration/archive?track_code=${rows[0]!.track_code}`, ofis)).json();
    expect(one.data.map((r: DeclarationListRow) => r.id)).toEqual([rows[0]!.id]);
  });

  test('refused without declarations_archive; bad input 422', async () => {
    expect((await get('/api/admin/declaration/archive', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/declaration/archive', partner)).statusCode).toBe(403);
    expect((await get('/api/admin/declaration/archive?country_id=7', ofis)).statusCode).toBe(422);
  });
});

describe('[DECLARATIONS][LISTS] partner, this month and minilist variants', () => {
  test('partner declarations need partner_declarations and carry the partner name', async () => {
    expect((await get('/api/admin/declaration/partner_declarations', ofis)).statusCode).toBe(403);
    const res = await get('/api/admin/declaration/partner_declarations', admin);
    expect(res.statusCode).toBe(200);
    for (const r of res.json().data as DeclarationListRow[]) expect(r.partner_id && r.partner_name).toBeTruthy();
  });

  test("this_month lists one customer's declarations of this month; minilist filters by provider", async () => {
    const [row] = (await ctx.database.db.execute<{ user_id: number }>(sql`select user_id from declarations where deleted_at is null
      and created_at >= date_trunc('month', now() at time zone 'Asia/Baku') at time zone 'Asia/Baku' and user_id is not null limit 1`)).rows;
    if (row) {
      const month = (await get(`/api/admin/declaration/this_month?user_id=${row.user_id}`, ofis)).json().data as DeclarationListRow[];
      expect(month.length).toBeGreaterThan(0);
      expect(month.every((r) => r.user_id === row.user_id)).toBe(true);
    }
    const temu = (await get('/api/admin/declaration/minilist?trendyol=2&per_page=50', ofis)).json().data as DeclarationListRow[];
    expect(temu.every((r) => r.trendyol === 2)).toBe(true);
    expect((await get('/api/admin/declaration/minilist?trendyol=5', ofis)).statusCode).toBe(422);
  });
});

describe('[DECLARATIONS][ARCHIVE] archive_export', () => {
  test('a CSV (BOM, declaration_archive_… file) of the archive with its filters and sort; refused without declarations_archive', async () => {
    const listed = (await get('/api/admin/declaration/archive?state_id=12&per_page=1000', ofis)).json() as { data: DeclarationListRow[]; total: number };
    expect(listed.data.length).toBeGreaterThan(0);
    const res = await get('/api/admin/declaration/archive_export?state_id=12', ofis);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="declaration_archive_\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines.length - 1).toBe(listed.total);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(listed.data.map((r) => r.id));
    expect(lines[1]).toContain(listed.data[0]!.track_code);
    expect((await get('/api/admin/declaration/archive_export', anbar)).statusCode).toBe(403);
    expect((await get('/api/admin/declaration/archive_export', partner)).statusCode).toBe(403);
  });
});
