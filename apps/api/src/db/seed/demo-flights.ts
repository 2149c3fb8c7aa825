import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { flightPackageRuns } from '../schema/flights';

/**
 * Demo data of the flights screens (issue 7), after the customs demo data:
 * - every closed (30) flight gets its closing time and accounting month;
 * - parcels past dispatch (8 and later) that the generator left on an open (29) flight move to the
 *   country's latest closed flight (an open flight holds parcels not yet dispatched);
 * - the open flight of each country gets ~45 parcels at 7 in its bags, measured (dimensional
 *   weight), most declared by the citizen at customs (registration number, post status 1), some
 *   only added (post status 0): a new user can close it with dispatch and execute its runs against
 *   the embedded customs simulator, which is preloaded with these posts;
 * - the latest closed flight of country 1 gets package runs: two executed (customs' answers, one
 *   parcel declined and back at 7) and one not yet executed; every other closed flight was closed
 *   with dispatch: its parcels past dispatch (8, 9, 10) are in executed runs of at most 400, all accepted;
 * - a Trendyol-type flight (provider 1) with its pallets: the Trendyol parcels of the closed Turkey
 *   flight before that one move onto it, in four pallets.
 */

interface CustomsRow { id: number; postStatus: 0 | 1 | 4; reg: string | null; awb: string | null; depesh: string | null }

const regOf = (id: number) => `2026${String(700000 + id).padStart(8, '0')}`;

/** What customs knows of these parcels (carrier post and the citizen's declaration), replacing older demo rows. */
async function upsertCustomsRows(db: Db, rows: CustomsRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, "postStatus" int, reg text, awb text, depesh text)
    ), picked as (
      select d.id, d.track_code, d.weight, d.price, d.delivery_price, d.quantity, d.shop_name, i."postStatus" as post_status, i.reg, i.awb, i.depesh,
             u.fin, u.name || ' ' || u.surname as importer, coalesce(u.address, 'Bakı') as address, coalesce(u.phone, '') as phone,
             coalesce(pt.name_az, 'Geyim') as goods, coalesce(nullif(pt.customs_id, '')::int, 6203) as goods_id,
             coalesce(c.currency_type, 'USD') as currency, coalesce(c.country_code, '792') as country_code, coalesce(c.country_name, '') as country,
             greatest(d.created_at, now() - interval '20 days') + interval '2 hours' as added_at
      from input i join declarations d on d.id = i.id
      join users u on u.id = d.user_id and u.fin is not null
      left join product_types pt on pt.id = d.product_type_id
      left join countries c on c.id = d.country_id
    )
    insert into customs_parcels (track_code, package_type, post_status, fin, importer_name, goods_name, quantity, weight, invoice_price,
      invoice_price_usd, currency, airwaybill, depesh_number, depesh_at, reg_number, pay_status_id, declared_at, declaration_deleted_at, post, declaration, added_at)
    select s.track_code, 1, s.post_status, s.fin, s.importer, s.goods, s.quantity, s.weight, s.price,
      case when s.reg is not null then round(s.price * case s.currency when 'TRY' then 0.024 else 1 end, 2) end,
      s.currency, s.awb, s.depesh, case when s.depesh is not null then now() - interval '1 day' end,
      s.reg, case when s.reg is not null then 1 end, case when s.reg is not null then s.added_at + interval '1 hour' end, null,
      jsonb_build_object('direction', 1, 'trackinG_NO', s.track_code, 'transP_COSTS', coalesce(s.delivery_price, 0), 'weighT_GOODS', s.weight,
        'quantitY_OF_GOODS', s.quantity, 'invoyS_PRICE', s.price, 'currencY_TYPE', s.currency, 'fin', s.fin, 'document_type', 'PinCode',
        'idxaL_NAME', s.importer, 'idxaL_ADRESS', s.address, 'phone', s.phone, 'ixraC_NAME', coalesce(s.shop_name, ''), 'ixraC_ADRESS', s.country,
        'goodS_TRAFFIC_FR', s.country_code, 'goodS_TRAFFIC_TO', '031',
        'goodslist', jsonb_build_array(jsonb_build_object('goods_id', s.goods_id, 'name_of_goods', s.goods)),
        'inserT_DATE', to_char(s.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
        'airwaybill', s.awb, 'depesH_NUMBER', s.depesh,
        'depesH_DATE', case when s.depesh is not null then to_char((now() - interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') end,
        'status', s.post_status, 'ecoM_REGNUMBER', s.reg, 'packagE_TYPE', '1'),
      case when s.reg is not null then jsonb_build_object('trackingNumber', s.track_code, 'regNumber', s.reg, 'payStatus_Id', 1,
        'insertDate', to_char((s.added_at + interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'), 'fin', s.fin, 'importerName', s.importer,
        'goodsList', jsonb_build_array(jsonb_build_object('currencyType', s.currency, 'invoicePrice', s.price, 'goodsName', s.goods, 'quantity', s.quantity,
          'invoicePriceUsdNumber', round(s.price * case s.currency when 'TRY' then 0.024 else 1 end, 2)))) end,
      s.added_at
    from picked s
    on conflict (track_code) do update set
      post_status = excluded.post_status, fin = excluded.fin, importer_name = excluded.importer_name, airwaybill = excluded.airwaybill,
      depesh_number = excluded.depesh_number, depesh_at = excluded.depesh_at, reg_number = excluded.reg_number, pay_status_id = excluded.pay_status_id,
      invoice_price_usd = excluded.invoice_price_usd, declared_at = excluded.declared_at, declaration_deleted_at = null,
      post = excluded.post, declaration = excluded.declaration, added_at = excluded.added_at, updated_at = now()`);
}

export async function generateFlightsDemoData(db: Db, opts: { staffIds: number[] }): Promise<void> {
  await db.execute(sql`
    update flights set closed_at = coalesce(closed_at, ended_at, now()), this_month = coalesce(this_month, to_char(started_at, 'YYYY-MM'))
    where status_id = 30`);

  // Dispatched and later parcels do not sit on an open flight: to the country's latest closed flight, same bag position.
  await db.execute(sql`
    with target as (
      select o.id as open_id,
             (select c.id from flights c where c.country_id = o.country_id and c.status_id = 30 order by c.started_at desc nulls last, c.id desc limit 1) as closed_id
      from flights o where o.status_id = 29
    )
    update declarations d set flight_id = t.closed_id,
      parcel_id = (select b.id from parcels b where b.flight_id = t.closed_id order by b.id offset (d.id % 8) limit 1), updated_at = now()
    from target t
    where d.flight_id = t.open_id and d.status_id not in (5, 7) and t.closed_id is not null`);

  // The open flights' bags: the latest parcels at 7 of their country, measured.
  const placed = await db.execute<{ id: number; customs: boolean }>(sql`
    with open_f as (select id, country_id from flights where status_id = 29),
    picked as (
      select d.id, o.id as flight_id, row_number() over (partition by o.id order by d.created_at desc, d.id desc) as n
      from declarations d join open_f o on o.country_id = d.country_id
      where d.deleted_at is null and d.status_id = 7 and d.flight_id is null and d.user_id is not null
        -- not those whose declaration the citizen withdrew at customs (they wait for a new one, off the flight)
        and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code and cp.declaration_deleted_at is not null)
    )
    update declarations d set flight_id = p.flight_id,
      parcel_id = (select b.id from parcels b where b.flight_id = p.flight_id order by b.id offset (p.n % 8) limit 1),
      width = coalesce(d.width, 10 + (d.id * 7) % 40), height = coalesce(d.height, 5 + (d.id * 11) % 30),
      depth = coalesce(d.depth, 8 + (d.id * 13) % 35), updated_at = now()
    from picked p where p.id = d.id and p.n <= 45
    returning d.id::int as id, d.customs`);
  const open = placed.rows.map((r) => ({ id: Number(r.id), declared: Boolean(r.customs) })).sort((a, b) => a.id - b.id);
  // Those the citizen declared (most: the declarations' own flag) with their registration numbers; the rest only added
  // (undeclared: left out of a close with dispatch).
  await upsertCustomsRows(db, open.map(({ id, declared }) => (declared
    ? { id, postStatus: 1, reg: regOf(id), awb: null, depesh: null }
    : { id, postStatus: 0, reg: null, awb: null, depesh: null })));

  await addMarketplaceFlight(db);

  // Package runs of the latest closed flight of country 1.
  const [flight] = (await db.execute<{ id: number; name: string; airwaybill: string | null; closed_at: string }>(sql`
    select id::int as id, name, airwaybill, closed_at::text as closed_at from flights
    where country_id = 1 and status_id = 30 order by started_at desc nulls last, id desc limit 1`)).rows;
  await addDispatchedRuns(db, flight?.id ?? null, opts.staffIds[0] ?? null);
  if (!flight) return;
  const awb = flight.airwaybill ?? '235-00000000';
  // One of its parcels is still on the way (8), so a run has a parcel customs can decline (the random
  // demo may have moved every parcel of the flight past 8).
  await db.execute(sql`
    update declarations set status_id = 8, updated_at = now() where id = (
      select d.id from declarations d join users u on u.id = d.user_id and u.fin is not null
      where d.flight_id = ${flight.id} and d.status_id = 9 and d.deleted_at is null
        and not exists (select 1 from declarations e join users v on v.id = e.user_id and v.fin is not null
                        where e.flight_id = ${flight.id} and e.status_id = 8 and e.deleted_at is null)
      order by d.id limit 1)`);
  // Parcels that went through the dispatch: at 8 first (then 9, 10: arrived since), with a customer known to customs.
  const candidates = (await db.execute<{ id: number; track_code: string; status_id: number }>(sql`
    select d.id::int as id, d.track_code, d.status_id::int as status_id from declarations d join users u on u.id = d.user_id and u.fin is not null
    where d.flight_id = ${flight.id} and d.status_id in (8, 9, 10) and d.deleted_at is null
    order by d.status_id <> 8, d.id limit 45`)).rows.map((r) => ({ id: Number(r.id), trackCode: r.track_code, statusId: Number(r.status_id) }));
  const eights = candidates.filter((c) => c.statusId === 8);
  // Not yet executed: parcels still at 8 (its depesh not sent); executed: the rest, one parcel at 8 declined by customs.
  const pending = eights.slice(0, Math.min(10, Math.floor(eights.length / 2)));
  const rest = candidates.filter((c) => !pending.includes(c));
  if (rest.length === 0) return;
  const declined = rest.find((c) => c.statusId === 8) ?? null;
  const half = Math.ceil(rest.length / 2);
  const parts = [rest.slice(0, half), rest.slice(half), pending].filter((part) => part.length > 0);
  const closedAt = new Date(flight.closed_at);
  const customs: CustomsRow[] = [];
  const runs = parts.map((part, i) => {
    const executed = part !== pending;
    const dispatchNumber = `${flight.name.slice(0, 50)}-${i + 1}`;
    const input = part.map((p) => ({
      trackingNumber: p.trackCode, airWaybillNumber: awb, dispatchNumber, regNumber: p.id === declined?.id ? '' : regOf(p.id), declarationId: p.id,
    }));
    for (const p of part) {
      if (p.id === declined?.id) customs.push({ id: p.id, postStatus: 0, reg: null, awb: null, depesh: null });
      else if (executed) customs.push({ id: p.id, postStatus: 4, reg: regOf(p.id), awb, depesh: dispatchNumber });
      else customs.push({ id: p.id, postStatus: 1, reg: regOf(p.id), awb: null, depesh: null });
    }
    const startedAt = new Date(closedAt.getTime() + (i + 1) * 10 * 60_000);
    const elapsedMs = 400 + part.length * 35;
    return {
      flightId: flight.id,
      executed,
      input,
      output: executed
        ? part.map((p) => (p.id === declined?.id
          ? { trackingNumber: p.trackCode, code: 400, message: 'Bəyan edilməyib' }
          : { trackingNumber: p.trackCode, code: 200, message: null }))
        : null,
      elapsedMs: executed ? elapsedMs : null,
      startedAt: executed ? startedAt : null,
      endedAt: executed ? new Date(startedAt.getTime() + elapsedMs) : null,
      createdBy: opts.staffIds[0] ?? null,
      createdAt: closedAt,
    };
  });
  await db.insert(flightPackageRuns).values(runs);
  await upsertCustomsRows(db, customs);
  if (!declined) return;
  // The declined parcel went back to 7 with customs' reason (as an execute does): not declared at customs.
  await db.execute(sql`update declarations set status_id = 7, customs = false, updated_at = now() where id = ${declined.id}`);
  await db.execute(sql`
    insert into status_history (model_id, object_id, from_state_id, state_id, user_id, note, created_at)
    values (2, ${declined.id}, 8, 7, ${opts.staffIds[0] ?? null}, 'Gömrük depeşi qəbul etmədi: Bəyan edilməyib', ${runs[0]!.endedAt!.toISOString()}::timestamptz)`);
}

/**
 * Every closed flight but `except` (which gets its own scenario) without package runs: its parcels
 * past dispatch (8, 9, 10) in executed runs of at most 400 (the default limit), all accepted (200),
 * numbered `<flight>-<n>`, sent 10 minutes apart after the closing. Set-based.
 */
async function addDispatchedRuns(db: Db, except: number | null, staffId: number | null): Promise<void> {
  await db.execute(sql`
    with flight as (
      select f.id, left(f.name, 50) as name, coalesce(f.airwaybill, '235-00000000') as awb, coalesce(f.closed_at, f.ended_at, now()) as closed_at
      from flights f
      where f.status_id = 30 and f.id is distinct from ${except}::int
        and not exists (select 1 from flight_package_runs r where r.flight_id = f.id)
    ), parcel as (
      select fl.id as flight_id, fl.name, fl.awb, fl.closed_at, d.id, d.track_code,
             (row_number() over (partition by fl.id order by d.id) - 1) / 400 as part
      from flight fl join declarations d on d.flight_id = fl.id and d.deleted_at is null and d.status_id in (8, 9, 10)
    )
    insert into flight_package_runs (flight_id, executed, input, output, elapsed_ms, started_at, ended_at, created_by, created_at)
    select flight_id, true,
      jsonb_agg(jsonb_build_object('trackingNumber', track_code, 'airWaybillNumber', awb, 'dispatchNumber', name || '-' || (part + 1),
        'regNumber', '2026' || lpad((700000 + id)::text, 8, '0'), 'declarationId', id) order by id),
      jsonb_agg(jsonb_build_object('trackingNumber', track_code, 'code', 200, 'message', null) order by id),
      400 + count(*)::int * 35,
      closed_at + (part + 1) * interval '10 minutes',
      closed_at + (part + 1) * interval '10 minutes' + (400 + count(*) * 35) * interval '1 millisecond',
      ${staffId}::int, closed_at
    from parcel
    group by flight_id, name, awb, closed_at, part`);
}

/** A closed Trendyol flight (provider 1) with four pallets, holding the Trendyol parcels of a closed Turkey flight. */
async function addMarketplaceFlight(db: Db): Promise<void> {
  const [source] = (await db.execute<{ id: number; started_at: string; ended_at: string; airwaybill: string | null }>(sql`
    select id::int as id, started_at::text, ended_at::text, airwaybill from flights
    where country_id = 1 and status_id = 30 and trendyol = 0 order by started_at desc nulls last, id desc offset 1 limit 1`)).rows;
  if (!source) return;
  const [flight] = (await db.execute<{ id: number }>(sql`
    insert into flights (id, name, country_id, status_id, trendyol, airwaybill, started_at, ended_at, closed_at, this_month, created_at)
    values (
      -- the id the generator kept free beside its week's flights (ids grow with the start date), else the next one
      case when exists (select 1 from flights where id = ${source.id}::int + 2) then nextval(pg_get_serial_sequence('flights', 'id'))::int
           else ${source.id}::int + 2 end,
      'TY-' || to_char(${source.started_at}::timestamptz, 'IYYY-IW'), 1, 30, 1, '235-' || lpad((${source.id} * 7877 % 10000000)::text, 7, '0') || ((${source.id} * 7877 % 10000000) % 7)::text,
      ${source.started_at}::timestamptz, ${source.ended_at}::timestamptz, ${source.ended_at}::timestamptz,
      to_char(${source.started_at}::timestamptz, 'YYYY-MM'), ${source.started_at}::timestamptz)
    returning id::int as id`)).rows;
  await db.execute(sql`select setval(pg_get_serial_sequence('flights', 'id'), (select max(id) from flights))`);
  const pallets = (await db.execute<{ id: number }>(sql`
    insert into parcels (name, flight_id) select 'PL-' || ${flight!.id} || '-' || k, ${flight!.id} from generate_series(1, 4) k
    returning id::int as id`)).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await db.execute(sql`
    update declarations set flight_id = ${flight!.id},
      parcel_id = (${sql.raw(`array[${pallets.join(',')}]`)}::int[])[1 + id % 4], updated_at = now()
    where flight_id = ${source.id} and trendyol = 1 and deleted_at is null`);
}
