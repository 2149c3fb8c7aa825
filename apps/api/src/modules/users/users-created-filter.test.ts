import type { UserListRow } from '@app/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

/*
 * The users list by registration date (issue 19: the statistics' new customers open it):
 * date_from/date_to on created_at in office days (Asia/Baku), against direct SQL counts.
 */

let ctx: TestContext;
let ofis: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp({ declarations: 50 });
  ofis = bearer((await logInAs(ctx.app, 'ofis@example.az')).access_token);
}, 180_000);
afterAll(() => ctx?.close());

const list = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/admin/v2/client/list?${query}`, headers: ofis });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: UserListRow[]; total: number };
};
const count = async (where: ReturnType<typeof sql>) =>
  Number((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users where deleted_at is null and ${where}`)).rows[0]!.n);

describe('[USERS][LIST] registration date filter (date_from / date_to, office days)', () => {
  test('customers registered in a range, and of a branch, = a direct count of Baku days', async () => {
    const [{ from, to, branch }] = (await ctx.database.db.execute<{ from: string; to: string; branch: number }>(sql`
      select min((created_at at time zone 'Asia/Baku')::date)::text as from, max((created_at at time zone 'Asia/Baku')::date)::text as to,
             min(branch_id) as branch
      from users where admin = 0 and deleted_at is null`)).rows as [{ from: string; to: string; branch: number }];
    const days = sql`(created_at at time zone 'Asia/Baku')::date between ${from}::date and ${to}::date`;
    const all = await list(`admin=0&per_page=1&date_from=${from} 00:00:00&date_to=${to} 23:59:59`);
    expect(all.total).toBe(await count(sql`admin = 0 and ${days}`));
    expect(all.total).toBeGreaterThan(0);
    const ofBranch = await list(`admin=0&per_page=500&branch_id=${branch}&date_from=${from} 00:00:00&date_to=${to} 23:59:59`);
    expect(ofBranch.total).toBe(await count(sql`admin = 0 and branch_id = ${branch} and ${days}`));
    expect(ofBranch.data.every((r) => r.admin === 0 && r.branch_id === branch)).toBe(true);
    // one day: the rows listed are those created that Baku day
    const [{ day }] = (await ctx.database.db.execute<{ day: string }>(sql`
      select (created_at at time zone 'Asia/Baku')::date::text as day from users where admin = 0 and deleted_at is null order by id limit 1`)).rows as [{ day: string }];
    const oneDay = await list(`admin=0&per_page=500&date_from=${day} 00:00:00&date_to=${day} 23:59:59&sort_column=created_at&sort_order=desc`);
    expect(oneDay.total).toBe(await count(sql`admin = 0 and (created_at at time zone 'Asia/Baku')::date = ${day}::date`));
    expect(oneDay.data.every((r) => r.created_at.startsWith(day))).toBe(true);
    const stamps = oneDay.data.map((r) => r.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  test('a customer at 23:30 and at 23:59:59.5 Baku time on the last day is inside; one at 00:10 the next day is not', async () => {
    // Baku is UTC+4: 2031-03-31 23:30 there is 19:30 UTC; 00:10 on 2031-04-01 is 20:10 UTC on the 31st
    await ctx.database.db.execute(sql`insert into users (name, surname, email, admin, created_at) values
      ('Sərhəd', 'Daxil', 'edge-in@example.az', 0, '2031-03-31 19:30:00+00'),
      ('Sərhəd', 'Son saniyə', 'edge-last@example.az', 0, '2031-03-31 19:59:59.5+00'),
      ('Sərhəd', 'Xaric', 'edge-out@example.az', 0, '2031-03-31 20:10:00+00')`);
    const march = await list('admin=0&per_page=50&date_from=2031-03-01 00:00:00&date_to=2031-03-31 23:59:59');
    expect(march.data.map((r) => r.email).sort()).toEqual(['edge-in@example.az', 'edge-last@example.az']);
    expect((await list('admin=0&date_from=2031-03-31&date_to=2031-03-31')).total).toBe(2);
    const april = await list('admin=0&per_page=50&date_from=2031-04-01 00:00:00&date_to=2031-04-01 23:59:59');
    expect(april.data.map((r) => r.email)).toEqual(['edge-out@example.az']);
    expect(april.data[0]!.created_at).toBe('2031-04-01 00:10:00');
  });

  test('malformed dates are refused with the field named (422), never a 500', async () => {
    for (const q of ['date_from=2026-02-30', 'date_to=27.11.2026', 'date_from=2026-11-01 25:00:00', 'date_to=yesterday']) {
      const res = await ctx.app.inject({ url: `/api/admin/v2/client/list?${q}`, headers: ofis });
      expect([400, 422], q).toContain(res.statusCode);
      expect(Object.keys(res.json().errors ?? {}), q).toEqual([q.split('=')[0]]);
    }
  });
});
