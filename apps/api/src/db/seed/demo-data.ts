import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';

const MALE = ['Elvin', 'Rəşad', 'Tural', 'Orxan', 'Kamran', 'Fərid', 'Ülvi', 'Murad', 'Cavid', 'Elnur', 'Vüsal', 'Zaur', 'Nurlan', 'Rauf', 'Emil',
  'İlkin', 'Səbuhi', 'Anar', 'Ramil', 'Nicat', 'Əli', 'Hüseyn', 'Məhəmməd', 'Tofiq', 'Rövşən', 'Elçin', 'Fuad', 'Samir', 'Kənan', 'Toğrul',
  'Ayxan', 'Rüfət', 'Namiq', 'Şahin', 'Vüqar', 'Eldar', 'Ceyhun', 'Teymur'];
const FEMALE = ['Nigar', 'Aysel', 'Leyla', 'Günel', 'Səbinə', 'Nərmin', 'Aynur', 'Röya', 'Lalə', 'Aytən', 'Şəbnəm', 'Fidan', 'Xədicə', 'Könül',
  'Sevinc', 'Türkan', 'Gülnar', 'Arzu', 'Zəhra', 'Mələk', 'Fatimə', 'Nuray', 'Ülkər', 'Səidə', 'Kamilə', 'Vüsalə', 'Aygün', 'Gülşən', 'Nərgiz',
  'Elmira', 'Aidə', 'Jalə'];
/** Surnames in their male form, the most common first (a skewed pick favours them); '-zadə' has no female form. */
const SURNAME = ['Məmmədov', 'Əliyev', 'Həsənov', 'Hüseynov', 'Quliyev', 'İsmayılov', 'Cəfərov', 'Abbasov', 'Babayev', 'Rəhimov', 'Əhmədov',
  'Qasımov', 'Kərimov', 'Vəliyev', 'Musayev', 'İbrahimov', 'Süleymanov', 'Mustafayev', 'Nəsirov', 'Orucov', 'Səfərov', 'Bayramov', 'Rzayev',
  'Mirzəyev', 'Sadıqov', 'Qafarov', 'Zeynalov', 'Nağıyev', 'Şükürov', 'Allahverdiyev', 'Əlizadə', 'Hacızadə', 'Mehdizadə', 'Rəsulzadə'];
const STREETS = ['Nizami küç.', 'Füzuli küç.', 'Azadlıq pr.', 'Həsən bəy Zərdabi pr.', 'Təbriz küç.', 'Qara Qarayev pr.', 'Babək pr.', 'Şəmsi Bədəlbəyli küç.',
  'Bakıxanov küç.', 'Səməd Vurğun küç.', 'Atatürk pr.', 'Hüseyn Cavid pr.', 'Mətbuat pr.', 'Şərifzadə küç.'];
const GANJA_STREETS = ['Cavad xan küç.', 'Atatürk pr.', 'Heydər Əliyev pr.', 'Nizami küç.'];
const SUMGAYIT_STREETS = ['Sülh küç.', 'Nizami küç.', 'Heydər Əliyev pr.', '28 May küç.'];
const TR_SHOPS = ['Trendyol', 'Hepsiburada', 'LC Waikiki', 'Koton', 'DeFacto', 'Boyner', 'Flo'];
const US_SHOPS = ['Amazon', 'eBay', 'Walmart', 'iHerb', 'Nike', 'Temu', 'Best Buy'];
/** Letters of a FIN (personal identification number): digits and Latin capitals without I and O. */
const FIN_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Integers inlined as literals: PGlite cannot infer untyped parameters in generate_series. */
const n = (x: number) => sql.raw(String(Math.trunc(x)));
const pgArray = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * The demo's pseudo-random numbers: a uniform [0, 1) from the hash of a row key and a slot, so the
 * demo is the same on every run and on every connection of a pool (Postgres' random() is not, and
 * setseed() holds for one connection only). Change DEMO_SEED for another, equally consistent demo.
 */
export const DEMO_SEED = 16;
export const rnd = (key: SQL, slot: number) =>
  sql`((hashint8extended((${key})::bigint, ${n(DEMO_SEED * 1000 + slot)}) & 9007199254740991)::float8 / 9007199254740992.0)`;
/** One element of a text array, picked by a [0, 1) number. */
const pick = (items: string[], r: SQL) => sql`(${pgArray(items)})[1 + floor(${r} * ${n(items.length)})::int]`;

/** Unique-looking identity documents of a customer keyed by `key` (attempt: another draw for a duplicate). */
const finOf = (key: SQL, attempt: number) =>
  sql.join([0, 1, 2, 3, 4, 5, 6].map((i) => sql`substr(${sql.raw(`'${FIN_ALPHABET}'`)}, 1 + floor(${rnd(key, 20 + i + attempt * 50)} * 34)::int, 1)`), sql` || `);
const passportOf = (key: SQL, attempt: number) => sql`case when ${rnd(key, 30 + attempt * 50)} < 0.3
  then 'AZE' || (10000000 + floor(${rnd(key, 31 + attempt * 50)} * 90000000)::int)::text
  else 'AA' || (1000000 + floor(${rnd(key, 31 + attempt * 50)} * 9000000)::int)::text end`;
const phoneOf = (key: SQL, attempt: number) => sql`(select '+994 ' || (array['50','51','55','70','77','99'])[1 + floor(${rnd(key, 32 + attempt * 50)} * 6)::int]
  || ' ' || substr(x, 1, 3) || ' ' || substr(x, 4, 2) || ' ' || substr(x, 6, 2)
  from (select (2000000 + floor(${rnd(key, 33 + attempt * 50)} * 8000000)::int)::text as x) p)`;

/**
 * About `count` customers (role 0), set-based: Azerbaijani names and surnames mixed pseudo-randomly
 * (the female form of a surname for women), a FIN (7 letters and digits), an ID card number (AA and
 * 7 digits, or the older AZE and 8 digits) and a mobile number (+994 50|51|55|70|77|99 XXX XX XX),
 * each unique among customers; adults' birth dates, an address in the city of their branch.
 * Registration dates are moved before each customer's first parcel once parcels exist
 * (alignRegistrations), and balances come from their balance operations (demo-money.ts): both 0 here.
 */
export async function generateCustomers(db: Db, count: number): Promise<{ minId: number; maxId: number }> {
  const g = sql`g`;
  await db.execute(sql`
    insert into users (code, name, surname, email, admin, phone, gender, birth_date, passport_number, fin, address,
                       balance_usd, balance_try, branch_id, send_sms, created_at)
    select (100000 + g)::text, name, surname,
           lower(translate(name || '.' || surname, 'ƏəİıÖöÜüŞşÇçĞğ', 'EeIiOoUuSsCcGg')) || (100000 + g)
             || (array['@mail.az', '@gmail.com', '@box.az', '@gmail.com'])[1 + g % 4],
           0, phone, gender, birth_date, passport_number, fin, address, 0, 0, branch_id, send_sms, created_at
    from (
      select g,
             case when female then ${pick(FEMALE, rnd(g, 2))} else ${pick(MALE, rnd(g, 2))} end as name,
             case when female and root like '%v' then root || 'a' else root end as surname,
             case when female then 'female' else 'male' end as gender,
             ${phoneOf(g, 0)} as phone,
             (current_date - (7670 + floor(power(${rnd(g, 4)}, 1.6) * 15000))::int)::date as birth_date,
             ${passportOf(g, 0)} as passport_number,
             ${finOf(g, 0)} as fin,
             case branch_id when 4 then 'Gəncə, ' || ${pick(GANJA_STREETS, rnd(g, 5))} when 5 then 'Sumqayıt, ' || ${pick(SUMGAYIT_STREETS, rnd(g, 5))}
               else 'Bakı, ' || ${pick(STREETS, rnd(g, 5))} end
               || ' ' || (1 + floor(${rnd(g, 6)} * 180)::int) || case when ${rnd(g, 7)} < 0.7 then ', mənzil ' || (1 + floor(${rnd(g, 8)} * 120)::int) else '' end as address,
             branch_id, ${rnd(g, 9)} < 0.35 as send_sms,
             now() - ${rnd(g, 10)} * interval '900 days' - ${rnd(g, 11)} * interval '1 day' as created_at
      from (
        select g, ${rnd(g, 1)} < 0.5 as female,
               (${pgArray(SURNAME)})[1 + floor(power(${rnd(g, 3)}, 1.5) * ${n(SURNAME.length)})::int] as root,
               case when r < 0.35 then 1 when r < 0.6 then 2 when r < 0.8 then 3 when r < 0.92 then 4 else 5 end as branch_id
        from (select g, ${rnd(g, 12)} as r from generate_series(1, ${n(count)}) g) s
      ) s
    ) c
    on conflict do nothing`);
  await redrawDuplicates(db);
  const r = await db.execute<{ min: number; max: number }>(sql`select min(id)::int as min, max(id)::int as max from users where admin = 0`);
  return { minId: Number(r.rows[0]?.min ?? 0), maxId: Number(r.rows[0]?.max ?? 0) };
}

/** Draws again the FIN, ID card or phone of a customer who shares it with an earlier one, until none does. */
async function redrawDuplicates(db: Db): Promise<void> {
  const columns = [['fin', finOf], ['passport_number', passportOf], ['phone', phoneOf]] as const;
  for (const [column, of] of columns) {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const col = sql.raw(column);
      const res = await db.execute(sql`
        with dup as (select id, row_number() over (partition by ${col} order by id) as k from users where admin = 0 and ${col} is not null)
        update users u set ${col} = ${of(sql`u.code::bigint - 100000`, attempt)} from dup where dup.id = u.id and dup.k > 1 returning u.id`);
      if (res.rows.length === 0) break;
    }
  }
}

/**
 * A customer registers before their first parcel: the registration of every customer with a parcel
 * (deleted ones too) moves to 1-60 days before it when it was later. Run after the parcels exist
 * (and again after demo steps that give parcels to other customers). Set-based, idempotent.
 */
export async function alignRegistrations(db: Db): Promise<void> {
  await db.execute(sql`
    update users u set created_at = f.first - (1 + floor(${rnd(sql`u.id`, 40)} * 60)::int) * interval '1 day' - ${rnd(sql`u.id`, 41)} * interval '8 hours'
    from (select user_id, min(created_at) as first from declarations where user_id is not null group by user_id) f
    where f.user_id = u.id and u.admin = 0 and u.created_at >= f.first`);
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
  // Three ids a week, the oldest week first: Turkey, America, and a free one for that week's
  // marketplace flight (demo-flights.ts), so ids grow with the start date as they do in use.
  await db.execute(sql`
    insert into flights (id, name, country_id, status_id, trendyol, airwaybill, started_at, ended_at, created_at)
    select ${n(flightBase)} + (${n(weeks - 1)} - w) * 3 + (c - 1),
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
    select ${n(parcelBase)} + (f.id - ${n(flightBase)}) * 8 + k, 'KS-' || f.id || '-' || (k + 1), f.id
    from flights f, generate_series(0, 7) k where f.id >= ${n(flightBase)}`);
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
  const g = sql`g`;
  const r = (slot: number) => rnd(g, 100 + slot);
  const flightOf = sql`${n(flightBase)} + (${n(weeks - 1)} - least(floor(age / 7)::int, ${n(weeks - 1)})) * 3 + (country - 1)`;
  // Per product type: weight range (kg), price range (USD), share of liquids, a typical box (cm) and the weight it holds.
  const types = sql.raw(`(values
    (1, 0.20, 1.50, 8, 70, 0.00, 35, 25, 6, 0.6), (2, 0.60, 2.00, 25, 140, 0.00, 34, 22, 13, 1.2),
    (3, 0.10, 0.80, 5, 60, 0.35, 18, 12, 8, 0.35), (4, 0.20, 4.00, 25, 900, 0.00, 30, 22, 10, 1.2),
    (5, 0.05, 0.40, 3, 40, 0.00, 16, 10, 4, 0.15), (6, 0.30, 2.00, 8, 40, 0.00, 24, 17, 4, 0.6),
    (7, 0.20, 2.50, 8, 80, 0.00, 30, 22, 15, 0.8), (8, 0.40, 6.00, 10, 150, 0.00, 40, 30, 20, 2.0),
    (9, 0.30, 1.50, 15, 200, 0.00, 38, 28, 12, 0.7), (10, 0.10, 0.50, 20, 400, 0.00, 14, 10, 8, 0.25),
    (11, 0.30, 5.00, 12, 200, 0.00, 45, 30, 15, 1.5), (12, 0.20, 1.20, 10, 60, 0.20, 18, 12, 12, 0.5),
    (13, 0.20, 0.70, 20, 150, 0.90, 15, 10, 8, 0.4), (14, 0.10, 0.80, 5, 40, 0.00, 28, 22, 5, 0.35),
    (15, 0.50, 8.00, 15, 300, 0.00, 40, 30, 20, 2.5))
    as pt(id, wmin, wmax, pmin, pmax, liquid, bl, bw, bh, wref)`);
  const insert = () => db.execute(sql`
    insert into declarations (track_code, global_track_code, user_id, country_id, status_id, branch_id, flight_id, parcel_id,
      container_id, basket_id, product_type_id, plan_category_id, tariff_id, shop_name, weight, width, height, depth, price, delivery_price, quantity,
      type, payed, customs, returned, is_new, wardrobe_number, trendyol, partner_id, causer_id, created_at, updated_at, delivered_at)
    select 'AZ' || (2600000000 + g)::text,
           case when provider = 1 then 'TY' || lpad((floor(r5 * 1e11))::bigint::text, 11, '0')
                when provider = 2 then 'YT' || lpad((floor(r5 * 1e16))::bigint::text, 16, '0')
                when country = 1 then lpad((floor(r5 * 1e12))::bigint::text, 12, '0')
                else 'TBA' || lpad((floor(r5 * 1e12))::bigint::text, 12, '0') end,
           ${n(opts.customers.minId)} + floor(r6 * ${n(customerSpan)})::int,
           country, status, branch,
           case when status in (5, 7) then null else ${flightOf} end,
           case when status in (5, 7) then null else ${n(parcelBase)} + (${flightOf} - ${n(flightBase)}) * 8 + floor(r7 * 8)::int end,
           case when status in (9, 10, 12) then ${n(containerBase)} + (branch - 1) * 10 + floor(r7 * 10)::int else null end,
           case when status = 9 then ${n(basketBase)} + (branch - 1) * 20 + floor(r8 * 20)::int else null end,
           type_id, 1, null,
           case when country = 1 then (${pgArray(TR_SHOPS)})[1 + floor(r9 * ${n(TR_SHOPS.length)})::int]
                else (${pgArray(US_SHOPS)})[1 + floor(r9 * ${n(US_SHOPS.length)})::int] end,
           weight,
           -- measured at the foreign warehouse (most parcels): the type's box, scaled to the weight it holds
           case when measured then greatest(5, round(bl * size * (0.85 + r12 * 0.3)))::int end,
           case when measured then greatest(2, round(bh * size * (0.85 + r13 * 0.3)))::int end,
           case when measured then greatest(5, round(bw * size * (0.85 + r14 * 0.3)))::int end,
           -- Turkish shops price in lira (…9.99), American ones in dollars (….99)
           round((case when country = 1 then greatest(round(usd * 40) - 0.01, 9.99) else greatest(floor(usd) + 0.99, 1.99) end)::numeric, 2),
           round((case when weight <= 0.25 then 2.5 when weight <= 0.5 then 3.5 when weight <= 0.75 then 4.5 when weight <= 1 then 5.5
                       else weight * 5 end + case when country = 2 then 1 else 0 end + case when liquid then 1.5 else 0 end)::numeric, 2),
           quantity,
           case when liquid then 1 else 2 end,
           -- paid: always once handed over; never before the parcel is declared
           case when status = 10 then true when status = 5 then false when status = 9 then r10 < 0.4 else r10 < 0.15 end,
           -- declared at customs: never while awaiting the declaration; most at the foreign warehouse; always once dispatched
           case when status = 5 then false when status = 7 then r15 < 0.75 else true end,
           status = 12,
           age < 2,
           case when status = 9 then chr(65 + floor(r8 * 6)::int) || '-' || (1 + floor(r9 * 40)::int) else null end,
           provider,
           case when branch = 5 then 2 else null end,
           case when status in (9, 10, 12, 88) then (${sql.raw(`array[${causers.join(',')}]`)}::int[])[1 + floor(r9 * ${n(causers.length)})::int] else null end,
           now() - age * interval '1 day', now() - age * interval '1 day' * 0.5,
           -- handed over about two weeks after the order (what generateDocumentsDemoData would set, here at no extra pass)
           case when status = 10 then least(now(), now() - age * interval '1 day' + interval '12 days' + floor(r13 * 48) * interval '1 hour') end
    from (
      select g, country, age, r5, r6, r7, r8, r9, r10, r12, r13, r14, r15, type_id, quantity, bl, bw, bh,
             r3 < pt.liquid as liquid, measured,
             round(((pt.wmin + (pt.wmax - pt.wmin) * power(r2, 1.7)) * (1 + (quantity - 1) * 0.6))::numeric, 2) as weight,
             power((pt.wmin + (pt.wmax - pt.wmin) * power(r2, 1.7)) * (1 + (quantity - 1) * 0.6) / pt.wref, 1.0 / 3) as size,
             (pt.pmin + (pt.pmax - pt.pmin) * power(r4, 2)) * (1 + (quantity - 1) * 0.8) as usd,
             case when country = 1 and r1b < 0.3 then 1 when country = 2 and r1b < 0.25 then 2 else 0 end as provider,
             case when r11 < 0.35 then 1 when r11 < 0.6 then 2 when r11 < 0.8 then 3 when r11 < 0.92 then 4 else 5 end as branch,
             case when age < 3 then (case when r1 < 0.3 then 5 else 7 end)
                  when age < 8 then (case when r1 < 0.6 then 7 else 8 end)
                  when age < 14 then (case when r1 < 0.2 then 8 when r1 < 0.95 then 9 else 88 end)
                  else (case when r1 < 0.12 then 9 when r1 < 0.95 then 10 when r1 < 0.97 then 12 when r1 < 0.985 then 36 else 88 end) end as status
      from (
        select g, ${r(1)} as r1, ${r(2)} as r1b, ${r(3)} as r2, ${r(4)} as r3, ${r(5)} as r4, ${r(6)} as r5, ${r(7)} as r6, ${r(8)} as r7,
               ${r(9)} as r8, ${r(10)} as r9, ${r(11)} as r10, ${r(12)} as r11, ${r(13)} as r12, ${r(14)} as r13, ${r(15)} as r14, ${r(16)} as r15,
               1 + floor(power(${r(17)}, 1.4) * 15)::int as type_id,
               case when ${r(18)} < 0.7 then 1 when ${r(18)} < 0.9 then 2 else 3 + floor(${r(19)} * 3)::int end as quantity,
               ${r(20)} < 0.6 as measured,
               case when ${r(21)} < 0.7 then 1 else 2 end as country,
               ${r(22)} * ${n(opts.days)} as age
        from generate_series(${n(opts.firstNumber)}, ${n(opts.firstNumber + opts.count - 1)}) g
      ) raw
      join ${types} on pt.id = raw.type_id
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
  // Given after the customer registered (within the last 60 days); a cancelled one was cancelled after it was given.
  await db.execute(sql`
    insert into user_discounts (user_id, country_id, discount, descr, discount_date, causer_id, created_at, canceled_at, canceled_by_id)
    select x.id, x.country_id, x.discount, x.descr, x.discount_date, x.causer_id, x.given,
           case when x.cancelled then x.given + (now() - x.given) * (0.2 + 0.7 * ${rnd(sql`x.id`, 62)}) end,
           case when x.cancelled then x.causer_id end
    from (
      select u.id, 1 + (u.id / 5) % 2 as country_id, (array[5, 7.5, 10, 12, 15, 20])[1 + u.id % 6] as discount,
             (array['Daimi müştəri', 'Korporativ müştəri', 'Kampaniya', 'Şikayətə görə kompensasiya'])[1 + u.id % 4] as descr,
             (current_date + (30 + (u.id * 13) % 150))::date as discount_date, ${n(causerId)} as causer_id,
             greatest(now() - ${rnd(sql`u.id`, 61)} * interval '60 days', u.created_at + interval '1 day') as given,
             u.id % 4 = 3 and not loyal.flag as cancelled
      from users u
      cross join lateral (select u.id in (select d.user_id from (select user_id from declarations
        where deleted_at is null and user_id is not null order by id limit 3) d) as flag) loyal
      where u.admin = 0 and u.id between ${n(customers.minId)} and ${n(customers.maxId)} and (u.id % 5 = 0 or loyal.flag)
    ) x
    where x.given < now()`);
}

/**
 * This month's parcels of a few customers, so the "current-month spend" card shows both sides of
 * the 300 USD warning: the first `heavy` customers spend about 330–420 USD, the next `light` ones
 * about 60–150 USD. Track codes AZ27… (the generator's are AZ26…). Returns the rows inserted.
 */
export async function generateMonthSpenders(db: Db, customers: { minId: number; maxId: number }, heavy: number, light: number): Promise<number> {
  if (customers.maxId - customers.minId + 1 < heavy + light) return 0;
  // Heavy customers' parcels are heavy goods (5.4-7.6 kg: about 27-39 USD of delivery each), light ones' small goods;
  // delivery prices from the standard tariff, prices in the shop's currency, measured once at the foreign warehouse (7).
  const key = sql`(c * 100 + k)`;
  const r = await db.execute(sql`
    insert into declarations (track_code, global_track_code, user_id, country_id, status_id, branch_id, product_type_id, plan_category_id, shop_name,
      weight, width, height, depth, price, delivery_price, quantity, type, payed, customs, returned, is_new, trendyol, created_at, updated_at)
    select 'AZ' || (2700000000 + c * 100 + k)::text,
           case when country = 1 then lpad(floor(${rnd(key, 201)} * 1e12)::bigint::text, 12, '0') else 'TBA' || lpad(floor(${rnd(key, 201)} * 1e12)::bigint::text, 12, '0') end,
           ${n(customers.minId)} + c, country, status, 1 + c % 4, type_id, 1,
           case when country = 1 then ${pick(TR_SHOPS, rnd(key, 202))} else ${pick(US_SHOPS, rnd(key, 202))} end,
           weight,
           case when status = 7 then (30 + floor(weight * 3 + ${rnd(key, 203)} * 10))::int end,
           case when status = 7 then (15 + floor(weight * 2 + ${rnd(key, 204)} * 8))::int end,
           case when status = 7 then (25 + floor(weight * 2 + ${rnd(key, 205)} * 10))::int end,
           case when country = 1 then round(usd * 40) - 0.01 else floor(usd) + 0.99 end,
           round((case when weight <= 0.25 then 2.5 when weight <= 0.5 then 3.5 when weight <= 0.75 then 4.5 when weight <= 1 then 5.5
                       else weight * 5 end + case when country = 2 then 1 else 0 end)::numeric, 2),
           1, 2, false, status = 7, false, true, 0, at, at
    from (
      select c, k, case when ${rnd(key, 206)} < 0.6 then 1 else 2 end as country, case when k % 3 = 0 then 5 else 7 end as status,
             case when c < ${n(heavy)} then (array[8, 11, 15, 4, 2])[1 + floor(${rnd(key, 207)} * 5)::int]
                  else (array[1, 3, 5, 9, 14])[1 + floor(${rnd(key, 207)} * 5)::int] end as type_id,
             round((case when c < ${n(heavy)} then 5.4 + ${rnd(key, 208)} * 2.2 else 0.4 + ${rnd(key, 208)} * 2 end)::numeric, 2) as weight,
             case when c < ${n(heavy)} then 60 + power(${rnd(key, 209)}, 1.5) * 340 else 10 + power(${rnd(key, 209)}, 1.5) * 90 end as usd,
             date_trunc('month', now()) + (now() - date_trunc('month', now())) * ((k + ${rnd(key, 210)})::numeric / 12.5) as at
      from generate_series(0, ${n(heavy + light - 1)}) c,
           generate_series(0, 11) k
      where c < ${n(heavy)} or k < 6
    ) x
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
