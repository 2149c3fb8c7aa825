import { MODEL } from '@app/contract/models';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Demo data of the handover, customs and marketplace screens (issue 3), set-based: a few customers
 * with unpaid status-9 parcels at branch 1, customs state histories, marketplace logs and parcel
 * states of provider 1/2 parcels, and some box transfers.
 */
export async function generateDeclarationExtrasData(db: Db, opts: { staffIds: readonly number[] }): Promise<void> {
  const staff = opts.staffIds[1] ?? opts.staffIds[0] ?? null;
  // Customers with debt waiting at the counter: groups of three unpaid status-9 parcels at branch 1 given to
  // one customer (existing rows, so the seeded totals stay as asked), three at a time.
  await db.execute(sql`
    with ready as (
      select id, user_id, row_number() over (order by id) as n from declarations
      where status_id = 9 and not payed and branch_id = 1 and deleted_at is null and user_id is not null and trendyol = 0
      order by id limit 12
    )
    update declarations d set user_id = lead.user_id, updated_at = now()
    from ready member join ready lead on lead.n = ((member.n - 1) / 3) * 3 + 1
    where d.id = member.id and member.n <> lead.n`);
  // Customs states: 0 for every parcel past the shop, then 1 (declared), 2 (boxed), 3 (dispatch) as it travels; 70 when held.
  await db.execute(sql`
    insert into declaration_customs_states (declaration_id, track_code, code, json, created_at)
    select d.id, d.track_code, s.code,
           json_build_object('trackingNumber', d.track_code, 'code', case when s.code = 0 then '200' else '048' end, 'status', s.code,
             'regNumber', 'REG' || lpad((d.id * 7)::text, 9, '0'), 'message', (array['Added','Declared','Added to box','Depesh sent','','','','','','','Held'])[1 + least(s.code, 10)]),
           d.created_at + (s.code + 1) * interval '6 hours'
    from declarations d
    cross join lateral (
      select unnest(case
        when d.status_id = 7 and d.customs then array[0, 1]
        when d.status_id = 7 then array[0]
        when d.status_id in (8, 9, 10, 12, 36) then array[0, 1, 2, 3]
        when d.status_id = 88 then array[0, 1, 2, 3, 70]
        else array[]::int[] end) as code
    ) s
    where d.deleted_at is null and d.id % 3 <> 0`);
  // Marketplace logs (spec §3 field list) and parcel states of provider 1/2 parcels.
  await db.execute(sql`
    insert into marketplace_logs (declaration_id, provider, state_id, pin_code, data, created_at)
    select d.id, d.trendyol, case when d.status_id = 10 then 46 when d.status_id in (8, 9) then 45 else 44 end, u.fin,
      jsonb_build_object(
        'invoice_price', d.price, 'invoice_url', 'https://invoices.example/' || d.track_code || '.pdf', 'sku', 'SKU-' || (d.id * 13 % 100000),
        'customs_status', case when d.status_id in (8, 9, 10) then 4 when d.customs then 2 else 1 end, 'zip_code', 'AZ' || (1000 + d.id % 90),
        'phone', u.phone, 'weight', d.weight, 'sms_count', d.id % 3, 'sms_date', to_char(d.created_at, 'YYYY-MM-DD HH24:MI:SS'),
        'state', 'CREATED', 'delivery_number', 'DN' || d.id, 'warehouse_id', 10 + d.country_id, 'type', 'parcel',
        'unit_price', d.price, 'volume', round((d.weight * 1.3)::numeric, 2), 'name', d.shop_name || ' sifarişi', 'parcel_id', 'P' || d.id,
        'pin_code', u.fin, 'quantity', d.quantity, 'shipping_address', u.address, 'category', 'Geyim', 'city', 'Bakı',
        'comment', null, 'created', to_char(d.created_at, 'YYYY-MM-DD HH24:MI:SS'), 'declaration_id', d.id,
        'cargo_company', case when d.trendyol = 1 then 'Trendyol Express' else 'United Cargo' end, 'email', u.email,
        'full_name', u.name || ' ' || u.surname, 'door', d.id % 4 = 0, 'declared', d.customs, 'liquid', d.type = 1, 'micro', d.weight < 0.5,
        'uid_list', jsonb_build_array('UID' || d.id, 'UID' || (d.id + 1))),
      d.created_at
    from declarations d left join users u on u.id = d.user_id
    where d.trendyol in (1, 2) and d.deleted_at is null
    on conflict do nothing`);
  await db.execute(sql`
    insert into marketplace_parcel_states (declaration_id, track_code, state_id, name, description, created_at)
    select m.declaration_id, d.track_code, s.id, s.name, null, d.created_at + (s.id - 43) * interval '1 day'
    from marketplace_logs m join declarations d on d.id = m.declaration_id
    join statuses s on s.model_id = ${MODEL.trendyol} and s.id between 44 and m.state_id`);
  // A few box transfers of parcels in the local warehouse.
  await db.execute(sql`
    insert into container_transfers (declaration_id, from_container_id, to_container_id, user_id, branch_id, note, created_at)
    select d.id, c.id, d.container_id, ${staff}::int, d.branch_id, 'Yeşik dolub, köçürüldü', d.updated_at - interval '1 day'
    from declarations d
    join lateral (select id from containers where branch_id = d.branch_id and id <> d.container_id order by id limit 1) c on true
    where d.status_id in (9, 10) and d.container_id is not null and d.id % 11 = 0`);
}
