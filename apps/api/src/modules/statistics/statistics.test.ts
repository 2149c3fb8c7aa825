import type { LandingCustomersReply, LandingMoneyReply, LandingOrdersReply, LandingParcelsReply, LandingQueueReply } from '@app/contract/statistics-landing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCachesOf } from '../../platform/write-epoch';
import { completeHandoverTasks } from '../warehouse/service';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';

/*
 * The statistics landing (issue 19 items 1, 3, 4) on the demo data: every number against a direct
 * SQL count and against the list it links to, office days (Asia/Baku), partner scoping, and the
 * rollups against their source tables after random inserts, updates and deletes.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let partner: Record<string, string>;
let partnerCompany: number;

const db = () => ctx.database.db;
/** Rows written here with SQL, not through the API: the replies' 3 s caches are dropped as an API write would. */
const dropCaches = () => readCachesOf(ctx.database.db)?.bump();
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)).rows as T[];
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0]!;
const get = async <T>(url: string, headers = admin) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const listTotal = async (url: string, headers = admin) => (await get<{ total: number }>(url, headers)).total;

/** Rows where a rollup differs from a count of its source rows (empty when they agree). */
async function rollupMismatches() {
  const checks = {
    declarations: sql`
      with direct as (
        select (created_at at time zone 'Asia/Baku')::date as day, status_id, country_id, coalesce(branch_id, 0) as branch_id, coalesce(partner_id, 0) as partner_id,
               customs, container_id is not null as boxed, count(*)::int as n
        from declarations where deleted_at is null group by 1, 2, 3, 4, 5, 6, 7),
      rolled as (select day, status_id, country_id, branch_id, partner_id, customs, boxed, sum(count)::int as n from stat_declarations_daily
        group by 1, 2, 3, 4, 5, 6, 7 having sum(count) <> 0)
      select * from (select * from direct except select * from rolled) a union all select * from (select * from rolled except select * from direct) b`,
    moves: sql`
      with direct as (
        select (h.created_at at time zone 'Asia/Baku')::date as day, h.state_id, coalesce(d.partner_id, 0) as partner_id, count(*)::int as n
        from status_history h left join declarations d on d.id = h.object_id where h.model_id = 2 group by 1, 2, 3),
      rolled as (select day, state_id, partner_id, count as n from stat_declaration_moves_daily where count <> 0)
      select * from (select * from direct except select * from rolled) a union all select * from (select * from rolled except select * from direct) b`,
    orders: sql`
      with direct as (select (created_at at time zone 'Asia/Baku')::date as day, status_id, country_id, coalesce(executive_id, 0) as executive_id, currency,
          count(*)::int as n, sum(price * quantity + cargo_price) as amount
        from orders where deleted_at is null group by 1, 2, 3, 4, 5),
      rolled as (select day, status_id, country_id, executive_id, currency, count as n, amount from stat_orders_daily where count <> 0)
      select * from (select * from direct except select * from rolled) a union all select * from (select * from rolled except select * from direct) b`,
    customers: sql`
      with direct as (select (created_at at time zone 'Asia/Baku')::date as day, coalesce(branch_id, 0) as branch_id, count(*)::int as n from users where admin = 0 and deleted_at is null group by 1, 2),
      rolled as (select day, branch_id, count as n from stat_customers_daily where count <> 0)
      select * from (select * from direct except select * from rolled) a union all select * from (select * from rolled except select * from direct) b`,
    balance: sql`
      with direct as (select (created_at at time zone 'Asia/Baku')::date as day, type, payment_type, currency, status_id, count(*)::int as n, sum(amount) as amount, sum(amount_azn) as azn
        from balance_operations group by 1, 2, 3, 4, 5),
      rolled as (select day, type, payment_type, currency, status_id, sum(count)::int as n, sum(amount) as amount, sum(amount_azn) as azn from stat_balance_daily
        group by 1, 2, 3, 4, 5 having sum(count) <> 0)
      select * from (select * from direct except select * from rolled) a union all select * from (select * from rolled except select * from direct) b`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(checks)) {
    const found = await rows(query);
    if (found.length) out[name] = found.slice(0, 5);
  }
  return out;
}

beforeAll(async () => {
  ctx = await startTestApp({ declarations: 400 });
  admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
  partner = bearer((await logInAs(ctx.app, 'partner@example.az')).access_token);
  partnerCompany = (await one<{ company_id: number }>(sql`select company_id from users where email = 'partner@example.az'`)).company_id;
}, 180_000);
afterAll(() => ctx?.close());

describe('[STATISTICS][ROLLUPS] kept by the database', () => {
  test('after seeding, every rollup equals a direct count of its source rows', async () => {
    expect(await one<{ n: number }>(sql`select count(*)::int as n from stat_declarations_daily`)).not.toEqual({ n: 0 });
    expect(await rollupMismatches()).toEqual({});
  });

  test('after random inserts, status changes, edits and deletes (row and statement sized), they still agree', async () => {
    const countries = [1, 2];
    const someUser = (await one<{ id: number }>(sql`select id from users where admin = 0 order by id limit 1`)).id;
    for (let round = 0; round < 3; round += 1) {
      // inserts: several rows in one statement, one of them at 23:30 Baku time
      await db().execute(sql`
        insert into declarations (track_code, user_id, country_id, status_id, branch_id, partner_id, customs, created_at)
        select 'RND' || ${round}::text || '-' || g, ${someUser}::int, (array[1, 2])[1 + g % 2], (array[5, 7, 8, 9, 10])[1 + g % 5], case when g % 3 = 0 then null else 1 + g % 2 end,
               case when g % 4 = 0 then ${partnerCompany}::int else null end, g % 2 = 0, now() - (g || ' hours')::interval
        from generate_series(1, 25) g`);
      await db().execute(sql`update declarations set status_id = case status_id when 7 then 8 when 8 then 9 when 9 then 10 else status_id end
        where id in (select id from declarations where deleted_at is null order by random() limit 40)`);
      await db().execute(sql`update declarations set branch_id = ${countries[round % 2]!}::int, customs = not customs where id in (select id from declarations order by random() limit 10)`);
      await db().execute(sql`update declarations set deleted_at = now() where id in (select id from declarations where deleted_at is null order by random() limit 5)`);
      await db().execute(sql`update declarations set deleted_at = null where id in (select id from declarations where deleted_at is not null order by random() limit 2)`);
      await db().execute(sql`delete from declarations where id in (select id from declarations where track_code like 'RND%' order by random() limit 4)`);
      await db().execute(sql`insert into status_history (model_id, object_id, from_state_id, state_id, created_at)
        select 2, id, 8, 9, now() - (id % 5 || ' days')::interval from declarations order by random() limit 12`);
      await db().execute(sql`delete from status_history where id in (select id from status_history where model_id = 2 order by random() limit 3)`);
      await db().execute(sql`insert into users (email, name, surname, admin, branch_id, created_at)
        select 'rnd' || ${round}::text || '-' || g || '@example.az', 'R', 'N', case when g % 5 = 0 then 2 else 0 end, case when g % 2 = 0 then 1 else null end, now() - (g || ' days')::interval
        from generate_series(1, 8) g`);
      await db().execute(sql`update users set deleted_at = now() where id in (select id from users where email like 'rnd%' and deleted_at is null order by random() limit 2)`);
      await db().execute(sql`update users set branch_id = 2 where id in (select id from users where admin = 0 order by random() limit 3)`);
      await db().execute(sql`update balance_operations set status_id = 21 where id in (select id from balance_operations where status_id = 18 order by random() limit 5)`);
      await db().execute(sql`delete from balance_operations where id in (select id from balance_operations order by random() limit 2)`);
      await db().execute(sql`insert into orders (user_id, country_id, currency, url, price, status_id, created_at)
        select ${someUser}::int, 1 + g % 2, case when g % 2 = 0 then 'TRY' else 'USD' end, 'https://shop.example/' || g, 10, (array[5, 7, 8, 9, 10, 4, 32])[1 + g % 7], now() - (g || ' days')::interval
        from generate_series(1, 15) g`);
      await db().execute(sql`update orders set status_id = 10 where id in (select id from orders order by random() limit 4)`);
      await db().execute(sql`update orders set deleted_at = now() where id in (select id from orders where deleted_at is null order by random() limit 2)`);
      await db().execute(sql`delete from orders where id in (select id from orders order by random() limit 1)`);
      expect(await rollupMismatches()).toEqual({});
    }
    dropCaches();
  });
});

describe('[STATISTICS][LANDING] numbers equal direct counts and the linked lists', () => {
  const range = { from: '2010-01-01', to: '2035-12-31' };
  const q = `start_date=${range.from}&end_date=${range.to}`;

  test('parcels by status and country = direct SQL counts = the declarations list with the same filters', async () => {
    const reply = await get<LandingParcelsReply>(`/api/admin/statistics/landing/parcels?${q}`);
    const direct = await rows<{ state_id: number; count: number }>(sql`select status_id as state_id, count(*)::int as count from declarations where deleted_at is null group by 1 order by 1`);
    expect(reply.data.by_status.map((r) => ({ state_id: r.state_id, count: r.count })).sort((a, b) => a.state_id - b.state_id)).toEqual(direct);
    expect(reply.data.total).toBe(direct.reduce((s, r) => s + r.count, 0));
    const list = `/api/admin/v2/declaration/list?per_page=1&date_from=${range.from} 00:00:00&date_to=${range.to} 23:59:59`;
    for (const row of reply.data.by_status.slice(0, 4)) {
      expect(await listTotal(`${list}&state_id=${row.state_id}`)).toBe(row.count);
    }
    for (const row of reply.data.by_country) expect(await listTotal(`${list}&country_id=${row.country_id}`)).toBe(row.count);
    const branch = reply.data.top_branches.find((b) => b.branch_id !== 0)!;
    expect(await listTotal(`${list}&branch_id=${branch.branch_id}`)).toBe(branch.count);
    expect(await listTotal(`${list}&customs=1`)).toBe(reply.data.customs.declared);
    expect(reply.data.customs.boxed).toBe((await one<{ n: number }>(sql`select count(*)::int as n from declarations where deleted_at is null and container_id is not null`)).n);
  });

  test('"in boxes" and the "no branch" row = the declarations list with in_box=1 / has_branch=0 and the same range', async () => {
    const list = `/api/admin/v2/declaration/list?per_page=1&date_from=${range.from} 00:00:00&date_to=${range.to} 23:59:59`;
    const reply = await get<LandingParcelsReply>(`/api/admin/statistics/landing/parcels?${q}`);
    expect(reply.data.customs.boxed).toBeGreaterThan(0);
    expect(await listTotal(`${list}&in_box=1`)).toBe(reply.data.customs.boxed);
    expect(await listTotal(`${list}&in_box=0`)).toBe(reply.data.customs.total - reply.data.customs.boxed);
    // a narrower range: the last 30 days of the newest parcel
    const last = (await one<{ day: string }>(sql`select max((created_at at time zone 'Asia/Baku')::date)::text as day from declarations where deleted_at is null`)).day;
    const first = (await one<{ day: string }>(sql`select (${last}::date - 29)::text as day`)).day;
    const recent = await get<LandingParcelsReply>(`/api/admin/statistics/landing/parcels?start_date=${first}&end_date=${last}`);
    expect(await listTotal(`/api/admin/v2/declaration/list?per_page=1&date_from=${first} 00:00:00&date_to=${last} 23:59:59&in_box=1`)).toBe(recent.data.customs.boxed);
    // parcels without a branch (the rollups test above inserted some): the landing's branch 0
    const none = (await one<{ n: number }>(sql`select count(*)::int as n from declarations where deleted_at is null and branch_id is null`)).n;
    expect(none).toBeGreaterThan(0);
    expect(await listTotal(`${list}&has_branch=0`)).toBe(none);
    const noBranch = reply.data.top_branches.find((b) => b.branch_id === 0);
    if (noBranch) expect(noBranch.count).toBe(none);
  });

  test('arrivals and handovers per day = status changes to 9 and 10 in the status archive of that day', async () => {
    const reply = await get<LandingParcelsReply>(`/api/admin/statistics/landing/parcels?${q}`);
    const day = reply.data.by_day.find((d) => d.arrived > 0)!;
    expect(day).toBeDefined();
    const archive = `/api/admin/states/archive?per_page=1&model_id=2&date_from=${day.date} 00:00:00&date_to=${day.date} 23:59:59`;
    const direct = await one<{ n: number }>(sql`select count(*)::int as n from status_history where model_id = 2 and state_id = 9 and (created_at at time zone 'Asia/Baku')::date = ${day.date}::date`);
    expect(day.arrived).toBe(direct.n);
    expect(await listTotal(`${archive}&state_id=9`)).toBe(day.arrived);
    const handed = reply.data.by_day.find((d) => d.handed_over > 0);
    if (handed) expect(await listTotal(`/api/admin/states/archive?per_page=1&model_id=2&state_id=10&date_from=${handed.date} 00:00:00&date_to=${handed.date} 23:59:59`)).toBe(handed.handed_over);
  });

  test('a parcel at 23:30 Baku time on the last day is inside; one at 00:10 the next day is not', async () => {
    // 2031-03-31 23:30 in Baku (UTC+4) is 19:30 UTC; 2031-04-01 00:10 is 20:10 UTC on the 31st
    await db().execute(sql`insert into declarations (track_code, country_id, status_id, created_at) values
      ('TZ-EDGE-IN', 1, 7, '2031-03-31 19:30:00+00'), ('TZ-EDGE-OUT', 1, 7, '2031-03-31 20:10:00+00')`);
    dropCaches();
    const march = await get<LandingParcelsReply>('/api/admin/statistics/landing/parcels?start_date=2031-03-01&end_date=2031-03-31');
    expect(march.data.total).toBe(1);
    expect(march.data.by_day).toEqual([{ date: '2031-03-31', created: 1, arrived: 0, handed_over: 0 }]);
    const april = await get<LandingParcelsReply>('/api/admin/statistics/landing/parcels?start_date=2031-04-01&end_date=2031-04-01');
    expect(april.data.total).toBe(1);
    expect(await listTotal('/api/admin/v2/declaration/list?per_page=1&date_from=2031-03-01 00:00:00&date_to=2031-03-31 23:59:59')).toBe(1);
  });

  test('a partner sees its own company\'s parcels only; the office groups are refused', async () => {
    const mine = await get<LandingParcelsReply>(`/api/admin/statistics/landing/parcels?${q}`, partner);
    const direct = await one<{ n: number }>(sql`select count(*)::int as n from declarations where deleted_at is null and partner_id = ${partnerCompany}`);
    expect(mine.data.total).toBe(direct.n);
    const all = await get<LandingParcelsReply>(`/api/admin/statistics/landing/parcels?${q}`);
    expect(all.data.total).toBeGreaterThan(mine.data.total);
    const money = await ctx.app.inject({ method: 'GET', url: `/api/admin/statistics/landing/money?${q}`, headers: partner });
    expect(money.statusCode).toBe(403);
    const byStatus = await ctx.app.inject({ method: 'POST', url: '/api/admin/charts/bystatus?model_id=2', headers: partner });
    expect(byStatus.json().data.declarations.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(direct.n);
  });

  test('orders by status = direct counts = the orders list with created_at and state_id', async () => {
    const reply = await get<LandingOrdersReply>(`/api/admin/statistics/landing/orders?${q}`);
    const direct = await rows<{ state_id: number; count: number }>(sql`select status_id as state_id, count(*)::int as count from orders where deleted_at is null group by 1 order by 1`);
    expect(reply.data.by_status.map((r) => ({ state_id: r.state_id, count: r.count })).sort((a, b) => a.state_id - b.state_id)).toEqual(direct);
    expect(reply.data.by_status.length).toBeGreaterThan(0);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/v2/orders/getlist?per_page=1&created_at=${range.from} 00:00:00,${range.to} 23:59:59&state_id=${reply.data.by_status[0]!.state_id}`, headers: admin });
    // the orders list is issue 18's (being built beside this one): checked once its route is registered
    if (res.statusCode !== 404) expect(res.json().total).toBe(reply.data.by_status[0]!.count);
    for (const row of reply.data.by_country) {
      const byCountry = await ctx.app.inject({ method: 'GET', url: `/api/admin/v2/orders/getlist?per_page=1&created_at=${range.from} 00:00:00,${range.to} 23:59:59&country_id=${row.country_id}`, headers: admin });
      if (byCountry.statusCode !== 404) expect(byCountry.json().total).toBe(row.count);
    }
  });

  test('money: registers = cash-flow list totals; balance operations = confirmed ones by currency', async () => {
    const reply = await get<LandingMoneyReply>(`/api/admin/statistics/landing/money?${q}`);
    const direct = await rows<{ id: number; income: string; n: number }>(sql`
      select o.cash_register_id as id, sum(o.amount)::text as income, count(*)::int as n from cash_operations o where o.status_id = 18 and o.type = 1 and not o.is_transfer group by 1`);
    const withIncome = reply.data.registers.find((r) => r.income_count > 0)!;
    expect(withIncome).toBeDefined();
    const list = await get<{ total: number }>(`/api/admin/cashbox_operations?per_page=1&cashbox_id=${withIncome.cash_register_id}&operation=1&operation_date=${range.from} 00:00:00,${range.to} 23:59:59`);
    expect(list.total).toBe(withIncome.income_count);
    expect(direct.length).toBeGreaterThan(0);
    const usd = await one<{ n: number }>(sql`select count(*)::int as n from balance_operations where status_id = 18 and currency = 'USD' and type = 1`);
    expect(reply.data.balance.find((b) => b.currency === 'USD' && b.type === 1)?.count ?? 0).toBe(usd.n);
  });

  test('queue now and new customers per day', async () => {
    const queue = await get<LandingQueueReply>('/api/admin/statistics/landing/queue');
    // the demo admin works at a branch: the queue screen shows it that branch's entries, as the figure counts them
    const direct = await one<{ w: number; p: number }>(sql`select count(*) filter (where status_id = 41)::int as w, count(*) filter (where status_id = 42)::int as p
      from handover_tasks where cancelled_at is null and branch_id = (select admin_branch_id from users where email = 'admin@example.az')`);
    expect([queue.data.waiting, queue.data.in_progress]).toEqual([direct.w, direct.p]);
    const customers = await get<LandingCustomersReply>(`/api/admin/statistics/landing/customers?${q}`);
    expect(customers.data.total).toBe((await one<{ n: number }>(sql`select count(*)::int as n from users where admin = 0 and deleted_at is null`)).n);
  });

  test('charts/widget and charts/bystatus in the clients\' wire format', async () => {
    const widget = await ctx.app.inject({ method: 'POST', url: '/api/admin/charts/widget', headers: admin });
    expect(widget.statusCode).toBe(200);
    const w = widget.json().data;
    expect(w.clients).toBe((await one<{ n: number }>(sql`select count(*)::int as n from users where admin = 0 and deleted_at is null`)).n);
    expect(w.orders).toBe((await one<{ n: number }>(sql`select count(distinct user_id)::int as n from orders where deleted_at is null`)).n);
    expect(typeof w.balance_try.USD).toBe('number');
    const orders = await ctx.app.inject({ method: 'POST', url: '/api/admin/charts/bystatus?model_id=1', headers: admin });
    const orderRows = orders.json().data.orders as { state_id: number; state_name: string; count: number }[];
    expect(orderRows.reduce((s, r) => s + r.count, 0)).toBe((await one<{ n: number }>(sql`select count(*)::int as n from orders where deleted_at is null`)).n);
    for (const row of orderRows) expect(row).toMatchObject({ state_id: expect.any(Number), state_name: expect.any(String), count: expect.any(Number) });
    const stringified = await ctx.app.inject({ method: 'POST', url: '/api/admin/charts/bystatus?model_id=["2"]', headers: admin });
    expect(stringified.json().data.declarations.length).toBeGreaterThan(0);
  });

  test('bad ranges are 422/400 with the field\'s Azerbaijani error, never a 500', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/statistics/landing/parcels?start_date=2026-02-30', headers: admin });
    expect([400, 422]).toContain(bad.statusCode);
    expect(bad.json().errors.start_date).toEqual(['Tarix YYYY-MM-DD formatında olmalıdır']);
    const reversed = await ctx.app.inject({ method: 'GET', url: '/api/admin/statistics/landing/orders?start_date=2026-05-02&end_date=2026-05-01', headers: admin });
    expect(reversed.json().errors.end_date).toEqual(['Son tarix başlanğıc tarixindən əvvəl ola bilməz']);
  });

  test('a malformed start is an error on start_date only, never also "end before start"', async () => {
    for (const url of ['/api/admin/statistics/landing/money?start_date=2026-13-45&end_date=2026-11-27', '/api/admin/statistics/by_declarations_count?start_date=2026-13-45&end_date=2026-11-27']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toEqual(['start_date']);
      expect(res.json().message, url).not.toMatch(/əvvəl ola bilməz/);
    }
  });
});

describe('[STATISTICS][MONEY] money figures only for viewers who may open the money lists (spec §6)', () => {
  const q = 'start_date=2010-01-01&end_date=2035-12-31';
  let seq = 0;
  /** A back-office user with exactly these permission codes, logged in. */
  async function staffWith(codes: string[]) {
    seq += 1;
    const email = `pul.${seq}.${Date.now()}@example.az`;
    const password = 'Parol2025x';
    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/client/create', headers: admin, payload: {
      name: 'Leyla', surname: 'Məmmədova', email, password, password_confirmation: password, gender: 'female', branch_id: 1, admin: 3,
    } });
    expect(created.statusCode, created.body).toBe(200);
    const ops = await get<{ data: { code_name: string; id: number }[] }>('/api/admin/operations?per_page=200');
    const ids = codes.map((c) => ops.data.find((o) => o.code_name === c)!.id);
    const set = await ctx.app.inject({ method: 'POST', url: '/api/admin/permissions/edit', headers: admin, payload: { user_id: created.json().data.id, operation_id: ids } });
    expect(set.statusCode, set.body).toBe(200);
    return bearer((await logInAs(ctx.app, email, password)).access_token);
  }
  const money = (headers: Record<string, string>) => get<LandingMoneyReply>(`/api/admin/statistics/landing/money?${q}`, headers);
  const widget = async (headers: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/charts/widget', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { clients: number; orders: number; balance_try: { USD: number; TRY: number } };
  };

  test('the warehouseman (stat, no cashflow / transactions) gets no register, payment-type or balance figures; the admin gets them', async () => {
    const anbar = bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token);
    // asked by the admin first: the cached reply must not reach the warehouseman
    const full = await money(admin);
    expect(full.data.shown).toEqual({ cash: true, balance: true });
    expect(full.data.registers.length).toBeGreaterThan(0);
    expect(full.data.by_payment_type.length).toBeGreaterThan(0);
    expect(full.data.balance.length).toBeGreaterThan(0);
    const none = await money(anbar);
    expect(none.data.shown).toEqual({ cash: false, balance: false });
    expect([none.data.registers, none.data.by_payment_type, none.data.balance]).toEqual([[], [], []]);
    // and the other way round: the warehouseman's empty reply is not what the admin gets next
    expect((await money(admin)).data.registers).toEqual(full.data.registers);
  });

  test('a user with only cashflow sees the registers and payment types; one with only transactions sees the balance operations', async () => {
    const full = await money(admin);
    const cashOnly = await money(await staffWith(['stat', 'cashflow']));
    expect(cashOnly.data.shown).toEqual({ cash: true, balance: false });
    expect(cashOnly.data.registers).toEqual(full.data.registers);
    expect(cashOnly.data.by_payment_type).toEqual(full.data.by_payment_type);
    expect(cashOnly.data.balance).toEqual([]);
    const balanceOnly = await money(await staffWith(['stat', 'transactions']));
    expect(balanceOnly.data.shown).toEqual({ cash: false, balance: true });
    expect(balanceOnly.data.registers).toEqual([]);
    expect(balanceOnly.data.by_payment_type).toEqual([]);
    expect(balanceOnly.data.balance).toEqual(full.data.balance);
  });

  test('charts/widget keeps its shape; customers\' balances are zeros without transactions', async () => {
    const full = await widget(admin);
    // the demo customers hold balances: the zeros below are the scope, not an empty database
    expect(Math.abs(full.balance_try.USD) + Math.abs(full.balance_try.TRY)).toBeGreaterThan(0);
    const anbar = await widget(bearer((await logInAs(ctx.app, 'anbar@example.az')).access_token));
    expect(anbar).toEqual({ clients: full.clients, orders: full.orders, balance_try: { USD: 0, TRY: 0 } });
    const withTransactions = await widget(await staffWith(['stat', 'transactions']));
    expect(withTransactions).toEqual(full);
  });
});

describe('[STATISTICS][LANDING] new customers and "handed over today" = the lists they open', () => {
  const usersList = (from: string, to: string, extra = '') =>
    listTotal(`/api/admin/v2/client/list?per_page=1&admin=0&date_from=${from} 00:00:00&date_to=${to} 23:59:59${extra}`);

  test('customers: the range\'s total, each day and each branch = the users list (admin=0, the same office days, the branch)', async () => {
    const span = await one<{ from: string; to: string }>(sql`select min((created_at at time zone 'Asia/Baku')::date)::text as from,
      max((created_at at time zone 'Asia/Baku')::date)::text as to from users where admin = 0 and deleted_at is null`);
    dropCaches();
    const reply = await get<LandingCustomersReply>(`/api/admin/statistics/landing/customers?start_date=${span.from}&end_date=${span.to}`);
    expect(reply.data.total).toBeGreaterThan(0);
    expect(await usersList(span.from, span.to)).toBe(reply.data.total);
    for (const day of reply.data.by_day.slice(-3)) expect(await usersList(day.date, day.date)).toBe(day.count);
    for (const branch of reply.data.by_branch.filter((b) => b.branch_id !== 0)) {
      expect(await usersList(span.from, span.to, `&branch_id=${branch.branch_id}`)).toBe(branch.count);
    }
  });

  test('a customer at 23:30 Baku time on the last day is in the figure and the list; one at 00:10 the next day in neither', async () => {
    // Baku is UTC+4: 2032-06-30 23:30 there is 19:30 UTC; 2032-07-01 00:10 is 20:10 UTC on the 30th
    await db().execute(sql`insert into users (name, surname, email, admin, created_at) values
      ('Sərhəd', 'İyun', 'june-edge-in@example.az', 0, '2032-06-30 19:30:00+00'), ('Sərhəd', 'İyul', 'june-edge-out@example.az', 0, '2032-06-30 20:10:00+00')`);
    dropCaches();
    const june = await get<LandingCustomersReply>('/api/admin/statistics/landing/customers?start_date=2032-06-01&end_date=2032-06-30');
    expect(june.data.total).toBe(1);
    expect(june.data.by_day).toEqual([{ date: '2032-06-30', count: 1 }]);
    expect(await usersList('2032-06-01', '2032-06-30')).toBe(1);
    const months = await get<{ data: { added_date: string; user_count: number }[] }>('/api/admin/statistics/by_user_count?start_date=2032-06-01&end_date=2032-07-31');
    expect(months.data).toEqual([{ added_date: '2032-06-01', user_count: 1 }, { added_date: '2032-07-01', user_count: 1 }]);
    expect(await usersList('2032-07-01', '2032-07-31')).toBe(1);
  });

  test('users statistics by month (and gender) = the users list of that month\'s customers', async () => {
    const to = (await one<{ day: string }>(sql`select max((created_at at time zone 'Asia/Baku')::date)::text as day from users where admin = 0 and deleted_at is null and created_at < '2030-01-01'`)).day;
    const from = (await one<{ day: string }>(sql`select (${to}::date - 400)::text as day`)).day;
    for (const gender of ['', 'female']) {
      const reply = await get<{ data: { added_date: string; user_count: number }[] }>(`/api/admin/statistics/by_user_count?start_date=${from}&end_date=${to}&gender=${gender}`);
      expect(reply.data.length).toBeGreaterThan(0);
      for (const month of reply.data.slice(-2)) {
        const first = month.added_date < from ? from : month.added_date;
        const last = (await one<{ day: string }>(sql`select least((${month.added_date}::date + interval '1 month' - interval '1 day')::date, ${to}::date)::text as day`)).day;
        expect(await usersList(first, last, gender ? `&gender=${gender}` : '')).toBe(month.user_count);
      }
    }
  });

  test('the queue is counted in the queue screen\'s scope: staff of a branch see their branch\'s entries (the list they open), staff without one every branch', async () => {
    const branch = await one<{ branch_id: number }>(sql`select branch_id from handover_tasks where cancelled_at is null and status_id in (41, 42) and branch_id is not null
      group by branch_id order by count(*) desc limit 1`);
    expect(branch).toBeDefined();
    const own = await one<{ branch: number | null }>(sql`select admin_branch_id as branch from users where email = 'admin@example.az'`);
    try {
      await db().execute(sql`update users set admin_branch_id = null where email = 'admin@example.az'`);
      dropCaches();
      const all = await get<LandingQueueReply>('/api/admin/statistics/landing/queue');
      const everywhere = await one<{ w: number; p: number }>(sql`select count(*) filter (where status_id = 41)::int as w, count(*) filter (where status_id = 42)::int as p
        from handover_tasks where cancelled_at is null`);
      expect(all.data).toMatchObject({ branch_id: null, waiting: everywhere.w, in_progress: everywhere.p });
      await db().execute(sql`update users set admin_branch_id = ${branch.branch_id} where email = 'admin@example.az'`);
      dropCaches();
      const mine = await get<LandingQueueReply>('/api/admin/statistics/landing/queue');
      const direct = await one<{ w: number; p: number }>(sql`select count(*) filter (where status_id = 41)::int as w, count(*) filter (where status_id = 42)::int as p
        from handover_tasks where cancelled_at is null and branch_id = ${branch.branch_id}`);
      expect(mine.data).toMatchObject({ branch_id: branch.branch_id, waiting: direct.w, in_progress: direct.p });
      // the queue screen of the same viewer lists exactly those entries
      expect(await listTotal('/api/admin/handover/list?per_page=1&state_id=41')).toBe(direct.w);
      expect(mine.data.waiting + mine.data.in_progress).toBeLessThanOrEqual(all.data.waiting + all.data.in_progress);
    } finally {
      await db().execute(sql`update users set admin_branch_id = ${own.branch} where email = 'admin@example.az'`);
      dropCaches();
    }
  });

  test('"handed over today" = queue entries reaching 43 today = the status archive of model 7, status 43, today', async () => {
    const task = await one<{ id: number }>(sql`select id from handover_tasks where status_id in (41, 42) and cancelled_at is null order by id limit 1`);
    expect(task).toBeDefined();
    const staff = await one<{ id: number }>(sql`select id from users where email = 'admin@example.az'`);
    await completeHandoverTasks(db(), staff.id, { taskId: task.id, declarationIds: [] });
    // the archive has no branch filter: the link is offered to staff without a branch, who see every branch
    const own = await one<{ branch: number | null }>(sql`select admin_branch_id as branch from users where email = 'admin@example.az'`);
    await db().execute(sql`update users set admin_branch_id = null where email = 'admin@example.az'`);
    dropCaches();
    try {
      const today = (await one<{ day: string }>(sql`select (now() at time zone 'Asia/Baku')::date::text as day`)).day;
      const queue = await get<LandingQueueReply>('/api/admin/statistics/landing/queue');
      const direct = await one<{ n: number }>(sql`select count(*)::int as n from handover_tasks where status_id = 43 and cancelled_at is null
        and (updated_at at time zone 'Asia/Baku')::date = ${today}::date`);
      expect(queue.data.done_today).toBe(direct.n);
      expect(queue.data.done_today).toBeGreaterThanOrEqual(1);
      expect(await listTotal(`/api/admin/states/archive?per_page=1&model_id=7&state_id=43&date_from=${today} 00:00:00&date_to=${today} 23:59:59`)).toBe(queue.data.done_today);
    } finally {
      await db().execute(sql`update users set admin_branch_id = ${own.branch} where email = 'admin@example.az'`);
      dropCaches();
    }
  });
});
