import { MODEL } from '@app/contract/models';
import { MONEY_OBJECT, MONEY_TYPE, PAYMENT_TYPE, TRANSACTION_STATUS } from '@app/contract/money';
import { sql, type SQL } from 'drizzle-orm';
import { SIMULATED_PRODUCTS } from '../../integrations/product-preview/simulator';
import type { Db } from '../client';
import { rnd } from './demo-data';

/*
 * Orders demo data (issue 18): a few hundred orders in every status of model 1, on the product
 * pages of the preview simulator (their stored preview is what the simulator's page gives), some
 * paid from the customer's balance through the ledger (an expense 'order_payment' with its
 * balance entry after the customer's last one, so the ledger check holds), the rejected or
 * cancelled paid ones refunded ('order_refund'), some with a price rise after payment (an open
 * debt line), some linked to a demo parcel of the same customer (track code = its global track
 * code). Each order has its status path in status_history. Set-based; runs after the money demo.
 */
const ORDERS = 300;
/** Orders made for customers who have a parcel with a global track code: linked to it. */
const LINKED = 40;
const TOPUP_TEXT = 'Balans artırılması (sifariş üçün, onlayn)';

export async function generateOrdersDemoData(db: Db): Promise<void> {
  const products = JSON.stringify(SIMULATED_PRODUCTS);
  const staff = sql`(select array_agg(id order by id) from users where admin <> 0 and deleted_at is null)`;
  const r = (salt: number) => rnd(sql`g`, 900 + salt);
  // orders belong to customers: a database without any (a test app seeded with customers: 0) gets none
  const customers = await db.execute(sql`select 1 from users where admin = 0 and deleted_at is null limit 1`);
  if (customers.rows.length === 0) return;
  // 1. the orders: random customers, and customers of parcels with a global track code (linked)
  await db.execute(sql`
    with p as (select value as p, ordinality::int as n from jsonb_array_elements(${products}::jsonb) with ordinality),
         np as (select count(*)::int as c from p),
         cust as (select array_agg(id order by id) as ids from users where admin = 0 and deleted_at is null),
         decl as (select d.id, d.user_id, d.global_track_code, row_number() over (order by d.id desc)::int as k
                  from declarations d join users u on u.id = d.user_id and u.admin = 0
                  where d.global_track_code is not null and d.deleted_at is null limit ${LINKED}),
         src as (
           select g, (select ids[1 + floor(${r(1)} * array_length(ids, 1))::int] from cust) as user_id, null::int as declaration_id, null::text as track
           from generate_series(1, ${ORDERS - LINKED}) g
           union all
           select ${ORDERS - LINKED} + k, user_id, id, global_track_code from decl cross join lateral (select ${ORDERS - LINKED} + k as g) gg
         )
    insert into orders (track_code, user_id, country_id, currency, url, shop_name, color, size, quantity, price, cargo_price, service_percent,
                        urgent, descr, status_id, executive_id, declaration_id, waiting, is_new, preview, created_by, created_at, updated_at)
    select coalesce(src.track, case when st.s in (8, 9, 10) then 'TY' || lpad((700000000 + src.g * 7919)::text, 10, '0') end),
           src.user_id, (pp.p ->> 'countryId')::int, case when (pp.p ->> 'countryId')::int = 1 then 'TRY' else 'USD' end,
           pp.p ->> 'url', initcap(pp.p ->> 'shop'), pp.p ->> 'color', (array['S', 'M', 'L', '42', null])[1 + src.g % 5],
           1 + floor(${r(3)} * 3)::int, (pp.p ->> 'amount')::numeric, case when ${r(4)} < 0.5 then 0 else round((${r(5)} * 40)::numeric, 2) end, 5.00,
           ${r(6)} < 0.08, case when ${r(7)} < 0.3 then 'Müştəri zəng edib, ölçünü təsdiqlədi' end,
           st.s, st.staff[1 + floor(${r(8)} * array_length(st.staff, 1))::int], src.declaration_id,
           case when st.s in (7, 8, 9) then now() + (${r(9)} * 20) * interval '1 day' end,
           ${r(10)} < 0.35,
           jsonb_build_object('name', pp.p ->> 'name', 'brand', pp.p ->> 'brand', 'url', pp.p ->> 'url', 'color', pp.p ->> 'color',
             'images', jsonb_build_array(), 'mainImage', null, 'breadcrumb', jsonb_build_array(initcap(pp.p ->> 'shop')), 'description', null,
             'price', jsonb_build_object('amount', pp.p ->> 'amount', 'originalAmount', pp.p ->> 'originalAmount', 'currency', pp.p ->> 'currency',
               'symbol', case pp.p ->> 'currency' when 'TRY' then '₺' else '$' end)),
           st.staff[1], now() - (2 + ${r(11)} * 120) * interval '1 day', now() - (${r(12)} * 2) * interval '1 day'
    from src
    cross join np
    cross join lateral (select case when src.g = 1 then 8 else (array[5, 5, 5, 7, 7, 8, 8, 8, 9, 9, 10, 10, 10, 4, 32])[1 + floor(${r(2)} * 15)::int] end as s, ${staff} as staff) st
    join p pp on pp.n = 1 + (src.g * 7) % np.c
    order by src.g`);
  await db.execute(sql`update orders set client_descr = 'Məhsul mağazada qalmayıb' where status_id = 4 and client_descr is null`);

  // 2. payment: the first order of a customer and currency, for statuses 8–10 and half the rejected/cancelled ones
  const due = sql`round((o.price * o.quantity + o.cargo_price) * (1 + o.service_percent / 100), 2)`;
  await db.execute(sql`
    with c as (select o.id, row_number() over (partition by o.user_id, o.currency order by o.id) as k from orders o
               where o.status_id in (8, 9, 10) or (o.status_id in (4, 32) and o.id % 2 = 0))
    update orders o set payed = true, paid_amount = ${due}, paid_at = o.created_at + interval '3 hours'
    from c where c.id = o.id and c.k = 1`);
  // an order at 8 or later must be paid: the others wait for payment
  await db.execute(sql`update orders set status_id = 7, track_code = case when declaration_id is null then null else track_code end where status_id in (8, 9, 10) and not payed`);
  // a customer whose balance did not cover the order topped it up online first
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance, description, created_at)
    select o.user_id, ${MONEY_TYPE.income}::int, ${PAYMENT_TYPE.online}::int, ${TRANSACTION_STATUS.confirmed}::int, o.currency, o.paid_amount - b.balance,
           round((o.paid_amount - b.balance) * coalesce((select r.currency_rate from currencies r where r.currency_code = o.currency), 1), 2),
           b.balance, ${TOPUP_TEXT}, greatest(o.paid_at - interval '1 hour', (select max(b.created_at) from balance_operations b where b.user_id = o.user_id))
    from orders o join users u on u.id = o.user_id
    cross join lateral (select case when o.currency = 'USD' then u.balance_usd else u.balance_try end as balance) b
    where o.payed and b.balance < o.paid_amount order by o.id`);
  await postEntries(db, sql`o.object_model is null and o.description = ${TOPUP_TEXT}`);
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance,
                                    object_model, object_id, description, created_by, confirmed_by, created_at)
    select o.user_id, ${MONEY_TYPE.expense}::int, ${PAYMENT_TYPE.office}::int, ${TRANSACTION_STATUS.confirmed}::int, o.currency, o.paid_amount,
           round(o.paid_amount * coalesce((select r.currency_rate from currencies r where r.currency_code = o.currency), 1), 2),
           case when o.currency = 'USD' then u.balance_usd else u.balance_try end,
           ${MONEY_OBJECT.orderPayment}, o.id, 'Sifariş #' || o.id || ' ödənişi', o.executive_id, o.executive_id, greatest(o.paid_at, (select max(b.created_at) from balance_operations b where b.user_id = o.user_id))
    from orders o join users u on u.id = o.user_id where o.payed order by o.id`);
  await postEntries(db, sql`o.object_model = ${MONEY_OBJECT.orderPayment}`);
  // the payment's moment (after the customer's earlier operations: the running balance is read in time order)
  await db.execute(sql`update orders o set paid_at = b.created_at from balance_operations b where b.object_model = ${MONEY_OBJECT.orderPayment} and b.object_id = o.id`);
  // rejected / cancelled after payment: everything goes back
  await db.execute(sql`
    insert into balance_operations (user_id, type, payment_type, status_id, currency, amount, amount_azn, before_balance,
                                    object_model, object_id, description, created_by, confirmed_by, created_at)
    select o.user_id, ${MONEY_TYPE.income}::int, ${PAYMENT_TYPE.refund}::int, ${TRANSACTION_STATUS.confirmed}::int, o.currency, o.paid_amount,
           round(o.paid_amount * coalesce((select r.currency_rate from currencies r where r.currency_code = o.currency), 1), 2),
           case when o.currency = 'USD' then u.balance_usd else u.balance_try end,
           ${MONEY_OBJECT.orderRefund}, o.id, 'Sifariş #' || o.id || ' geri qaytarıldı', o.executive_id, o.executive_id, greatest(o.paid_at + interval '1 day', (select max(b.created_at) from balance_operations b where b.user_id = o.user_id))
    from orders o join users u on u.id = o.user_id where o.payed and o.status_id in (4, 32) order by o.id`);
  await postEntries(db, sql`o.object_model = ${MONEY_OBJECT.orderRefund}`);
  await db.execute(sql`update orders set returned = true where payed and status_id in (4, 32)`);

  // 3. a price rise after payment on every third paid open order: an open debt line (service percent included)
  await db.execute(sql`
    with raised as (
      update orders o set price = round(o.price * 1.1, 2), updated_at = o.paid_at + interval '1 day'
      -- (and the first demo order, which the wire-format check reads)
      where o.payed and not o.returned and o.status_id in (8, 9) and (o.id % 3 = 0 or o.id = (select min(id) from orders))
      returning o.id, o.price as new_price, round(o.price / 1.1, 2) as old_price, o.quantity, o.cargo_price, o.service_percent, o.executive_id, o.updated_at
    )
    insert into order_debts (order_id, param, amount_previous, amount_current, amount_difference, status, description, created_by, created_at)
    select id, 'price', old_price * quantity, new_price * quantity,
           round((new_price * quantity + cargo_price) * (1 + service_percent / 100), 2) - round((old_price * quantity + cargo_price) * (1 + service_percent / 100), 2),
           0, 'Qiymət ' || old_price || ' → ' || new_price, executive_id, updated_at
    from raised`);

  // 4. status paths (5 → 7 → 8 → 9 → 10, or 5 → 4/32) in status_history, an hour apart
  await db.execute(sql`
    insert into status_history (model_id, object_id, from_state_id, state_id, user_id, note, created_at)
    select ${MODEL.orders}::int, o.id, lag(s.state) over (partition by o.id order by s.k), s.state, o.executive_id,
           case when s.state = 4 then o.client_descr end, o.created_at + (s.k - 1) * interval '1 hour'
    from orders o
    cross join lateral (
      select k::int, state from unnest(case
        when o.status_id in (4, 32) then array[5, o.status_id]
        else (array[5, 7, 8, 9, 10])[1:array_position(array[5, 7, 8, 9, 10], o.status_id)] end) with ordinality as t(state, k)
    ) s
    order by o.id, s.k`);
}

/** The balance entries of the confirmed operations of one kind not posted yet (each customer's after their last one), and the balances. */
async function postEntries(db: Db, which: SQL): Promise<void> {
  const last = Number((await db.execute<{ id: string }>(sql`select coalesce(max(id), 0)::text as id from balance_entries`)).rows[0]!.id);
  await db.execute(sql`
    insert into balance_entries (user_id, currency, amount, balance_before, balance_after, operation_id, kind, created_by, created_at)
    select o.user_id, o.currency, s.delta, o.before_balance, o.before_balance + s.delta, o.id, 'post', o.created_by, o.created_at
    from balance_operations o
    cross join lateral (select case when o.type = ${MONEY_TYPE.income} then o.amount else -o.amount end as delta) s
    where o.status_id = ${TRANSACTION_STATUS.confirmed} and ${which} and not exists (select 1 from balance_entries e where e.operation_id = o.id)
    order by o.id`);
  await db.execute(sql`
    update users u set balance_usd = u.balance_usd + coalesce(x.usd, 0), balance_try = u.balance_try + coalesce(x.try, 0)
    from (select e.user_id, sum(e.amount) filter (where e.currency = 'USD') as usd, sum(e.amount) filter (where e.currency = 'TRY') as try
          from balance_entries e where e.id > ${last} group by e.user_id) x
    where x.user_id = u.id`);
}
