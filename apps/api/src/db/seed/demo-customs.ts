import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Demo data of the customs screens (issue 7): the latest demo parcels as customs knows them — added
 * (0), declared by the citizen (1, with registration numbers), in boxes (3), dispatched (4) — a few
 * parcels of customers we do not know, declarations citizens withdrew and declarations of ours
 * cancelled after customs had them (deleted declarations), the post declarations of the declared
 * ones, the package queue with a declined and a waiting send, and the customs tasks of those calls
 * with their raw requests and answers. In the demo, sending to customs is on (the embedded
 * simulator answers).
 */
export async function generateCustomsDemoData(db: Db): Promise<void> {
  await db.execute(sql`
    insert into settings (group_id, key, value) values ('global', 'sendDeclarationsToCustoms', 'true'::jsonb)
    on conflict (group_id, key) do update set value = excluded.value`);
  // The latest parcels with a customer who has a FIN (up to 160 still abroad, at 5 or 7, and up to 160 of every third
  // from the dispatch on), as far as customs has them by their status:
  // added (0) while awaiting the declaration or undeclared, declared by the citizen (1) or already in a box (3) at the
  // foreign warehouse, dispatched (4) from the dispatch on, with the flight's air waybill.
  await db.execute(sql`
    with picked as (
      select d.id, d.track_code, d.weight, d.price, d.delivery_price, d.quantity, d.shop_name, d.created_at, d.status_id, d.customs, f.airwaybill as flight_awb,
             u.fin, u.name || ' ' || u.surname as importer, coalesce(u.address, 'Bakı') as address, coalesce(u.phone, '') as phone,
             coalesce(pt.name_az, 'Geyim') as goods, coalesce(nullif(pt.customs_id, '')::int, 6203) as goods_id,
             coalesce(c.currency_type, 'USD') as currency, coalesce(c.country_code, '792') as country_code, coalesce(c.country_name, '') as country,
             row_number() over (order by d.id desc) as n
      from declarations d
      join (select x.id from (
              select e.id, row_number() over (partition by e.status_id in (5, 7) order by e.created_at desc, e.id desc) as k
              from declarations e where e.deleted_at is null and e.weight > 0 and e.price > 0 and (e.status_id in (5, 7) or e.id % 3 = 0)) x
            where x.k <= 160) sel on sel.id = d.id
      join users u on u.id = d.user_id and u.fin is not null
      left join product_types pt on pt.id = d.product_type_id
      left join countries c on c.id = d.country_id
      left join flights f on f.id = d.flight_id
    ), timed as (
      select p.*, case when p.status_id = 5 or (p.status_id = 7 and not p.customs) then 0 when p.status_id = 7 then (case when n % 4 = 0 then 3 else 1 end)
                       else 4 end as post_status,
             least(greatest(p.created_at, now() - interval '20 days') + interval '2 hours', now() - interval '1 hour') as added_at
      from picked p
    ), shaped as (
      -- declared a day after the add and dispatched a day later, never in the future
      select t.*, least(t.added_at + interval '1 day', now() - interval '20 minutes') as declared_at,
             coalesce(t.flight_awb, '235-' || lpad((4000000 + t.n)::text, 7, '0') || ((4000000 + t.n) % 7)::text) as awb,
             least(t.added_at + interval '2 days', now() - interval '5 minutes') as depesh_at
      from timed t
    )
    insert into customs_parcels (track_code, package_type, post_status, fin, importer_name, goods_name, quantity, weight, invoice_price,
      invoice_price_usd, currency, airwaybill, depesh_number, depesh_at, reg_number, pay_status_id, declared_at, post, declaration, added_at)
    select s.track_code, 1, s.post_status, s.fin, s.importer, s.goods, s.quantity, s.weight, s.price,
      case when s.post_status > 0 then round(s.price * case s.currency when 'TRY' then 0.024 else 1 end, 2) end,
      s.currency,
      case when s.post_status = 4 then s.awb end,
      case when s.post_status = 4 then 'DEP-' || to_char(s.added_at, 'YYMMDD') end,
      case when s.post_status = 4 then s.depesh_at end,
      case when s.post_status > 0 then '2026' || lpad((500000 + s.n)::text, 8, '0') end,
      case when s.post_status > 0 then case when s.n % 9 = 0 then 2 else 1 end end,
      case when s.post_status > 0 then s.declared_at end,
      jsonb_build_object('direction', 1, 'trackinG_NO', s.track_code, 'transP_COSTS', coalesce(s.delivery_price, 0), 'weighT_GOODS', s.weight,
        'quantitY_OF_GOODS', s.quantity, 'invoyS_PRICE', s.price, 'currencY_TYPE', s.currency, 'fin', s.fin, 'document_type', 'PinCode',
        'idxaL_NAME', s.importer, 'idxaL_ADRESS', s.address, 'phone', s.phone, 'ixraC_NAME', coalesce(s.shop_name, ''), 'ixraC_ADRESS', s.country,
        'goodS_TRAFFIC_FR', s.country_code, 'goodS_TRAFFIC_TO', '031', 'goodslist', jsonb_build_array(jsonb_build_object('goods_id', s.goods_id, 'name_of_goods', s.goods)),
        'inserT_DATE', to_char(s.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
        'airwaybill', case when s.post_status = 4 then s.awb end,
        'depesH_NUMBER', case when s.post_status = 4 then 'DEP-' || to_char(s.added_at, 'YYMMDD') end,
        'depesH_DATE', case when s.post_status = 4 then to_char(s.depesh_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') end,
        'status', s.post_status, 'ecoM_REGNUMBER', case when s.post_status > 0 then '2026' || lpad((500000 + s.n)::text, 8, '0') end, 'packagE_TYPE', '1'),
      case when s.post_status > 0 then jsonb_build_object('trackingNumber', s.track_code, 'regNumber', '2026' || lpad((500000 + s.n)::text, 8, '0'),
        'payStatus_Id', case when s.n % 9 = 0 then 2 else 1 end, 'insertDate', to_char(s.declared_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'),
        'fin', s.fin, 'importerName', s.importer,
        'goodsList', jsonb_build_array(jsonb_build_object('currencyType', s.currency, 'invoicePrice', s.price, 'goodsName', s.goods, 'quantity', s.quantity,
          'invoicePriceUsdNumber', round(s.price * case s.currency when 'TRY' then 0.024 else 1 end, 2)))) end,
      s.added_at
    from shaped s
    on conflict (track_code) do nothing`);
  // Customs took a lower value than declared to us for some parcels (the post declarations show both).
  await db.execute(sql`
    update customs_parcels set invoice_price_usd = round(invoice_price_usd * 0.8, 2),
      declaration = jsonb_set(declaration, '{goodsList,0,invoicePriceUsdNumber}', to_jsonb(round(invoice_price_usd * 0.8, 2)))
    where declaration is not null and invoice_price_usd > 0 and abs(hashtext(track_code)) % 7 = 0`);
  // Citizens withdrew a few declarations at customs (deleted declarations): the parcel is undeclared again.
  // About one in four of the declared ones (at least one, at most 12), not the newest three when there are more.
  await db.execute(sql`
    with declared as (
      select track_code, row_number() over (order by declared_at desc, track_code) as k, count(*) over () as total
      from customs_parcels where post_status = 1 and declared_at is not null
    ), picked as (
      select track_code from declared
      where k > case when total > 8 then 3 else 0 end and k <= case when total > 8 then 3 else 0 end + least(12, greatest(1, total / 4))
    )
    update customs_parcels cp set post_status = 0,
      declaration_deleted_at = least(cp.declared_at + make_interval(hours => 6 + abs(hashtext(cp.track_code)) % 40), now() - interval '10 minutes'),
      post = jsonb_set(cp.post, '{status}', '0'::jsonb)
    from picked where picked.track_code = cp.track_code`);
  // Declarations we cancelled after customs had them (the demo's deleted twins, with who cancelled them):
  // the parcel and its citizen's declaration were deleted at customs.
  await db.execute(sql`
    with picked as (
      select d.id, d.track_code, d.weight, d.price, d.quantity, d.deleted_at, d.created_at, u.fin, u.name || ' ' || u.surname as importer,
             coalesce(c.currency_type, 'USD') as currency, coalesce(pt.name_az, 'Geyim') as goods, row_number() over (order by d.id) as n
      from declarations d
      join users u on u.id = d.user_id and u.fin is not null
      left join product_types pt on pt.id = d.product_type_id
      left join countries c on c.id = d.country_id
      where d.deleted_at is not null and d.weight > 0 and d.price > 0 and d.deleted_at >= d.created_at + interval '1 day'
      order by d.id limit 8
    )
    insert into customs_parcels (track_code, package_type, post_status, fin, importer_name, goods_name, quantity, weight, invoice_price, invoice_price_usd,
      currency, reg_number, pay_status_id, declared_at, declaration_deleted_at, removed_at, declaration, added_at)
    select p.track_code, 1, 1, p.fin, p.importer, p.goods, p.quantity, p.weight, p.price,
      round(p.price * case p.currency when 'TRY' then 0.024 else 1 end, 2), p.currency,
      '2026' || lpad((600000 + p.n)::text, 8, '0'), 1, least(p.created_at + interval '20 hours', p.deleted_at - interval '1 hour'), p.deleted_at, p.deleted_at,
      jsonb_build_object('trackingNumber', p.track_code, 'regNumber', '2026' || lpad((600000 + p.n)::text, 8, '0'), 'payStatus_Id', 1,
        'insertDate', to_char(least(p.created_at + interval '20 hours', p.deleted_at - interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'), 'fin', p.fin, 'importerName', p.importer,
        'goodsList', jsonb_build_array(jsonb_build_object('currencyType', p.currency, 'invoicePrice', p.price, 'goodsName', p.goods, 'quantity', p.quantity,
          'invoicePriceUsdNumber', round(p.price * case p.currency when 'TRY' then 0.024 else 1 end, 2)))),
      p.created_at + interval '4 hours'
    from picked p
    on conflict (track_code) do nothing`);
  // Customs state history of those: 100 (electronic declaration cancelled) after the declaration.
  await db.execute(sql`
    insert into declaration_customs_states (declaration_id, track_code, code, json, created_at)
    select d.id, cp.track_code, 100, cp.declaration, cp.declaration_deleted_at
    from customs_parcels cp join declarations d on d.track_code = cp.track_code
    where cp.declaration_deleted_at is not null`);
  // Post declarations (spec §3): each citizen's declaration of a parcel of ours, our value and the value customs took (USD).
  await db.execute(sql`
    insert into post_declarations (track_code, price, dgk_price, user_id, is_new, customs_id, declaration_id, created_at)
    select d.track_code, round(d.price * case cp.currency when 'TRY' then 0.024 else 1 end, 2), cp.invoice_price_usd, d.user_id,
      cp.declared_at > now() - interval '4 days', cp.reg_number, d.id, cp.declared_at
    from customs_parcels cp join declarations d on d.track_code = cp.track_code
    where cp.reg_number is not null and cp.declared_at is not null
      and not exists (select 1 from post_declarations p where p.customs_id = cp.reg_number)`);
  // Parcels at customs whose customer we do not know (a marketplace's, sent under our carrier code).
  await db.execute(sql`
    insert into customs_parcels (track_code, package_type, post_status, fin, importer_name, goods_name, quantity, weight, invoice_price, currency, added_at, post)
    select 'TY' || lpad((700000 + g)::text, 9, '0'), 1, 0, upper(substr(md5('unknown' || g), 1, 7)), 'Naməlum alıcı ' || g, 'Geyim', 1, 0.8, 25 + g, 'TRY',
      now() - make_interval(hours => g * 5), null
    from generate_series(1, 12) g
    on conflict (track_code) do nothing`);
  // The package queue: each parcel's add (and depesh for the dispatched), as sent.
  await db.execute(sql`
    insert into customs_queue (action, declaration_id, track_code, json, status, status_code, response, attempts, created_at, updated_at)
    select 'add', d.id, cp.track_code, cp.post - 'inserT_DATE' - 'status' - 'ecoM_REGNUMBER' - 'depesH_DATE' - 'packagE_TYPE', 'sent', 200,
      jsonb_build_object('added', jsonb_build_array(cp.track_code), 'alreadyThere', '[]'::jsonb)::text, 1, cp.added_at, cp.added_at + interval '2 seconds'
    from customs_parcels cp join declarations d on d.track_code = cp.track_code
    where cp.post is not null
    union all
    select 'depesh', d.id, cp.track_code, jsonb_build_object('regNumber', cp.reg_number, 'trackingNumber', cp.track_code, 'airWaybill', cp.airwaybill, 'depeshNumber', cp.depesh_number),
      'sent', 200, jsonb_build_object('trackingNumber', cp.track_code, 'code', 200, 'message', null)::text, 1, cp.depesh_at, cp.depesh_at + interval '1 second'
    from customs_parcels cp join declarations d on d.track_code = cp.track_code
    where cp.post_status = 4`);
  // The deletes of the cancelled ones, as sent.
  await db.execute(sql`
    insert into customs_queue (action, declaration_id, track_code, json, status, status_code, response, attempts, created_at, updated_at)
    select 'delete', d.id, cp.track_code, jsonb_build_object('trackingNumber', cp.track_code), 'sent', 200,
      jsonb_build_object('deleted', cp.track_code)::text, 1, cp.removed_at, cp.removed_at + interval '1 second'
    from customs_parcels cp join declarations d on d.track_code = cp.track_code
    where cp.removed_at is not null`);
  // One add customs declined (a wrong FIN) and one waiting for its retry after customs did not answer.
  await db.execute(sql`
    insert into customs_queue (action, declaration_id, track_code, json, status, status_code, response, attempts, retry_at, last_error, created_at, updated_at)
    select 'add', d.id, d.track_code, jsonb_build_object('trackinG_NO', d.track_code, 'fin', 'XXXXXXX', 'direction', 1),
      case when d.n = 1 then 'declined' else 'queued' end,
      case when d.n = 1 then 400 else 503 end,
      case when d.n = 1 then '{"code":400,"data":null,"exception":{"errorMessage":"Validasiya xətası","validationError":{"[0].fin":"FİN kodu yanlışdır"}}}' else 'Service Unavailable' end,
      d.n, case when d.n = 2 then now() + interval '2 minutes' end,
      case when d.n = 1 then 'Validasiya xətası: FİN kodu yanlışdır' else 'http: HTTP 503' end,
      now() - interval '1 hour', now() - interval '5 minutes'
    from (select id, track_code, row_number() over (order by id desc) as n from declarations d
          where d.deleted_at is null and d.id % 3 = 1 and not exists (select 1 from customs_parcels cp where cp.track_code = d.track_code)) d
    where d.n <= 2`);
  // The customs tasks of those sends, with the raw request and answer, plus the pings and a failed search.
  await db.execute(sql`
    insert into customs_tasks (action, method, path, query, status_code, http_status, response, attempts, state, error, queue_id, retry_at, created_at, updated_at)
    select q.action, case q.action when 'delete' then 'DELETE' else 'POST' end,
      case q.action when 'depesh' then '/api/v2/carriers/depesh' when 'delete' then '/api/v2/carriers/' || q.track_code else '/api/v2/carriers' end,
      case when q.action = 'delete' then q.json else jsonb_build_array(q.json) end,
      q.status_code, case when q.status_code = 503 then 503 else 200 end,
      case when q.status = 'sent' then jsonb_build_object('code', 200, 'data',
        case q.action when 'add' then jsonb_build_array(q.track_code) when 'delete' then 'true'::jsonb
          else jsonb_build_array(jsonb_build_object('trackingNumber', q.track_code, 'code', 200, 'message', null)) end,
        'exception', null)::text else q.response end,
      q.attempts, case q.status when 'sent' then 'done' when 'declined' then 'declined' else 'failed' end, q.last_error, q.id, q.retry_at, q.created_at, q.updated_at
    from customs_queue q`);
  await db.execute(sql`
    insert into customs_tasks (action, method, path, query, status_code, http_status, response, attempts, state, error, created_at, updated_at)
    select 'ping', 'GET', '/api/v2/carriers/Ping', null, 200, 200, '{"code":200,"data":"pong","exception":null}', 1, 'done', null,
      now() - make_interval(mins => g * 30), now() - make_interval(mins => g * 30)
    from generate_series(1, 6) g
    union all
    select 'carriersposts', 'POST', '/api/v2/carriers/carriersposts/0/100', '{"packagE_TYPE":"1","offset":0,"limit":100}'::jsonb, null, null, null, 3, 'failed',
      'no answer within 10000 ms', now() - interval '3 hours', now() - interval '3 hours' + interval '31 seconds'`);
}
