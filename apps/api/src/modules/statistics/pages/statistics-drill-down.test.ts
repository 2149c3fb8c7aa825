import type { DeclarationCountsAggregateReply, PaidDeclarationCountsAggregateReply, PaymentTypeCountsAggregateReply } from '@app/contract/statistics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, postForm, queryString, startTestApp, writeOutsideApi, type TestContext } from '../../../test/harness';

/*
 * Statistics drill-downs (issue 19 items 2–3): the rows behind a number count exactly that number.
 * Past the lists' 10,000 cap too (decision 0004 addendum: the drill-down's total is the figure, from
 * the same rollup, total_kind 'exact'), and by_declaration_count opens the parcels it counts.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let partner: Record<string, string>;

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const writeAsJob = (query: ReturnType<typeof sql>) => writeOutsideApi(ctx, query);
const qs = queryString;
async function json<T>(url: string, headers = admin): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
interface Drill { data: { id: number; state_id: number; partner_id: number | null; track_code: string; weight: string | null }[]; total: number; total_kind?: string }

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('[STATISTICS][DRILL] a figure above 10,000 opens a drill-down that counts it exactly', () => {
  const DAY = '2001-02-03';
  const BIG = 10_040;

  beforeAll(async () => {
    // 10,040 copies of one parcel on one office day (12:00 Baku), half of them the partner company's (2)
    const columns = (await rows<{ c: string }>(sql`
      select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as c from information_schema.columns
      where table_schema = current_schema() and table_name = 'declarations' and column_name not in ('id', 'created_at', 'track_code', 'partner_id')
        and is_generated = 'NEVER'`))[0]!.c;
    const cols = sql.raw(columns);
    await writeAsJob(sql`
      insert into declarations (${cols}, created_at, track_code, partner_id)
      select ${cols}, '${sql.raw(DAY)} 08:00:00+00', 'DRILL' || g, case when g % 2 = 0 then 2 end
      from declarations, generate_series(1, ${BIG}) g where id = (select min(id) from declarations where deleted_at is null and status_id = 9)`);
  }, 120_000);
  afterAll(async () => {
    await writeAsJob(sql`delete from declarations where track_code like 'DRILL%'`);
  });

  test('by_declarations_count: the list alone says 10000+, the drill-down the figure (exact), on its last page too', async () => {
    const day = { start_date: DAY, end_date: DAY };
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs(day)}`);
    const [direct] = await rows<{ n: number }>(sql`
      select count(*)::int as n from declarations where deleted_at is null and (created_at at time zone 'Asia/Baku')::date = ${DAY}::date`);
    expect(stats.total.declaration_count).toBe(direct!.n);
    expect(stats.total.declaration_count).toBeGreaterThan(10_000);
    const list = await json<{ total: number; total_kind: string }>(`/api/admin/v2/declaration/list?${qs({ date_from: `${DAY} 00:00:00`, date_to: `${DAY} 23:59:59`, per_page: 1 })}`);
    expect(list).toMatchObject({ total: 10_000, total_kind: 'capped' });
    const drill = await json<Drill>(`/api/admin/statistics/by_declarations_count?${qs({ ...day, getlist: 'true', per_page: 100, page: 1 })}`);
    expect(drill).toMatchObject({ total: stats.total.declaration_count, total_kind: 'exact' });
    expect(drill.data).toHaveLength(100);
    const lastPage = Math.ceil(drill.total / 100);
    const last = await json<Drill>(`/api/admin/statistics/by_declarations_count?${qs({ ...day, getlist: 'true', per_page: 100, page: lastPage })}`);
    expect(last.data).toHaveLength(drill.total - (lastPage - 1) * 100);
    // one status of the day (what a click on the status' number sends), and one day of a longer range
    const byState = stats.by_state[0]!;
    expect((await json<Drill>(`/api/admin/statistics/by_declarations_count?${qs({ ...day, state_id: byState.state_id, getlist: 'true', per_page: 1 })}`)).total)
      .toBe(byState.declaration_count);
    const ofDay = await json<Drill>(`/api/admin/statistics/by_declarations_count?${qs({ start_date: '2001-01-01', end_date: '2001-12-31', changed_date: DAY, getlist: 'true', per_page: 1 })}`);
    expect(ofDay).toMatchObject({ total: stats.total.declaration_count, total_kind: 'exact' });
  });

  test('by_tariff_count: the total\'s and a plan category\'s drill-downs count their figures exactly', async () => {
    const day = { start_date: DAY, end_date: DAY };
    const stats = await json<{ data: { plan_category_id: number | null; declaration_count: number }[]; total: { declaration_count: number } }>(
      `/api/admin/statistics/by_tariff_count?${qs(day)}`);
    expect(stats.total.declaration_count).toBeGreaterThan(10_000);
    expect(await json<Drill>(`/api/admin/statistics/by_tariff_count?${qs({ ...day, getlist: 'true', per_page: 1 })}`))
      .toMatchObject({ total: stats.total.declaration_count, total_kind: 'exact' });
    for (const c of stats.data.filter((x) => x.plan_category_id !== null)) {
      expect(await json<Drill>(`/api/admin/statistics/by_tariff_count?${qs({ ...day, plan_category_id: c.plan_category_id!, getlist: 'true', per_page: 1 })}`))
        .toMatchObject({ total: c.declaration_count, total_kind: 'exact' });
    }
  });

  test('partner_by_declarations_count: the partner\'s own drill-down counts its figure exactly, and lists only its parcels', async () => {
    const day = { start_date: DAY, end_date: DAY };
    const own = await json<{ total: { declaration_count: number } }>(`/api/admin/statistics/partner_by_declarations_count?${qs(day)}`, partner);
    const [mine] = await rows<{ n: number }>(sql`
      select count(*)::int as n from declarations where deleted_at is null and partner_id = 2 and (created_at at time zone 'Asia/Baku')::date = ${DAY}::date`);
    expect(own.total.declaration_count).toBe(mine!.n);
    expect(mine!.n).toBeGreaterThan(5000);
    const drill = await json<Drill>(`/api/admin/statistics/partner_by_declarations_count?${qs({ ...day, company_id: 3, getlist: 'true', per_page: 50 })}`, partner);
    expect(drill).toMatchObject({ total: mine!.n, total_kind: 'exact' });
    expect(drill.data.every((r) => r.partner_id === 2)).toBe(true);
  });
});

describe('[STATISTICS][DRILL] by_declaration_count opens the parcels it counts', () => {
  test('getlist=true: declarations list rows, one per parcel paid in the range under the payment\'s main type; total = the figure', async () => {
    // two handovers: one mostly cash (main type 1), one all terminal (main type 3: the whole debt)
    const waiting = sql`deleted_at is null and status_id = 9 and user_id is not null and not payed and delivery_price > 0`;
    const customers = await rows<{ user_id: number }>(sql`
      select user_id from declarations where ${waiting} group by user_id having count(*) >= 2 order by count(*) desc, user_id limit 2`);
    expect(customers).toHaveLength(2);
    const paidIds: number[][] = [];
    for (const [i, c] of customers.entries()) {
      const ids = (await rows<{ id: number }>(sql`select id from declarations where user_id = ${c.user_id} and ${waiting} order by id limit 2`)).map((r) => r.id);
      const details = await postForm(ctx.app, '/api/admin/declaration/pay', admin, { declaration_id: ids.join(','), confirm: 0 });
      expect(details.statusCode, details.body).toBe(200);
      const debt = (details.json() as { data: { debt: { total: string } } }).data.debt.total;
      const parts: Record<string, string> = i === 0 ? { cash: String(Number(debt) + 5), terminal: '0.01' } : { terminal: debt };
      const paid = await postForm(ctx.app, '/api/admin/declaration/pay', admin, { declaration_id: ids.join(','), confirm: 1, ...parts });
      expect(paid.statusCode, paid.body).toBe(200);
      paidIds.push(ids);
    }
    const [span] = await rows<{ first: string; last: string }>(sql`
      select min((created_at at time zone 'Asia/Baku')::date)::text as first, max((created_at at time zone 'Asia/Baku')::date)::text as last from declaration_payments`);
    const r = { start_date: span!.first, end_date: span!.last };
    const stats = await json<PaidDeclarationCountsAggregateReply>(`/api/admin/statistics/by_declaration_count?${qs(r)}`);
    // every parcel of every payment in the range, newest payment first (direct SQL)
    const expected = (await rows<{ id: number }>(sql`
      select x.id::int as id from declaration_payments p cross join lateral jsonb_array_elements_text(p.declaration_ids) with ordinality x(id, n)
      where (p.created_at at time zone 'Asia/Baku')::date between ${r.start_date}::date and ${r.end_date}::date
      order by p.created_at desc, p.id desc, x.n`)).map((x) => x.id);
    expect(stats.total.declaration_count).toBe(expected.length);
    const drill = await json<Drill>(`/api/admin/statistics/by_declaration_count?${qs({ ...r, getlist: 'true', per_page: 500 })}`);
    expect(drill).toMatchObject({ total: stats.total.declaration_count, total_kind: 'exact' });
    expect(drill.data.map((x) => x.id)).toEqual(expected);
    // the declarations list's row shape (what clients read in this drill-down)
    expect(drill.data[0]).toEqual(expect.objectContaining({ id: paidIds[1]![0], track_code: expect.any(String), state_id: expect.any(Number), user_name: expect.any(String) }));
    // paged
    const second = await json<Drill>(`/api/admin/statistics/by_declaration_count?${qs({ ...r, getlist: 'true', per_page: 1, page: 2 })}`);
    expect(second.data.map((x) => x.id)).toEqual([expected[1]]);

    // one payment type: the terminal handover's parcels, as many as that type's figure
    const terminal = await json<PaidDeclarationCountsAggregateReply>(`/api/admin/statistics/by_declaration_count?${qs({ ...r, payment_type: 3 })}`);
    const terminalDrill = await json<Drill>(`/api/admin/statistics/by_declaration_count?${qs({ ...r, payment_type: 3, getlist: 'true', per_page: 500 })}`);
    expect(terminalDrill.total).toBe(terminal.total.declaration_count);
    expect(terminalDrill.data.map((x) => x.id)).toEqual(expect.arrayContaining(paidIds[1]!));
    expect(terminalDrill.data.map((x) => x.id)).not.toContain(paidIds[0]![0]);
    expect(terminalDrill.data).toHaveLength(terminalDrill.total);
    // one day of the chart (the day of the last payment)
    const day = stats.data.at(-1)!;
    const dayDrill = await json<Drill>(`/api/admin/statistics/by_declaration_count?${qs({ ...r, changed_date: day.payed_date, payment_type: day.payment_type, getlist: 'true', per_page: 1 })}`);
    expect(dayDrill.total).toBe(day.declaration_count);

    // sorted by a declarations list column: the same parcels in that order
    const byWeight = await json<Drill>(`/api/admin/statistics/by_declaration_count?${qs({ ...r, getlist: 'true', per_page: 500, sort_column: 'weight', sort_order: 'desc' })}`);
    expect(byWeight.data.map((x) => x.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    const weights = byWeight.data.map((x) => (x.weight === null ? Infinity : Number(x.weight)));
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    // a sort column the declarations list does not have is refused with its field
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/admin/statistics/by_declaration_count?${qs({ ...r, getlist: 'true', sort_column: 'amount' })}`, headers: admin });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['sort_column']);
  });

  test('by_payment_type_count: the drill-down of operations counts its figure exactly too', async () => {
    const [span] = await rows<{ first: string; last: string }>(sql`
      select min((created_at at time zone 'Asia/Baku')::date)::text as first, max((created_at at time zone 'Asia/Baku')::date)::text as last from balance_operations`);
    const r = { start_date: span!.first, end_date: span!.last };
    const stats = await json<PaymentTypeCountsAggregateReply>(`/api/admin/statistics/by_payment_type_count?${qs(r)}`);
    expect(stats.total.count).toBeGreaterThan(0);
    const drill = await json<{ total: number; total_kind: string }>(`/api/admin/statistics/by_payment_type_count?${qs({ ...r, getlist: 'true', per_page: 1 })}`);
    expect(drill).toMatchObject({ total: stats.total.count, total_kind: 'exact' });
  });
});

describe('[STATISTICS][DRILL] the last second of an office day', () => {
  test('a parcel at 23:59:59.5 Baku is in the day\'s figure, among its drill-down rows and in the declarations list the figure links to', async () => {
    const [x] = await rows<{ id: number }>(sql`select id from declarations where deleted_at is null order by id limit 1 offset 7`);
    await writeAsJob(sql`update declarations set created_at = '2019-05-06 19:59:59.5+00' where id = ${x!.id}`); // 23:59:59.5 in Baku (UTC+4 since 2016, no summer time)
    const day = { start_date: '2019-05-06', end_date: '2019-05-06' };
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs(day)}`);
    const [direct] = await rows<{ n: number }>(sql`
      select count(*)::int as n from declarations where deleted_at is null and (created_at at time zone 'Asia/Baku')::date = '2019-05-06'::date`);
    expect(stats.total.declaration_count).toBe(direct!.n);
    const drill = await json<Drill>(`/api/admin/statistics/by_declarations_count?${qs({ ...day, getlist: 'true', per_page: 500 })}`);
    expect(drill.data.map((r) => r.id)).toContain(x!.id);
    expect(drill.data).toHaveLength(drill.total);
    const list = await json<{ total: number }>(`/api/admin/v2/declaration/list?${qs({ date_from: '2019-05-06 00:00:00', date_to: '2019-05-06 23:59:59', per_page: 1 })}`);
    expect(list.total).toBe(stats.total.declaration_count);
  });
});
