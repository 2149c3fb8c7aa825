import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, postForm, queryString, startTestApp, writeOutsideApi, type TestContext } from '../../../test/harness';

/*
 * The statistics pages and the orders statistics in an office whose APP_TIMEZONE is not the
 * rollups' Asia/Baku (issue 19: "date ranges in the office's time zone"). Their days are then that
 * zone's days, summed from the source rows: every figure equals a direct SQL count over those days,
 * a row at 23:30 local time on the last day is inside and one at 00:30 the next day is not, and the
 * drill-down lists the rows of the figure.
 */

const ZONE = 'America/New_York';
/** The range's last day; on 2026-03-10 New York is at UTC-4 (summer time from 03-08), Baku at UTC+4. */
const LAST = '2026-03-10';
const range = { start_date: '2026-03-08', end_date: LAST };
/** 23:30 on the last day and 00:30 the day after, New York time (in UTC). */
const LATE = '2026-03-11 03:30:00+00';
const NEXT = '2026-03-11 04:30:00+00';

let ctx: TestContext;
let admin: Record<string, string>;

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const writeAsJob = (query: ReturnType<typeof sql>) => writeOutsideApi(ctx, query);
const qs = queryString;
async function json<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
/** The office day of a column in the zone, for direct SQL counts. */
const dayIn = (column: string) => sql.raw(`(${column} at time zone '${ZONE}')::date`);
const inRange = (column: string) => sql`${dayIn(column)} between ${range.start_date}::date and ${range.end_date}::date`;

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300, env: { APP_TIMEZONE: ZONE } });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('[STATISTICS][TIME ZONE] pages and orders statistics in another office time zone', () => {
  test('by_declarations_count and by_tariff_count: figures = SQL over the zone\'s days; 23:30 on the last day inside, 00:30 the next day not', async () => {
    const [late, next] = await rows<{ id: number }>(sql`select id from declarations where deleted_at is null order by id limit 2 offset 20`);
    await writeAsJob(sql`update declarations set created_at = ${LATE} where id = ${late!.id}`);
    await writeAsJob(sql`update declarations set created_at = ${NEXT} where id = ${next!.id}`);
    const [direct] = await rows<{ n: number; last: number }>(sql`
      select count(*)::int as n, (count(*) filter (where ${dayIn('created_at')} = ${LAST}::date))::int as last
      from declarations where deleted_at is null and ${inRange('created_at')}`);
    expect(direct!.last).toBeGreaterThan(0);

    const stats = await json<{ data: { changed_date: string; declaration_count: number }[]; total: { declaration_count: number } }>(
      `/api/admin/statistics/by_declarations_count?${qs(range)}`);
    expect(stats.total.declaration_count).toBe(direct!.n);
    expect(stats.data.find((d) => d.changed_date === LAST)?.declaration_count).toBe(direct!.last);
    const drill = await json<{ data: { id: number }[]; total: number }>(`/api/admin/statistics/by_declarations_count?${qs({ ...range, getlist: 'true', per_page: 500 })}`);
    expect(drill.total).toBe(stats.total.declaration_count);
    expect(drill.data.map((r) => r.id)).toContain(late!.id);
    expect(drill.data.map((r) => r.id)).not.toContain(next!.id);
    const lastDay = await json<{ data: { id: number }[]; total: number }>(
      `/api/admin/statistics/by_declarations_count?${qs({ ...range, changed_date: LAST, getlist: 'true', per_page: 500 })}`);
    expect(lastDay.total).toBe(direct!.last);

    const tariff = await json<{ total: { declaration_count: number }; data: { declaration_count: number }[] }>(`/api/admin/statistics/by_tariff_count?${qs(range)}`);
    expect(tariff.total.declaration_count).toBe(direct!.n);
    expect(tariff.data.reduce((a, r) => a + r.declaration_count, 0)).toBe(direct!.n);
    // the day after the range starts with the parcel at 00:30
    const after = await json<{ total: { declaration_count: number } }>(`/api/admin/statistics/by_tariff_count?${qs({ start_date: '2026-03-11', end_date: '2026-03-11' })}`);
    const [nextDay] = await rows<{ n: number }>(sql`select count(*)::int as n from declarations where deleted_at is null and ${dayIn('created_at')} = '2026-03-11'::date`);
    expect(after.total.declaration_count).toBe(nextDay!.n);
    expect(nextDay!.n).toBeGreaterThan(0);
  });

  test('by_payment_type_count and by_declaration_count: a counter payment at 23:30 on the last day counts, figures = SQL over the zone\'s days', async () => {
    const [c] = await rows<{ user_id: number }>(sql`
      select user_id from declarations where deleted_at is null and status_id = 9 and user_id is not null and not payed group by user_id order by count(*) desc limit 1`);
    const ids = (await rows<{ id: number }>(sql`select id from declarations where user_id = ${c!.user_id} and status_id = 9 and deleted_at is null and not payed order by id limit 2`)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const paid = await postForm(ctx.app, '/api/admin/declaration/pay', admin, { declaration_id: ids.join(','), confirm: 1, cash: '30.00', terminal: '1.00' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await rows<{ id: number }>(sql`select id from declaration_payments order by id desc limit 1`);
    await writeAsJob(sql`update declaration_payments set created_at = ${LATE} where id = ${payment!.id}`);
    await writeAsJob(sql`update balance_operations set created_at = ${LATE} where object_model = 'declaration_payment' and object_id = ${payment!.id}`);

    const [ops] = await rows<{ n: number; azn: string }>(sql`
      select count(*)::int as n, coalesce(sum(amount_azn), 0)::text as azn from balance_operations
      where object_model = 'declaration_payment' and type = 2 and status_id = 18 and ${inRange('created_at')}`);
    expect(ops!.n).toBeGreaterThanOrEqual(2);
    const byType = await json<{ total: { count: number; price: number }; data: { date: string; count: number }[] }>(`/api/admin/statistics/by_payment_type_count?${qs(range)}`);
    expect(byType.total.count).toBe(ops!.n);
    expect(byType.total.price).toBeCloseTo(Number(ops!.azn), 2);
    expect(byType.data.find((d) => d.date === LAST)?.count).toBeGreaterThanOrEqual(2);
    const opsDrill = await json<{ total: number; data: { object_id: number }[] }>(`/api/admin/statistics/by_payment_type_count?${qs({ ...range, getlist: 'true', per_page: 100 })}`);
    expect(opsDrill.total).toBe(byType.total.count);
    expect(opsDrill.data.map((r) => r.object_id)).toContain(payment!.id);

    const [parcels] = await rows<{ n: number }>(sql`
      select coalesce(sum(jsonb_array_length(declaration_ids)), 0)::int as n from declaration_payments where ${inRange('created_at')}`);
    const byParcel = await json<{ total: { declaration_count: number }; data: { payed_date: string; declaration_count: number }[] }>(
      `/api/admin/statistics/by_declaration_count?${qs(range)}`);
    expect(byParcel.total.declaration_count).toBe(parcels!.n);
    expect(byParcel.data.filter((d) => d.payed_date === LAST).reduce((a, d) => a + d.declaration_count, 0)).toBeGreaterThanOrEqual(ids.length);
    // the day after the range does not hold it
    const after = await json<{ total: { declaration_count: number } }>(`/api/admin/statistics/by_declaration_count?${qs({ start_date: '2026-03-11', end_date: '2026-03-11' })}`);
    const [nextDay] = await rows<{ n: number }>(sql`
      select coalesce(sum(jsonb_array_length(declaration_ids)), 0)::int as n from declaration_payments where ${dayIn('created_at')} = '2026-03-11'::date`);
    expect(after.total.declaration_count).toBe(nextDay!.n);
  });

  test('by_orders_count: orders per day of the zone = SQL; 23:30 on the last day inside, 00:30 the next day not; the drill-down lists them', async () => {
    const [late, next] = await rows<{ id: number }>(sql`select id from orders where deleted_at is null order by id limit 2`);
    expect(next).toBeDefined();
    await writeAsJob(sql`update orders set created_at = ${LATE} where id = ${late!.id}`);
    await writeAsJob(sql`update orders set created_at = ${NEXT} where id = ${next!.id}`);
    const [direct] = await rows<{ n: number; last: number }>(sql`
      select count(*)::int as n, (count(*) filter (where ${dayIn('created_at')} = ${LAST}::date))::int as last
      from orders where deleted_at is null and ${inRange('created_at')}`);
    const stats = await json<{ data: { changed_date: string; order_count: number }[]; total: { order_count: number } }>(`/api/admin/statistics/by_orders_count?${qs(range)}`);
    expect(stats.total.order_count).toBe(direct!.n);
    expect(stats.data.find((d) => d.changed_date === LAST)?.order_count).toBe(direct!.last);
    const drill = await json<{ data: { id: number }[]; total: number }>(`/api/admin/statistics/by_orders_count?${qs({ ...range, getlist: 'true', per_page: 100 })}`);
    expect(drill.total).toBe(direct!.n);
    expect(drill.data.map((r) => r.id)).toContain(late!.id);
    expect(drill.data.map((r) => r.id)).not.toContain(next!.id);
    const admins = await json<{ total: { order_count: number } }>(`/api/admin/statistics/by_orders_admin_count?${qs(range)}`);
    expect(admins.total.order_count).toBe(direct!.n);
  });
});
