import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, startTestApp, type TestContext } from '../test/harness';
import { ReadCache, WriteEpoch } from './write-epoch';

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp({ customers: 20, declarations: 120 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
}, 120_000);
afterAll(async () => ctx?.close());

const list = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/v2/declaration/list?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: number; state_id: number }[]; total: number; total_kind: string };
};

describe('[PLATFORM][LISTS] cached totals and fixed row SQL never show a stale list (issue 15)', () => {
  test('a status change through the API shows in the next total at once, though totals are cached for seconds', async () => {
    const rows = await ctx.database.db.execute<{ id: number }>(sql`select id from declarations where status_id = 9 and deleted_at is null order by id limit 1`);
    const id = Number(rows.rows[0]!.id);
    const before = await list('state_id=9');
    expect(before.total_kind).toBe('exact');
    expect((await list('state_id=9')).total).toBe(before.total); // served from the cache
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/v2/declaration/edit/state', headers: admin, payload: { declaration_ids: String(id), new_state_id: 36 } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list('state_id=9');
    expect(after.total).toBe(before.total - 1);
    expect(after.data.map((r) => r.id)).not.toContain(id);
  });

  test('pages keep the order of their sort (rows are read by id in the page order)', async () => {
    const page = await list('sort_column=weight&sort_order=desc&per_page=25');
    const weights = await ctx.database.db.execute<{ id: number }>(sql`select id from declarations where deleted_at is null order by weight desc, id desc limit 25`);
    expect(page.data.map((r) => r.id)).toEqual(weights.rows.map((r) => Number(r.id)));
  });

  test('the cache: a value is reused within its time, dropped by a write, and a load overlapping a write is not kept', async () => {
    const epoch = new WriteEpoch();
    const cache = new ReadCache<number>(epoch, 60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    epoch.bump();
    expect(await cache.getOrLoad('k', load)).toBe(2);
    // a write ends while the value is being read: this request gets it, the next one reads again
    expect(await cache.getOrLoad('k2', async () => { epoch.bump(); return ++loads; })).toBe(3);
    expect(await cache.getOrLoad('k2', load)).toBe(4);
    const short = new ReadCache<number>(epoch, 0);
    expect(await short.getOrLoad('k', load)).toBe(5);
    expect(await short.getOrLoad('k', load)).toBe(6);
  });
});
