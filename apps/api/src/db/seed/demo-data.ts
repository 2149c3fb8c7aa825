import { sql } from 'drizzle-orm';
import type { Db } from '../client';

const MALE = ['Elvin', 'Rəşad', 'Tural', 'Orxan', 'Kamran', 'Fərid', 'Ülvi', 'Murad', 'Cavid', 'Elnur', 'Vüsal', 'Zaur', 'Nurlan', 'Rauf', 'Emil', 'İlkin', 'Səbuhi', 'Anar', 'Ramil', 'Nicat'];
const FEMALE = ['Nigar', 'Aysel', 'Leyla', 'Günel', 'Səbinə', 'Nərmin', 'Aynur', 'Röya', 'Lalə', 'Aytən', 'Şəbnəm', 'Fidan', 'Xədicə', 'Könül', 'Sevinc', 'Türkan', 'Gülnar', 'Arzu', 'Zəhra', 'Mələk'];
const SURNAME = ['Məmmədov', 'Əliyev', 'Həsənov', 'Hüseynov', 'Quliyev', 'İsmayılov', 'Abbasov', 'Rəhimov', 'Babayev', 'Cəfərov', 'Nəsirov', 'Kərimov', 'Vəliyev', 'Orucov', 'Səfərov', 'Bayramov'];
const STREETS = ['Nizami küç.', 'Füzuli küç.', 'Azadlıq pr.', 'Həsən bəy Zərdabi pr.', 'Təbriz küç.', 'Qara Qarayev pr.', 'Babək pr.', 'Şəmsi Bədəlbəyli küç.'];
const TR_SHOPS = ['Trendyol', 'Hepsiburada', 'LC Waikiki', 'Koton', 'DeFacto', 'Boyner', 'Flo'];
const US_SHOPS = ['Amazon', 'eBay', 'Walmart', 'iHerb', 'Nike', 'Temu', 'Best Buy'];

/** Integers inlined as literals: PGlite cannot infer untyped parameters in generate_series. */
const n = (x: number) => sql.raw(String(Math.trunc(x)));
const pgArray = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/** About `count` customers (role 0) with codes, names, FIN, phones and balances; set-based. */
export async function generateCustomers(db: Db, count: number): Promise<{ minId: number; maxId: number }> {
  await db.execute(sql`
    insert into users (code, name, surname, email, admin, phone, gender, birth_date, passport_number, fin, address,
                       balance_usd, balance_try, branch_id, send_sms, created_at)
    select (100000 + g)::text,
           -- name and surname from independent digits of g, so every pairing occurs (not a few dozen);
           -- men and women keep separate surname roots, so a surname names one family line
           case when g % 2 = 0 then (${pgArray(MALE)})[1 + (g / 2) % ${n(MALE.length)}] else (${pgArray(FEMALE)})[1 + (g / 2) % ${n(FEMALE.length)}] end,
           (${pgArray(SURNAME)})[1 + 2 * ((g / ${n(2 * Math.max(MALE.length, FEMALE.length))}) % ${n(SURNAME.length / 2)}) + g % 2]
             || case when g % 2 = 0 then '' else 'a' end,
           'musteri' || (100000 + g) || '@mail.az', 0,
           '+994 ' || (array['50','51','55','70','77','99'])[1 + g % 6] || ' ' || lpad(((g::bigint * 7919) % 1000)::text, 3, '0')
             || ' ' || lpad(((g * 31) % 100)::text, 2, '0') || ' ' || lpad(((g * 17) % 100)::text, 2, '0'),
           case when g % 2 = 0 then 'male' else 'female' end,
           (date '2006-01-01' - ((g::bigint * 3571) % 16000) * interval '1 day')::date,
           'AA' || lpad(((g::bigint * 104729) % 10000000)::text, 7, '0'),
           upper(substr(md5('fin' || g), 1, 7)),
           'Bakı, ' || (${pgArray(STREETS)})[1 + g % ${n(STREETS.length)}] || ' ' || (1 + g % 180),
           round((((g * 37) % 5000) / 100.0)::numeric, 2),
           round((((g * 53) % 90000) / 100.0)::numeric, 2),
           1 + g % 5, g % 3 = 0,
           now() - ((g * 7) % 900) * interval '1 day'
    from generate_series(1, ${n(count)}) g
    on conflict do nothing`);
  const r = await db.execute<{ min: number; max: number }>(sql`select min(id)::int as min, max(id)::int as max from users where admin = 0`);
  return { minId: Number(r.rows[0]?.min ?? 0), maxId: Number(r.rows[0]?.max ?? 0) };
}

export interface DeclarationGeneration {
  count: number;
  /** Track codes are numbered from here (so a second batch does not collide). */
  firstNumber: number;
  /** Spread of created_at, in days back from now. */
  days: number;
  customers: { minId: number; maxId: number };
  causerIds: number[];
}

/**
 * Flights (weekly per country; ids grow with the start date, as they would in use) with their bags, boxes and baskets, then declarations spread over
 * statuses, countries, providers, branches, flights and boxes in one set-based insert.
 * Used by the demo seed (10,000 rows) and the benchmark (1,000,000 rows).
 */
export async function generateDeclarations(db: Db, opts: DeclarationGeneration): Promise<void> {
  const weeks = Math.ceil(opts.days / 7) + 1;
  const flightBase = await nextId(db, 'flights');
  await db.execute(sql`
    insert into flights (id, name, country_id, status_id, trendyol, airwaybill, started_at, ended_at, created_at)
    select ${n(flightBase)} + (${n(weeks - 1)} - w) * 2 + (c - 1),
           case when c = 1 then 'IST' else 'NYC' end || '-' || to_char(now() - w * interval '7 days', 'IYYY-IW'),
           c, case when w < 1 then 29 else 30 end, 0,
           -- IATA form: 7 digits and their check digit (mod 7)
           case when w < 1 then null else (case when c = 1 then '235-' else '176-' end)
             || lpad(((w * 7919 + c) % 10000000)::text, 7, '0') || (((w * 7919 + c) % 10000000) % 7)::text end,
           now() - (w * 7 + 6) * interval '1 day', now() - (w * 7) * interval '1 day', now() - (w * 7 + 6) * interval '1 day'
    from generate_series(1, 2) c, generate_series(0, ${n(weeks - 1)}) w`);
  const parcelBase = await nextId(db, 'parcels');
  await db.execute(sql`
    insert into parcels (id, name, flight_id)
    select ${n(parcelBase)} + (f - ${n(flightBase)}) * 8 + k, 'KS-' || f || '-' || (k + 1), f
    from generate_series(${n(flightBase)}, ${n(flightBase + 2 * weeks - 1)}) f, generate_series(0, 7) k`);
  const containerBase = await nextId(db, 'containers');
  await db.execute(sql`
    insert into containers (id, name, branch_id)
    select ${n(containerBase)} + (b - 1) * 10 + k, 'Y-' || b || '-' || lpad((k + 1)::text, 2, '0'), b
    from generate_series(1, 5) b, generate_series(0, 9) k`);
  const basketBase = await nextId(db, 'baskets');
  await db.execute(sql`
    insert into baskets (id, name, branch_id)
    select ${n(basketBase)} + (b - 1) * 20 + k, 'S-' || b || '-' || (k + 1), b
    from generate_series(1, 5) b, generate_series(0, 19) k`);
  for (const table of ['flights', 'parcels', 'containers', 'baskets']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
  const customerSpan = opts.customers.maxId - opts.customers.minId + 1;
  const causers = opts.causerIds.length ? opts.causerIds : [0];
  const insert = () => db.execute(sql`
    insert into declarations (track_code, global_track_code, user_id, country_id, status_id, branch_id, flight_id, parcel_id,
      container_id, basket_id, product_type_id, plan_category_id, tariff_id, shop_name, weight, price, delivery_price, quantity,
      type, payed, customs, returned, is_new, wardrobe_number, trendyol, partner_id, causer_id, created_at, updated_at)
    select 'AZ' || (2600000000 + g)::text,
           case when provider = 1 then 'TY' || lpad((floor(r5 * 1e11))::bigint::text, 11, '0')
                when provider = 2 then 'YT' || lpad((floor(r5 * 1e16))::bigint::text, 16, '0')
                when country = 1 then lpad((floor(r5 * 1e12))::bigint::text, 12, '0')
                else 'TBA' || lpad((floor(r5 * 1e12))::bigint::text, 12, '0') end,
           ${n(opts.customers.minId)} + floor(r6 * ${n(customerSpan)})::int,
           country, status, branch,
           case when status in (5, 7) then null else ${n(flightBase)} + (${n(weeks - 1)} - least(floor(age / 7)::int, ${n(weeks - 1)})) * 2 + (country - 1) end,
           case when status in (5, 7) then null else ${n(parcelBase)} + ((${n(weeks - 1)} - least(floor(age / 7)::int, ${n(weeks - 1)})) * 2 + (country - 1)) * 8 + floor(r7 * 8)::int end,
           case when status in (9, 10, 12) then ${n(containerBase)} + (branch - 1) * 10 + floor(r7 * 10)::int else null end,
           case when status = 9 then ${n(basketBase)} + (branch - 1) * 20 + floor(r8 * 20)::int else null end,
           1 + floor(r8 * 15)::int, 1, null,
           case when country = 1 then (${pgArray(TR_SHOPS)})[1 + floor(r9 * ${n(TR_SHOPS.length)})::int]
                else (${pgArray(US_SHOPS)})[1 + floor(r9 * ${n(US_SHOPS.length)})::int] end,
           weight,
           case when country = 1 then round((50 + r3 * r3 * 4950)::numeric, 2) else round((5 + r3 * r3 * 495)::numeric, 2) end,
           round((case when weight <= 0.25 then 2.5 when weight <= 0.5 then 3.5 when weight <= 0.75 then 4.5 when weight <= 1 then 5.5
                       else weight * 5 end + case when country = 2 then 1 else 0 end + case when liquid then 1.5 else 0 end)::numeric, 2),
           case when r10 < 0.7 then 1 when r10 < 0.9 then 2 else 3 + floor(r10 * 3)::int end,
           case when liquid then 1 else 2 end,
           status = 10 or (status = 9 and r10 < 0.4) or (status in (7, 8) and r10 < 0.15),
           status not in (5, 7) or r10 < 0.5,
           status = 12,
           age < 2,
           case when status = 9 then chr(65 + floor(r8 * 6)::int) || '-' || (1 + floor(r9 * 40)::int) else null end,
           provider,
           case when branch = 5 then 2 else null end,
           case when status in (9, 10, 12, 88) then (${sql.raw(`array[${causers.join(',')}]`)}::int[])[1 + floor(r9 * ${n(causers.length)})::int] else null end,
           now() - age * interval '1 day', now() - age * interval '1 day' * 0.5
    from (
      select g, country, age, r3, r5, r6, r7, r8, r9, r10, liquid, weight,
             case when country = 1 and r2 < 0.3 then 1 when country = 2 and r2 < 0.25 then 2 else 0 end as provider,
             case when r11 < 0.35 then 1 when r11 < 0.6 then 2 when r11 < 0.8 then 3 when r11 < 0.92 then 4 else 5 end as branch,
             case when age < 3 then (case when r1 < 0.3 then 5 else 7 end)
                  when age < 8 then (case when r1 < 0.6 then 7 else 8 end)
                  when age < 14 then (case when r1 < 0.2 then 8 when r1 < 0.95 then 9 else 88 end)
                  else (case when r1 < 0.12 then 9 when r1 < 0.95 then 10 when r1 < 0.97 then 12 when r1 < 0.985 then 36 else 88 end) end as status
      from (
        select g, random() r1, random() r2, random() r3, random() r5, random() r6, random() r7, random() r8, random() r9,
               random() r10, random() r11, random() < 0.08 as liquid,
               round((0.1 + power(random(), 2) * 9.9)::numeric, 2) as weight,
               case when random() < 0.7 then 1 else 2 end as country,
               random() * ${n(opts.days)} as age
        from generate_series(${n(opts.firstNumber)}, ${n(opts.firstNumber + opts.count - 1)}) g
      ) raw
    ) s`);
  if (opts.count >= REBUILD_INDEXES_FROM) await withIndexesRebuilt(db, 'declarations', insert);
  else await insert();
  await db.execute(sql`analyze declarations`);
}

/** Past this many rows, building the indexes once after the insert beats maintaining them row by row. */
const REBUILD_INDEXES_FROM = 100_000;

/**
 * Drops the table's indexes (those behind a constraint, like the primary key, stay), does the work,
 * and creates them again from their own definitions (so they stay exactly what the migrations made).
 */
async function withIndexesRebuilt(db: Db, table: string, work: () => Promise<unknown>): Promise<void> {
  const indexes = await db.execute<{ name: string; def: string }>(sql`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const { name } of indexes.rows) await db.execute(sql.raw(`drop index "${name.replace(/"/g, '""')}"`));
  try {
    await work();
  } finally {
    for (const { def } of indexes.rows) await db.execute(sql.raw(def));
  }
}

async function nextId(db: Db, table: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql.raw(`select (coalesce(max(id), 0) + 1)::int as n from ${table}`));
  return Number(r.rows[0]?.n ?? 1);
}

/** Staff besides the four demo logins: every role and branch (password: the demo password). */
export const EXTRA_STAFF = [
  { email: 'leyla.abbasova@example.az', name: 'Leyla', surname: 'Abbasova', gender: 'female', admin: 1, branch: 1, cashbox: 3, company: 1 },
  { email: 'orxan.babayev@example.az', name: 'Orxan', surname: 'Babayev', gender: 'male', admin: 2, branch: 2, cashbox: null, company: 1 },
  { email: 'kamran.rehimov@example.az', name: 'Kamran', surname: 'Rəhimov', gender: 'male', admin: 2, branch: 3, cashbox: null, company: 1 },
  { email: 'ulvi.kerimov@example.az', name: 'Ülvi', surname: 'Kərimov', gender: 'male', admin: 2, branch: 4, cashbox: null, company: 1 },
  { email: 'aysel.ceferova@example.az', name: 'Aysel', surname: 'Cəfərova', gender: 'female', admin: 3, branch: 1, cashbox: 1, company: 1 },
  { email: 'gunel.veliyeva@example.az', name: 'Günel', surname: 'Vəliyeva', gender: 'female', admin: 3, branch: 3, cashbox: 2, company: 1 },
  { email: 'ferid.orucov@example.az', name: 'Fərid', surname: 'Orucov', gender: 'male', admin: 3, branch: 4, cashbox: null, company: 1 },
  { email: 'rauf.seferov@example.az', name: 'Rauf', surname: 'Səfərov', gender: 'male', admin: 4, branch: 5, cashbox: null, company: 2 },
] as const;

/**
 * Discounts for every fifth customer and for the three long-standing customers (those of the
 * oldest parcels, a loyalty discount) — Turkey or America, 5–20 %, valid one to six months ahead,
 * given by `causerId`; one in four of the others was cancelled later (history).
 */
export async function generateDiscounts(db: Db, customers: { minId: number; maxId: number }, causerId: number): Promise<void> {
  await db.execute(sql`
    insert into user_discounts (user_id, country_id, discount, descr, discount_date, causer_id, created_at, canceled_at, canceled_by_id)
    select u.id, 1 + (u.id / 5) % 2, (array[5, 7.5, 10, 12, 15, 20])[1 + u.id % 6],
           (array['Daimi müştəri', 'Korporativ müştəri', 'Kampaniya', 'Şikayətə görə kompensasiya'])[1 + u.id % 4],
           (current_date + (30 + (u.id * 13) % 150))::date, ${n(causerId)},
           now() - ((u.id * 11) % 60) * interval '1 day',
           case when u.id % 4 = 3 and not loyal.flag then now() - ((u.id * 3) % 5) * interval '1 day' else null end,
           case when u.id % 4 = 3 and not loyal.flag then ${n(causerId)} else null end
    from users u
    cross join lateral (select u.id in (select d.user_id from (select user_id from declarations
      where deleted_at is null and user_id is not null order by id limit 3) d) as flag) loyal
    where u.admin = 0 and u.id between ${n(customers.minId)} and ${n(customers.maxId)} and (u.id % 5 = 0 or loyal.flag)`);
}

/**
 * This month's parcels of a few customers, so the "current-month spend" card shows both sides of
 * the 300 USD warning: the first `heavy` customers spend about 330–420 USD, the next `light` ones
 * about 60–150 USD. Track codes AZ27… (the generator's are AZ26…). Returns the rows inserted.
 */
export async function generateMonthSpenders(db: Db, customers: { minId: number; maxId: number }, heavy: number, light: number): Promise<number> {
  if (customers.maxId - customers.minId + 1 < heavy + light) return 0;
  const r = await db.execute(sql`
    insert into declarations (track_code, user_id, country_id, status_id, branch_id, product_type_id, plan_category_id, shop_name,
      weight, price, delivery_price, quantity, type, payed, customs, returned, is_new, trendyol, created_at, updated_at)
    select 'AZ' || (2700000000 + c * 100 + k)::text, ${n(customers.minId)} + c, 1 + k % 2,
           case when k % 3 = 0 then 5 else 7 end, 1 + c % 4, 1 + (c + k) % 15, 1,
           case when k % 2 = 0 then 'Trendyol' else 'Amazon' end,
           round((case when c < ${n(heavy)} then 5 + (k % 4) else 1 + (k % 3) * 0.5 end)::numeric, 2),
           round((40 + ((c * 7 + k * 13) % 60) * 5)::numeric, 2),
           round((case when c < ${n(heavy)} then 28 + (c * 3 + k) % 9 else 12 + (c + k) % 6 end)::numeric, 2),
           1, 2, false, k % 3 <> 0, false, true, 0,
           date_trunc('month', now()) + (now() - date_trunc('month', now())) * ((k + 1)::numeric / 14),
           now()
    from generate_series(0, ${n(heavy + light - 1)}) c,
         generate_series(0, 11) k
    where c < ${n(heavy)} or k < 6
    on conflict do nothing
    returning id`);
  return r.rows.length;
}

/** Staff of EXTRA_STAFF with their role's default permissions (set-based). */
export async function generateExtraStaff(db: Db, passwordHash: string, defaults: Record<number, readonly string[]>): Promise<void> {
  const values = EXTRA_STAFF.map((s) => sql`(${s.email}, ${s.name}, ${s.surname}, ${s.gender}, ${n(s.admin)}, ${n(s.branch)}, ${s.cashbox === null ? sql`null::int` : n(s.cashbox)}, ${n(s.company)})`);
  await db.execute(sql`
    insert into users (email, name, surname, gender, admin, admin_branch_id, branch_id, cashbox_id, company_id, password_hash, phone, created_at)
    select v.email, v.name, v.surname, v.gender, v.admin, v.branch, v.branch, v.cashbox, v.company, ${passwordHash},
           '+994 50 ' || lpad((100 + v.admin * 111 + v.branch * 7)::text, 3, '0') || ' 20 ' || lpad((v.branch * 11)::text, 2, '0'),
           now() - (v.admin * 40 + v.branch * 9) * interval '1 day'
    from (values ${sql.join(values, sql`, `)}) v(email, name, surname, gender, admin, branch, cashbox, company)
    on conflict do nothing`);
  for (const role of [2, 3, 4]) {
    const codes = defaults[role] ?? [];
    if (!codes.length) continue;
    await db.execute(sql`
      insert into user_permissions (user_id, operation_id)
      select u.id, o.id from users u join operations o on o.code_name = any(${pgArray([...codes])})
      where u.admin = ${n(role)} and lower(u.email) = any(${pgArray(EXTRA_STAFF.map((s) => s.email.toLowerCase()))})
      on conflict do nothing`);
  }
}
