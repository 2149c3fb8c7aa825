import { declarationListParams, paymentListParams, type DeclarationCountsAggregateReply, type PaymentTypeCountsAggregateReply } from '@app/contract/statistics';
import { azStatistics } from '@app/contract/texts/az-statistics';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, postForm, queryString, startTestApp, writeOutsideApi, type TestContext } from '../../../test/harness';

/*
 * Statistics pages API (issue 19 items 2–4): every figure against a direct SQL count of the source
 * rows and against the total of the list it links to (the contract's declarationListParams /
 * paymentListParams); office days in Asia/Baku; partner scoping; bad ranges.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let partner: Record<string, string>;
let warehouseman: Record<string, string>;

const db = () => ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[];
const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
const writeAsJob = (query: ReturnType<typeof sql>) => writeOutsideApi(ctx, query);
const qs = queryString;

async function json<T>(url: string, headers = admin): Promise<T> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** The declarations list's total for the given params (what a user opening the linked list sees). */
async function declarationListTotal(params: Record<string, string>): Promise<number> {
  return (await json<{ total: number }>(`/api/admin/v2/declaration/list?${qs({ ...params, per_page: 1 })}`)).total;
}

/** Live declarations created in [from, to] (office days, Asia/Baku), counted directly. */
async function sqlDeclarations(from: string, to: string, extra = sql`true`) {
  const [r] = await rows<{ n: number; price: string; delivery: string }>(sql`
    select count(*)::int as n, coalesce(sum(price), 0)::text as price, coalesce(sum(delivery_price), 0)::text as delivery
    from declarations
    where deleted_at is null and (created_at at time zone 'Asia/Baku')::date between ${from}::date and ${to}::date and ${extra}`);
  return { count: Number(r!.n), price: Number(r!.price), delivery: Number(r!.delivery) };
}

let range: { start_date: string; end_date: string };

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 300 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  warehouseman = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
  // the demo's whole history of parcels as the range (a year or more)
  const [span] = await rows<{ first: string; last: string }>(sql`
    select min((created_at at time zone 'Asia/Baku')::date)::text as first, max((created_at at time zone 'Asia/Baku')::date)::text as last
    from declarations where deleted_at is null`);
  range = { start_date: span!.first, end_date: span!.last };
  // a few parcels of partner company 2 (the partner's), one of company 3, through ordinary updates (the rollup's update trigger)
  await writeAsJob(sql`update declarations set partner_id = 2 where id in (select id from declarations where deleted_at is null order by id limit 12)`);
  await writeAsJob(sql`update declarations set partner_id = 3 where id in (select id from declarations where deleted_at is null order by id desc limit 5)`);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('[STATISTICS][DECLARATIONS] by_declarations_count', () => {
  test('the total equals a direct SQL count and the declarations list opened with the same filters; every day, status and branch too', async () => {
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs(range)}`);
    const direct = await sqlDeclarations(range.start_date, range.end_date);
    expect(stats.total.declaration_count).toBe(direct.count);
    expect(stats.total.declaration_count).toBeGreaterThan(100);
    expect(stats.total.price).toBeCloseTo(direct.price, 2);
    expect(stats.total.delivery_price).toBeCloseTo(direct.delivery, 2);
    expect(await declarationListTotal(declarationListParams(range))).toBe(direct.count);
    expect(stats.data.reduce((a, r) => a + r.declaration_count, 0)).toBe(direct.count);
    expect(stats.by_state.reduce((a, r) => a + r.declaration_count, 0)).toBe(direct.count);
    for (const s of stats.by_state) {
      expect(await declarationListTotal(declarationListParams(range, { state_id: s.state_id })), s.state_name).toBe(s.declaration_count);
    }
    for (const b of stats.by_branch.filter((x) => x.branch_id !== null)) {
      expect(await declarationListTotal(declarationListParams(range, { branch_id: b.branch_id }))).toBe(b.declaration_count);
    }
    const cell = stats.by_branch_state.find((c) => c.branch_id !== null && c.declaration_count > 1)!;
    expect(await declarationListTotal(declarationListParams(range, { state_id: cell.state_id, branch_id: cell.branch_id }))).toBe(cell.declaration_count);
    const day = stats.data.at(-1)!;
    expect(await declarationListTotal(declarationListParams(range, { day: day.changed_date }))).toBe(day.declaration_count);
    expect((await sqlDeclarations(day.changed_date, day.changed_date)).count).toBe(day.declaration_count);
  });

  test('filters state_id and branch_id (one or several) narrow the figures as the list narrows', async () => {
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs({ ...range, state_id: '9,10', branch_id: 1 })}`);
    const direct = await sqlDeclarations(range.start_date, range.end_date, sql`status_id in (9, 10) and branch_id = 1`);
    expect(stats.total.declaration_count).toBe(direct.count);
    expect(stats.by_state.every((s) => [9, 10].includes(s.state_id))).toBe(true);
    expect(await declarationListTotal(declarationListParams(range, { state_id: [9, 10], branch_id: 1 }))).toBe(direct.count);
  });

  test('getlist=true is the declarations list of the figure: same total, list rows, paged and sorted', async () => {
    const params = { ...range, state_id: 9 };
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs(params)}`);
    const page = await json<{ data: { id: number; state_id: number; weight: string | null }[]; total: number }>(
      `/api/admin/statistics/by_declarations_count?${qs({ ...params, getlist: 'true', per_page: 5, page: 1, sort_column: 'weight', sort_order: 'desc' })}`);
    expect(page.total).toBe(stats.total.declaration_count);
    expect(page.data.length).toBe(Math.min(5, page.total));
    expect(page.data.every((r) => r.state_id === 9)).toBe(true);
    const weights = page.data.map((r) => Number(r.weight ?? 0));
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });

  test('office days in Asia/Baku: a parcel at 23:30 Baku time on the last day is inside, one at 00:30 the next day is not', async () => {
    const [a, b] = await rows<{ id: number }>(sql`select id from declarations where deleted_at is null order by id limit 2 offset 40`);
    // 2026-03-10 23:30 Baku = 19:30 UTC; 2026-03-11 00:30 Baku = 20:30 UTC on the 10th
    await writeAsJob(sql`update declarations set created_at = '2026-03-10 19:30:00+00' where id = ${a!.id}`);
    await writeAsJob(sql`update declarations set created_at = '2026-03-10 20:30:00+00' where id = ${b!.id}`);
    const day = { start_date: '2026-03-10', end_date: '2026-03-10' };
    const direct = await sqlDeclarations('2026-03-10', '2026-03-10');
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs(day)}`);
    expect(stats.total.declaration_count).toBe(direct.count);
    const ids = (await json<{ data: { id: number }[] }>(`/api/admin/statistics/by_declarations_count?${qs({ ...day, getlist: 'true', per_page: 500 })}`)).data.map((r) => r.id);
    expect(ids).toContain(a!.id);
    expect(ids).not.toContain(b!.id);
    expect(await declarationListTotal(declarationListParams(day))).toBe(stats.total.declaration_count);
    // the same day sent as clients of the old screen send it ('YYYY-MM-DD HH:mm:ss')
    const withTimes = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs({ start_date: '2026-03-10 00:00:00', end_date: '2026-03-10 23:59:59' })}`);
    expect(withTimes.total.declaration_count).toBe(stats.total.declaration_count);
  });

  test('the rollup follows every write: status change, branch move, soft delete, hard delete (always equal to the source rows)', async () => {
    const [x] = await rows<{ id: number }>(sql`select id from declarations where deleted_at is null and status_id = 7 order by id limit 1`);
    const check = async () => {
      const mismatched = await rows(sql`
        with src as (
          select (created_at at time zone 'Asia/Baku')::date as day, status_id, coalesce(branch_id, 0) as branch_id, coalesce(partner_id, 0) as partner_id,
                 coalesce(plan_category_id, 0) as plan_category_id, count(*)::int as n, coalesce(sum(price), 0) as price, coalesce(sum(delivery_price), 0) as delivery
          from declarations where deleted_at is null group by 1, 2, 3, 4, 5),
        kept as (select day, status_id, branch_id, partner_id, plan_category_id, sum(count)::int as n, sum(price) as price, sum(delivery_price) as delivery
          from stat_declarations_daily group by 1, 2, 3, 4, 5 having sum(count) <> 0)
        (select * from src except select * from kept) union all (select * from kept except select * from src)`);
      expect(mismatched).toEqual([]);
    };
    await check();
    await db().execute(sql`update declarations set status_id = 9, branch_id = 2 where id = ${x!.id}`);
    await check();
    await db().execute(sql`update declarations set price = price + 1.25, delivery_price = coalesce(delivery_price, 0) + 2 where id = ${x!.id}`);
    await check();
    await db().execute(sql`update declarations set deleted_at = now() where id = ${x!.id}`);
    await check();
    await db().execute(sql`update declarations set deleted_at = null where id = ${x!.id}`);
    await check();
    await db().execute(sql`delete from declarations where id = ${x!.id}`);
    await check();
  });

  test('bad ranges are a 422 with the field: end before start, malformed dates, a non-date', async () => {
    const late = await get(`/api/admin/statistics/by_declarations_count?start_date=2026-03-10&end_date=2026-03-01`);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.end_date).toEqual([azStatistics.pages.endBeforeStart]);
    for (const bad of ['start_date=2026-02-30', 'end_date=2026-13-01', 'start_date=yesterday', 'end_date=2026-03-01T00:00']) {
      const res = await get(`/api/admin/statistics/by_declarations_count?${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().errors), bad).toEqual([bad.split('=')[0]]);
    }
    // a long range is fine (the rollup holds a row per day and key)
    expect((await get(`/api/admin/statistics/by_declarations_count?start_date=2016-01-01&end_date=2026-12-31`)).statusCode).toBe(200);
  });

  test('a branch partner cannot open the office pages (403); a warehouseman holding stat can', async () => {
    for (const path of ['by_declarations_count', 'by_payment_type_count', 'by_declaration_count', 'by_tariff_count', 'by_declarations_count/export']) {
      expect((await get(`/api/admin/statistics/${path}`, partner)).statusCode, path).toBe(403);
    }
    expect((await get(`/api/admin/statistics/by_declarations_count`, warehouseman)).statusCode).toBe(200);
  });

  test('export: the .xlsx holds the drill-down rows, as many as the figure', async () => {
    const params = { ...range, state_id: 10 };
    const stats = await json<DeclarationCountsAggregateReply>(`/api/admin/statistics/by_declarations_count?${qs(params)}`);
    const res = await get(`/api/admin/statistics/by_declarations_count/export?${qs(params)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe(azStatistics.pages.exportColumns.trackCode);
    expect(sheet.actualRowCount - 1).toBe(stats.total.declaration_count);
  });
});

describe('[STATISTICS][PARTNER] partner_by_declarations_count', () => {
  test('a branch partner sees only its own company, whatever company_id it sends; office staff pick the company', async () => {
    const mine = await sqlDeclarations(range.start_date, range.end_date, sql`partner_id = 2`);
    expect(mine.count).toBeGreaterThan(0);
    const own = await json<{ total: { declaration_count: number; price: string }; company_id: number }>(
      `/api/admin/statistics/partner_by_declarations_count?${qs(range)}`, partner);
    expect(own.total.declaration_count).toBe(mine.count);
    expect(own.company_id).toBe(2);
    const foreign = await json<{ total: { declaration_count: number } }>(
      `/api/admin/statistics/partner_by_declarations_count?${qs({ ...range, company_id: 3 })}`, partner);
    expect(foreign.total.declaration_count).toBe(mine.count);
    const drill = await json<{ data: { id: number; partner_id: number | null }[]; total: number }>(
      `/api/admin/statistics/partner_by_declarations_count?${qs({ ...range, company_id: 3, getlist: 'true', per_page: 100 })}`, partner);
    expect(drill.total).toBe(mine.count);
    expect(drill.data.every((r) => r.partner_id === 2)).toBe(true);
    // office: one company, or every partner company
    const office3 = await json<{ total: { declaration_count: number } }>(`/api/admin/statistics/partner_by_declarations_count?${qs({ ...range, company_id: 3 })}`);
    expect(office3.total.declaration_count).toBe((await sqlDeclarations(range.start_date, range.end_date, sql`partner_id = 3`)).count);
    expect(await declarationListTotal(declarationListParams(range, { company_id: 3 }))).toBe(office3.total.declaration_count);
    const all = await json<{ total: { declaration_count: number }; company_id: number | null }>(`/api/admin/statistics/partner_by_declarations_count?${qs(range)}`);
    expect(all.company_id).toBeNull();
    expect(all.total.declaration_count).toBe((await sqlDeclarations(range.start_date, range.end_date, sql`partner_id is not null`)).count);
    expect(await declarationListTotal(declarationListParams(range, { company_id: 'partners' }))).toBe(all.total.declaration_count);
  });

  test('state_id 9 (what clients send) counts the partner\'s parcels at the branch', async () => {
    const at9 = await json<{ total: { declaration_count: number } }>(`/api/admin/statistics/partner_by_declarations_count?${qs({ ...range, state_id: '9' })}`, partner);
    expect(at9.total.declaration_count).toBe((await sqlDeclarations(range.start_date, range.end_date, sql`partner_id = 2 and status_id = 9`)).count);
  });
});

describe('[STATISTICS][PAYMENTS] by_payment_type_count and by_declaration_count', () => {
  test('a counter payment shows in the figures, equal to direct SQL and to the transactions list opened with the same filters', async () => {
    // a handover with cash and terminal parts (the ledger writes the customer's income + expense per part)
    const [c] = await rows<{ user_id: number }>(sql`
      select user_id from declarations where deleted_at is null and status_id = 9 and user_id is not null and not payed group by user_id order by count(*) desc limit 1`);
    const ids = (await rows<{ id: number }>(sql`select id from declarations where user_id = ${c!.user_id} and status_id = 9 and deleted_at is null and not payed order by id limit 2`)).map((r) => r.id);
    const paid = await postForm(ctx.app, '/api/admin/declaration/pay', admin, { declaration_id: ids.join(','), confirm: 1, cash: '30.00', terminal: '1.00' });
    expect(paid.statusCode, paid.body).toBe(200);

    const [span] = await rows<{ first: string; last: string }>(sql`
      select min((created_at at time zone 'Asia/Baku')::date)::text as first, max((created_at at time zone 'Asia/Baku')::date)::text as last
      from balance_operations`);
    const r = { start_date: span!.first, end_date: span!.last };
    const stats = await json<PaymentTypeCountsAggregateReply>(`/api/admin/statistics/by_payment_type_count?${qs(r)}`);
    const [direct] = await rows<{ n: number; azn: string; online: string }>(sql`
      select count(*)::int as n, coalesce(sum(amount_azn), 0)::text as azn, coalesce(sum(amount_azn) filter (where payment_type = 4), 0)::text as online
      from balance_operations where object_model = 'declaration_payment' and type = 2 and status_id = 18
        and (created_at at time zone 'Asia/Baku')::date between ${r.start_date}::date and ${r.end_date}::date`);
    expect(stats.total.count).toBe(Number(direct!.n));
    expect(stats.total.count).toBeGreaterThan(0);
    expect(stats.total.price).toBeCloseTo(Number(direct!.azn), 2);
    expect(stats.total.online).toBeCloseTo(Number(direct!.online), 2);
    expect(stats.total.office + stats.total.online).toBeCloseTo(stats.total.price, 2);
    const listTotal = async (params: Record<string, string>) => (await json<{ total: number }>(`/api/admin/v2/pay/getlist?${qs({ ...params, per_page: 1 })}`)).total;
    expect(await listTotal(paymentListParams(r))).toBe(stats.total.count);
    for (const t of stats.by_payment_type) expect(await listTotal(paymentListParams(r, { payment_type: t.payment_type }))).toBe(t.count);
    const drill = await json<{ total: number; data: { payment_type: number; state_id: number }[] }>(
      `/api/admin/statistics/by_payment_type_count?${qs({ ...r, getlist: 'true', payment_type: 3 })}`);
    expect(drill.total).toBe(stats.by_payment_type.find((t) => t.payment_type === 3)?.count ?? 0);
    expect(drill.data.every((x) => x.payment_type === 3 && x.state_id === 18)).toBe(true);

    const paidStats = await json<{ total: { declaration_count: number; delivery_price: number } }>(`/api/admin/statistics/by_declaration_count?${qs(r)}`);
    const [pd] = await rows<{ parcels: number; usd: string }>(sql`
      select coalesce(sum(jsonb_array_length(declaration_ids)), 0)::int as parcels, coalesce(sum(debt_usd), 0)::text as usd from declaration_payments
      where (created_at at time zone 'Asia/Baku')::date between ${r.start_date}::date and ${r.end_date}::date`);
    expect(paidStats.total.declaration_count).toBe(Number(pd!.parcels));
    expect(paidStats.total.declaration_count).toBeGreaterThanOrEqual(2);
    expect(paidStats.total.delivery_price).toBeCloseTo(Number(pd!.usd), 2);
    // the rollup (declaration_payment_stats_daily) equals the payments it sums
    const [kept] = await rows<{ n: number; parcels: number }>(sql`select coalesce(sum(payments), 0)::int as n, coalesce(sum(parcels), 0)::int as parcels from declaration_payment_stats_daily`);
    const [source] = await rows<{ n: number; parcels: number }>(sql`select count(*)::int as n, coalesce(sum(jsonb_array_length(declaration_ids)), 0)::int as parcels from declaration_payments`);
    expect(kept).toEqual(source);
  });
});

describe('[STATISTICS][OTHER] tariff overview and couriers', () => {
  test('by_tariff_count: per plan category, summing to the range\'s parcels; each equals the list with plan_category_id', async () => {
    const stats = await json<{ data: { plan_category_id: number | null; declaration_count: number }[]; total: { declaration_count: number } }>(
      `/api/admin/statistics/by_tariff_count?${qs(range)}`);
    expect(stats.total.declaration_count).toBe((await sqlDeclarations(range.start_date, range.end_date)).count);
    expect(stats.data.reduce((a, r) => a + r.declaration_count, 0)).toBe(stats.total.declaration_count);
    for (const c of stats.data.filter((x) => x.plan_category_id !== null)) {
      expect(await declarationListTotal({ ...declarationListParams(range), plan_category_id: String(c.plan_category_id) })).toBe(c.declaration_count);
    }
  });

  test('by_tariff_count: a category\'s figure, its drill-down (getlist) and the list it links to (with the page\'s filters) agree with SQL', async () => {
    const filters = { ...range, state_id: '9,10' };
    const stats = await json<{ data: { plan_category_id: number | null; declaration_count: number }[] }>(`/api/admin/statistics/by_tariff_count?${qs(filters)}`);
    const categories = stats.data.filter((x) => x.plan_category_id !== null);
    expect(categories.length).toBeGreaterThan(0);
    for (const c of categories) {
      const id = c.plan_category_id!;
      const direct = await sqlDeclarations(range.start_date, range.end_date, sql`status_id in (9, 10) and plan_category_id = ${id}`);
      expect(c.declaration_count).toBe(direct.count);
      expect(await declarationListTotal(declarationListParams(range, { state_id: [9, 10], plan_category_id: id }))).toBe(direct.count);
      const drill = await json<{ data: { tariff_category_id: number | null; state_id: number }[]; total: number }>(
        `/api/admin/statistics/by_tariff_count?${qs({ ...filters, plan_category_id: id, getlist: 'true', per_page: 100 })}`);
      expect(drill.total).toBe(direct.count);
      expect(drill.data.every((r) => [9, 10].includes(r.state_id) && r.tariff_category_id === id)).toBe(true);
      const one = await json<{ data: { plan_category_id: number | null; declaration_count: number }[]; total: { declaration_count: number } }>(
        `/api/admin/statistics/by_tariff_count?${qs({ ...filters, plan_category_id: id })}`);
      expect(one.data).toEqual([expect.objectContaining({ plan_category_id: id, declaration_count: direct.count })]);
      expect(one.total.declaration_count).toBe(direct.count);
    }
    expect((await get(`/api/admin/statistics/by_tariff_count?${qs({ ...range, plan_category_id: 'x' })}`)).statusCode).toBe(422);
  });

  test('couriers: the shapes clients read, no rows and couriers_ready false (no couriers section yet)', async () => {
    const agg = await json<{ data: unknown[]; total: { courier_count: number }; couriers_ready: boolean }>(`/api/admin/statistics/by_courier_count?${qs(range)}`);
    expect(agg).toEqual({ data: [], total: { courier_count: 0, cash: '0.00', online: '0.00' }, couriers_ready: false });
    expect(await json(`/api/admin/statistics/by_courier_count?${qs({ ...range, getlist: 'true' })}`)).toEqual({ data: [], total: 0, couriers_ready: false });
    expect((await json<{ couriers_ready: boolean }>(`/api/admin/statistics/by_region_courier_count?${qs(range)}`)).couriers_ready).toBe(false);
    expect(await json(`/api/admin/statistics/courier_by_region_count?${qs(range)}`)).toEqual({ data: [], couriers_ready: false });
    expect((await get(`/api/admin/statistics/by_courier_count?start_date=2026-03-10&end_date=2026-03-01`)).statusCode).toBe(422);
  });
});
