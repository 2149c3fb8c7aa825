import { normalizeAirWaybill } from '@app/contract/air-waybill';
import { FIN_PATTERN } from '@app/contract/declaration-workflow';
import type { FlightListReply } from '@app/contract/flights';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, logInAs, startTestApp, type TestContext } from '../../test/harness';
import { generateCustomers } from './demo-data';
import { openPglite } from '../client';
import { seedDemoReferenceData, seedReferenceData } from './reference-data';

/*
 * Issue 16 item 5, "Demo data a user believes": the demo seed obeys the rules the product enforces.
 * Each test reads the seeded demo (the same one every API test file starts from) as a user or a
 * clerk would check it: no parcel declared while it awaits its declaration, customers registered
 * before their parcels, identity documents unique and in their real form, balances that are the
 * sum of their history, measured parcels, flags that agree with the status, and the flights list
 * opening on the newest flight.
 */

let ctx: TestContext;
const db = () => ctx.database.db;
const rows = async <R>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as R[];
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

beforeAll(async () => {
  ctx = await startTestApp();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('[SEED] parcels: status and flags agree', () => {
  test('none declared or paid while awaiting the declaration (5); every handed-over parcel (10) paid', async () => {
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 5 and customs and deleted_at is null`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 5 and payed and deleted_at is null`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 10 and not payed and deleted_at is null`)).toBe(0);
    // the rule is not vacuous: the demo has parcels at 5, undeclared ones, and declared ones at 7
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 5 and deleted_at is null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 7 and customs and deleted_at is null`)).toBeGreaterThan(0);
  });

  test('dispatched and later parcels (8, 9, 10, 12, 36, 88) are declared and on a closed flight; 5 on none; 7 on none or an open one', async () => {
    expect(await count(sql`select count(*)::int as n from declarations where status_id in (8, 9, 10, 12, 36, 88) and not customs and deleted_at is null`)).toBe(0);
    expect(await count(sql`
      select count(*)::int as n from declarations d left join flights f on f.id = d.flight_id
      where d.deleted_at is null and d.status_id in (8, 9, 10, 12, 36, 88) and (f.id is null or f.status_id <> 30)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 5 and flight_id is not null and deleted_at is null`)).toBe(0);
    expect(await count(sql`
      select count(*)::int as n from declarations d join flights f on f.id = d.flight_id
      where d.deleted_at is null and f.status_id = 29 and d.status_id <> 7`)).toBe(0);
    // at 7 on a closed flight only when customs declined its dispatch (a package run puts it back at 7 on its flight)
    expect(await count(sql`
      select count(*)::int as n from declarations d join flights f on f.id = d.flight_id
      where d.deleted_at is null and f.status_id = 30 and d.status_id = 7 and d.customs
         or d.deleted_at is null and f.status_id = 30 and d.status_id = 7
            and not exists (select 1 from status_history h where h.model_id = 2 and h.object_id = d.id and h.from_state_id = 8 and h.state_id = 7)`)).toBe(0);
  });

  test('boxes and shelves: only in the local warehouse and after (9, 10, 12); every parcel at 9 in a box', async () => {
    expect(await count(sql`select count(*)::int as n from declarations where container_id is not null and status_id not in (9, 10, 12) and deleted_at is null`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from declarations where status_id = 9 and container_id is null and deleted_at is null`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from declarations where (basket_id is not null or wardrobe_number is not null) and status_id <> 9 and deleted_at is null`)).toBe(0);
  });

  test('customs says the same: a declared parcel has its declaration there, an undeclared one none; dispatched ones were dispatched', async () => {
    // the parcel's flag and customs' post status
    expect(await count(sql`
      select count(*)::int as n from declarations d join customs_parcels cp on cp.track_code = d.track_code
      where d.deleted_at is null and d.customs <> (cp.post_status in (1, 3, 4) and cp.declaration_deleted_at is null)`)).toBe(0);
    // from the local warehouse on, customs has the dispatch (4)
    expect(await count(sql`
      select count(*)::int as n from declarations d join customs_parcels cp on cp.track_code = d.track_code
      where d.deleted_at is null and d.status_id in (9, 10, 12, 36, 88) and cp.post_status <> 4`)).toBe(0);
    // customs' state history: an undeclared parcel was never declared, boxed or dispatched there
    expect(await count(sql`
      select count(*)::int as n from declaration_customs_states s join declarations d on d.id = s.declaration_id
      where d.deleted_at is null and not d.customs and s.code in (1, 2, 3)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from customs_parcels where post_status = 0`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from customs_parcels where post_status = 4`)).toBeGreaterThan(0);
  });

  test('every air waybill is a valid IATA number (prefix, 7 digits and their check digit)', async () => {
    const numbers = [
      ...(await rows<{ a: string }>(sql`select airwaybill as a from flights where airwaybill is not null`)),
      ...(await rows<{ a: string }>(sql`select distinct airwaybill as a from customs_parcels where airwaybill is not null`)),
    ].map((r) => r.a);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter((a) => normalizeAirWaybill(a) !== a)).toEqual([]);
  });

  test('weights, prices and measurements are plausible; most parcels measured', async () => {
    const [s] = await rows<{ total: number; measured: number; bad_dims: number; bad_weight: number; bad_price: number; types: number; liquid_clothes: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where width > 0 and height > 0 and depth > 0)::int as measured,
             count(*) filter (where width is not null and (width not between 2 and 150 or height not between 2 and 150 or depth not between 2 and 150))::int as bad_dims,
             count(*) filter (where weight is null or weight <= 0 or weight > 40)::int as bad_weight,
             count(*) filter (where price is null or price <= 0)::int as bad_price,
             count(distinct product_type_id)::int as types,
             count(*) filter (where product_type_id in (1, 2, 14) and type = 1)::int as liquid_clothes
      from declarations where deleted_at is null`);
    expect(s!.measured / s!.total).toBeGreaterThan(0.4);
    expect(s!.measured).toBeLessThan(s!.total); // not every parcel: some were never measured
    expect(s).toMatchObject({ bad_dims: 0, bad_weight: 0, bad_price: 0, liquid_clothes: 0 });
    expect(s!.types).toBeGreaterThan(8);
    // a heavier product type weighs more: shoes (2) outweigh phone accessories (5) on average
    const [avg] = await rows<{ shoes: number; accessories: number }>(sql`
      select avg(weight) filter (where product_type_id = 2 and quantity = 1)::float8 as shoes,
             avg(weight) filter (where product_type_id = 5 and quantity = 1)::float8 as accessories
      from declarations where deleted_at is null`);
    expect(avg!.shoes).toBeGreaterThan(avg!.accessories);
  });
});

describe('[SEED] customers', () => {
  test('registered before their first parcel, discounts given after registration and cancelled after given', async () => {
    expect(await count(sql`
      select count(*)::int as n from users u
      where u.admin = 0 and exists (select 1 from declarations d where d.user_id = u.id and d.created_at <= u.created_at)`)).toBe(0);
    expect(await count(sql`
      select count(*)::int as n from user_discounts x join users u on u.id = x.user_id
      where x.created_at < u.created_at or x.canceled_at < x.created_at or x.created_at > now()`)).toBe(0);
    expect(await count(sql`
      select count(*)::int as n from balance_operations o join users u on u.id = o.user_id
      where u.admin = 0 and (o.created_at < u.created_at or o.created_at > now())`)).toBe(0);
  });

  test('FIN, ID card and phone: unique and in their real form; adults', async () => {
    const people = await rows<{ fin: string; passport_number: string; phone: string; age: number }>(sql`
      select fin, passport_number, phone, extract(year from age(birth_date))::int as age from users where admin = 0`);
    expect(people.length).toBeGreaterThan(10);
    for (const p of people) {
      expect(p.fin).toMatch(FIN_PATTERN);
      expect(p.fin).toMatch(/^[0-9A-HJ-NP-Z]{7}$/); // no I or O, which read as 1 and 0
      expect(p.passport_number).toMatch(/^(AA\d{7}|AZE\d{8})$/);
      expect(p.phone).toMatch(/^\+994 (50|51|55|70|77|99) [2-9]\d{2} \d{2} \d{2}$/);
      expect(p.age).toBeGreaterThanOrEqual(18);
      expect(p.fin).not.toMatch(/^(.)\1+$/); // no placeholder like 1111111
    }
    for (const key of ['fin', 'passport_number', 'phone'] as const) expect(new Set(people.map((p) => p[key])).size, key).toBe(people.length);
  });

  test('names mixed, not in a cycle; a woman carries the female form of the surname', async () => {
    const people = await rows<{ name: string; surname: string; gender: string }>(sql`select name, surname, gender from users where admin = 0 order by id`);
    const pairs = new Set(people.map((p) => `${p.name} ${p.surname}`));
    expect(pairs.size / people.length).toBeGreaterThan(0.8);
    // surnames of neighbours do not alternate between two families or follow the gender in turn
    const sameAsTwoBack = people.slice(2).filter((p, i) => p.surname === people[i]!.surname).length;
    expect(sameAsTwoBack / people.length).toBeLessThan(0.3);
    const genderFlips = people.slice(1).filter((p, i) => p.gender !== people[i]!.gender).length;
    expect(genderFlips / people.length).toBeLessThan(0.85);
    for (const p of people) {
      if (p.surname.endsWith('zadə')) continue;
      expect(p.surname, `${p.name} ${p.surname} (${p.gender})`).toMatch(p.gender === 'female' ? /(ov|yev|ev)a$/ : /(ov|yev|ev)$/);
    }
  });

  test('balances are the sum of their history and not a sequence: round top-ups, odd spends, some at zero', async () => {
    expect(await count(sql`
      select count(*)::int as n from users u
      cross join lateral (
        select coalesce(sum(case when o.type = 1 then o.amount else -o.amount end) filter (where o.currency = 'USD'), 0) as usd,
               coalesce(sum(case when o.type = 1 then o.amount else -o.amount end) filter (where o.currency = 'TRY'), 0) as try
        from balance_operations o where o.user_id = u.id and o.status_id = 18) l
      where u.admin = 0 and (u.balance_usd <> l.usd or u.balance_try <> l.try)`)).toBe(0);
    // the running balance before each operation is what came before it, never below zero
    expect(await count(sql`
      select count(*)::int as n from (
        select o.before_balance, coalesce(sum(case when o.type = 1 then o.amount else -o.amount end)
                 over (partition by o.user_id, o.currency order by o.created_at, o.id rows between unbounded preceding and 1 preceding), 0) as running,
               o.type, o.amount
        from balance_operations o join users u on u.id = o.user_id and u.admin = 0) x
      where x.before_balance <> x.running or (x.type = 2 and x.amount > x.before_balance)`)).toBe(0);
    const balances = (await rows<{ b: string }>(sql`select balance_usd::text as b from users where admin = 0 order by id`)).map((r) => Number(r.b));
    expect(balances.every((b) => b >= 0)).toBe(true);
    expect(balances.filter((b) => b === 0).length).toBeGreaterThan(0);
    expect(balances.filter((b) => b > 2).length / balances.length).toBeGreaterThan(0.3);
    const steps = new Set(balances.slice(1).map((b, i) => (b - balances[i]!).toFixed(2)));
    expect(steps.size / balances.length).toBeGreaterThan(0.5); // not an arithmetic sequence
  });

  test('the same demo on every run: customers drawn from a fixed seed', async () => {
    const other = await openPglite(null);
    try {
      await other.migrate();
      await seedReferenceData(other.db);
      await seedDemoReferenceData(other.db);
      await generateCustomers(other.db, 20);
      const mine = await rows<{ code: string; name: string; surname: string; fin: string; phone: string }>(sql`
        select code, name, surname, fin, phone from users where admin = 0 and code::int between 100001 and 100020 order by code`);
      const theirs = (await other.db.execute(sql`select code, name, surname, fin, phone from users where admin = 0 order by code`)).rows;
      expect(mine).toHaveLength(20);
      expect(theirs).toEqual(mine); // the demo's first 20 customers, drawn again identically
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('[SEED] settings and flights', () => {
  test("the Turkish warehouse's identity number is a valid TC kimlik number, not a placeholder", async () => {
    const [w] = await rows<{ v: { passportIdentity?: string } }>(sql`select value as v from settings where group_id = 'warehouse' and key = '1'`);
    const id = w!.v.passportIdentity ?? '';
    expect(id).toMatch(/^[1-9]\d{10}$/);
    expect(id).not.toMatch(/^(.)\1+$/);
    const d = id.split('').map(Number);
    const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
    const even = d[1]! + d[3]! + d[5]! + d[7]!;
    expect(((odd * 7 - even) % 10 + 10) % 10).toBe(d[9]);
    expect(d.slice(0, 10).reduce((a, b) => a + b, 0) % 10).toBe(d[10]);
  });

  test('the flights list opens on the newest flights: the two open ones first, ids growing with the start date', async () => {
    const admin = bearer((await logInAs(ctx.app, 'admin@example.az')).access_token);
    const res = await ctx.app.inject({ url: '/api/admin/v2/flights/list', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as FlightListReply).data;
    const [newest] = await rows<{ started: string }>(sql`select max(started_at)::text as started from flights`);
    const firstTwo = await rows<{ id: number; status_id: number; started: string }>(sql`
      select id, status_id, started_at::text as started from flights where id in ${[list[0]!.id, list[1]!.id]}`);
    expect(firstTwo.map((f) => f.status_id)).toEqual([29, 29]);
    expect(firstTwo.every((f) => f.started === newest!.started)).toBe(true);
    // and down the list, no older flight comes before a newer one
    const ordered = await rows<{ id: number }>(sql`select id from flights order by started_at desc, id desc`);
    const byStart = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from flights a join flights b on a.id > b.id and a.started_at < b.started_at`);
    expect(ordered.length).toBeGreaterThan(2);
    expect(byStart[0]!.bad).toBe(0);
  });
});
