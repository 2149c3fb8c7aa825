-- migrations-extra/21-statistics-pages.sql (statistics-pages-api, issue 19 items 3 and 4)
-- declaration_stats_daily (db/schema/statistics-pages.ts) kept by the database: per-statement
-- triggers on declarations add the new rows' and subtract the old rows' contributions in one grouped
-- upsert, keys in primary-key order (concurrent statements lock rows in one order). The day is the
-- office day (Asia/Baku) of created_at, as the declarations list's date_from/date_to. An UPDATE that
-- moves no figure (edits of other columns) writes nothing (HAVING).
create or replace function declaration_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into declaration_stats_daily as t (day, status_id, branch_id, partner_id, plan_category_id, count, price, delivery_price)
    select (n.created_at at time zone 'Asia/Baku')::date, n.status_id, coalesce(n.branch_id, 0), coalesce(n.partner_id, 0), coalesce(n.plan_category_id, 0),
           count(*), coalesce(sum(n.price), 0), coalesce(sum(n.delivery_price), 0)
    from declaration_stats_new n
    where n.deleted_at is null
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, status_id, branch_id, partner_id, plan_category_id) do update set
      count = t.count + excluded.count, price = t.price + excluded.price, delivery_price = t.delivery_price + excluded.delivery_price;
  elsif tg_op = 'DELETE' then
    insert into declaration_stats_daily as t (day, status_id, branch_id, partner_id, plan_category_id, count, price, delivery_price)
    select (o.created_at at time zone 'Asia/Baku')::date, o.status_id, coalesce(o.branch_id, 0), coalesce(o.partner_id, 0), coalesce(o.plan_category_id, 0),
           -count(*), -coalesce(sum(o.price), 0), -coalesce(sum(o.delivery_price), 0)
    from declaration_stats_old o
    where o.deleted_at is null
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, status_id, branch_id, partner_id, plan_category_id) do update set
      count = t.count + excluded.count, price = t.price + excluded.price, delivery_price = t.delivery_price + excluded.delivery_price;
  elsif tg_op = 'UPDATE' then
    insert into declaration_stats_daily as t (day, status_id, branch_id, partner_id, plan_category_id, count, price, delivery_price)
    select x.day, x.status_id, x.branch_id, x.partner_id, x.plan_category_id, sum(x.n), coalesce(sum(x.price), 0), coalesce(sum(x.delivery_price), 0)
    from (
      select (n.created_at at time zone 'Asia/Baku')::date as day, n.status_id, coalesce(n.branch_id, 0) as branch_id, coalesce(n.partner_id, 0) as partner_id,
             coalesce(n.plan_category_id, 0) as plan_category_id, 1 as n, n.price, n.delivery_price
      from declaration_stats_new n where n.deleted_at is null
      union all
      select (o.created_at at time zone 'Asia/Baku')::date, o.status_id, coalesce(o.branch_id, 0), coalesce(o.partner_id, 0),
             coalesce(o.plan_category_id, 0), -1, -o.price, -o.delivery_price
      from declaration_stats_old o where o.deleted_at is null
    ) x
    group by x.day, x.status_id, x.branch_id, x.partner_id, x.plan_category_id
    having sum(x.n) <> 0 or coalesce(sum(x.price), 0) <> 0 or coalesce(sum(x.delivery_price), 0) <> 0
    order by x.day, x.status_id, x.branch_id, x.partner_id, x.plan_category_id
    on conflict (day, status_id, branch_id, partner_id, plan_category_id) do update set
      count = t.count + excluded.count, price = t.price + excluded.price, delivery_price = t.delivery_price + excluded.delivery_price;
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- TRUNCATE fires no DELETE triggers: it empties the rollup as well.
create or replace function declaration_stats_clear() returns trigger language plpgsql as $$
begin
  delete from declaration_stats_daily;
  return null;
end
$$;
--> statement-breakpoint
drop trigger if exists declarations_stats_insert on declarations;
--> statement-breakpoint
create trigger declarations_stats_insert after insert on declarations
  referencing new table as declaration_stats_new
  for each statement execute function declaration_stats_apply();
--> statement-breakpoint
drop trigger if exists declarations_stats_update on declarations;
--> statement-breakpoint
create trigger declarations_stats_update after update on declarations
  referencing old table as declaration_stats_old new table as declaration_stats_new
  for each statement execute function declaration_stats_apply();
--> statement-breakpoint
drop trigger if exists declarations_stats_delete on declarations;
--> statement-breakpoint
create trigger declarations_stats_delete after delete on declarations
  referencing old table as declaration_stats_old
  for each statement execute function declaration_stats_apply();
--> statement-breakpoint
drop trigger if exists declarations_stats_truncate on declarations;
--> statement-breakpoint
create trigger declarations_stats_truncate after truncate on declarations
  for each statement execute function declaration_stats_clear();
--> statement-breakpoint
-- Backfill (idempotent): the rollup recomputed from the live declarations (emptied first).
delete from declaration_stats_daily;
--> statement-breakpoint
insert into declaration_stats_daily (day, status_id, branch_id, partner_id, plan_category_id, count, price, delivery_price)
select (d.created_at at time zone 'Asia/Baku')::date, d.status_id, coalesce(d.branch_id, 0), coalesce(d.partner_id, 0), coalesce(d.plan_category_id, 0),
       count(*), coalesce(sum(d.price), 0), coalesce(sum(d.delivery_price), 0)
from declarations d
where d.deleted_at is null
group by 1, 2, 3, 4, 5;
--> statement-breakpoint
-- balance_stats_daily: customers' balance operations by office day (created_at, the transactions
-- list's created_at filter), object kind (0 none, 1 declaration_payment, 2 other), type, payment
-- type and status; kept like declaration_stats_daily (a status change moves a row between keys).
create or replace function balance_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into balance_stats_daily as t (day, object_kind, type, payment_type, status_id, count, amount_azn)
    select (n.created_at at time zone 'Asia/Baku')::date,
           (case when n.object_model is null then 0 when n.object_model = 'declaration_payment' then 1 else 2 end)::smallint,
           n.type, n.payment_type, n.status_id, count(*), coalesce(sum(n.amount_azn), 0)
    from balance_stats_new n
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, object_kind, type, payment_type, status_id) do update set
      count = t.count + excluded.count, amount_azn = t.amount_azn + excluded.amount_azn;
  elsif tg_op = 'DELETE' then
    insert into balance_stats_daily as t (day, object_kind, type, payment_type, status_id, count, amount_azn)
    select (o.created_at at time zone 'Asia/Baku')::date,
           (case when o.object_model is null then 0 when o.object_model = 'declaration_payment' then 1 else 2 end)::smallint,
           o.type, o.payment_type, o.status_id, -count(*), -coalesce(sum(o.amount_azn), 0)
    from balance_stats_old o
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, object_kind, type, payment_type, status_id) do update set
      count = t.count + excluded.count, amount_azn = t.amount_azn + excluded.amount_azn;
  elsif tg_op = 'UPDATE' then
    insert into balance_stats_daily as t (day, object_kind, type, payment_type, status_id, count, amount_azn)
    select x.day, x.object_kind, x.type, x.payment_type, x.status_id, sum(x.n), coalesce(sum(x.amount_azn), 0)
    from (
      select (n.created_at at time zone 'Asia/Baku')::date as day,
             (case when n.object_model is null then 0 when n.object_model = 'declaration_payment' then 1 else 2 end)::smallint as object_kind,
             n.type, n.payment_type, n.status_id, 1 as n, n.amount_azn
      from balance_stats_new n
      union all
      select (o.created_at at time zone 'Asia/Baku')::date,
             (case when o.object_model is null then 0 when o.object_model = 'declaration_payment' then 1 else 2 end)::smallint,
             o.type, o.payment_type, o.status_id, -1, -o.amount_azn
      from balance_stats_old o
    ) x
    group by x.day, x.object_kind, x.type, x.payment_type, x.status_id
    having sum(x.n) <> 0 or coalesce(sum(x.amount_azn), 0) <> 0
    order by x.day, x.object_kind, x.type, x.payment_type, x.status_id
    on conflict (day, object_kind, type, payment_type, status_id) do update set
      count = t.count + excluded.count, amount_azn = t.amount_azn + excluded.amount_azn;
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- TRUNCATE fires no DELETE triggers: it empties the rollup as well.
create or replace function balance_stats_clear() returns trigger language plpgsql as $$
begin
  delete from balance_stats_daily;
  return null;
end
$$;
--> statement-breakpoint
drop trigger if exists balance_operations_stats_insert on balance_operations;
--> statement-breakpoint
create trigger balance_operations_stats_insert after insert on balance_operations
  referencing new table as balance_stats_new
  for each statement execute function balance_stats_apply();
--> statement-breakpoint
drop trigger if exists balance_operations_stats_update on balance_operations;
--> statement-breakpoint
create trigger balance_operations_stats_update after update on balance_operations
  referencing old table as balance_stats_old new table as balance_stats_new
  for each statement execute function balance_stats_apply();
--> statement-breakpoint
drop trigger if exists balance_operations_stats_delete on balance_operations;
--> statement-breakpoint
create trigger balance_operations_stats_delete after delete on balance_operations
  referencing old table as balance_stats_old
  for each statement execute function balance_stats_apply();
--> statement-breakpoint
drop trigger if exists balance_operations_stats_truncate on balance_operations;
--> statement-breakpoint
create trigger balance_operations_stats_truncate after truncate on balance_operations
  for each statement execute function balance_stats_clear();
--> statement-breakpoint
-- Backfill (idempotent): recomputed from the balance operations (emptied first).
delete from balance_stats_daily;
--> statement-breakpoint
insert into balance_stats_daily (day, object_kind, type, payment_type, status_id, count, amount_azn)
select (b.created_at at time zone 'Asia/Baku')::date,
       (case when b.object_model is null then 0 when b.object_model = 'declaration_payment' then 1 else 2 end)::smallint,
       b.type, b.payment_type, b.status_id, count(*), coalesce(sum(b.amount_azn), 0)
from balance_operations b
group by 1, 2, 3, 4, 5;
--> statement-breakpoint
-- declaration_payment_stats_daily: counter payments (declaration_payments) by office day and main
-- payment type (the largest part: balance 7 when it is at least cash and terminal, else terminal 3
-- when above cash, else cash 1), kept like the rollups above.
create or replace function declaration_payment_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into declaration_payment_stats_daily as t (day, payment_type, payments, parcels, debt_usd, debt_azn, paid_azn)
    select (p.created_at at time zone 'Asia/Baku')::date,
           (case when p.balance_azn >= greatest(p.cash_azn, p.terminal_azn) and p.balance_azn > 0 then 7
                 when p.terminal_azn > p.cash_azn then 3 else 1 end)::smallint,
           sum(p.sign), sum(p.sign * jsonb_array_length(p.declaration_ids)), sum(p.sign * p.debt_usd), sum(p.sign * p.debt_azn), sum(p.sign * p.total_azn)
    from (select created_at, cash_azn, terminal_azn, balance_azn, declaration_ids, debt_usd, debt_azn, total_azn, 1 as sign from declaration_payment_stats_new) p
    group by 1, 2
    having sum(p.sign) <> 0 or sum(p.sign * p.debt_usd) <> 0 or sum(p.sign * p.total_azn) <> 0
        or sum(p.sign * p.debt_azn) <> 0 or sum(p.sign * jsonb_array_length(p.declaration_ids)) <> 0
    order by 1, 2
    on conflict (day, payment_type) do update set
      payments = t.payments + excluded.payments, parcels = t.parcels + excluded.parcels, debt_usd = t.debt_usd + excluded.debt_usd,
      debt_azn = t.debt_azn + excluded.debt_azn, paid_azn = t.paid_azn + excluded.paid_azn;
  elsif tg_op = 'DELETE' then
    insert into declaration_payment_stats_daily as t (day, payment_type, payments, parcels, debt_usd, debt_azn, paid_azn)
    select (p.created_at at time zone 'Asia/Baku')::date,
           (case when p.balance_azn >= greatest(p.cash_azn, p.terminal_azn) and p.balance_azn > 0 then 7
                 when p.terminal_azn > p.cash_azn then 3 else 1 end)::smallint,
           sum(p.sign), sum(p.sign * jsonb_array_length(p.declaration_ids)), sum(p.sign * p.debt_usd), sum(p.sign * p.debt_azn), sum(p.sign * p.total_azn)
    from (select created_at, cash_azn, terminal_azn, balance_azn, declaration_ids, debt_usd, debt_azn, total_azn, -1 as sign from declaration_payment_stats_old) p
    group by 1, 2
    having sum(p.sign) <> 0 or sum(p.sign * p.debt_usd) <> 0 or sum(p.sign * p.total_azn) <> 0
        or sum(p.sign * p.debt_azn) <> 0 or sum(p.sign * jsonb_array_length(p.declaration_ids)) <> 0
    order by 1, 2
    on conflict (day, payment_type) do update set
      payments = t.payments + excluded.payments, parcels = t.parcels + excluded.parcels, debt_usd = t.debt_usd + excluded.debt_usd,
      debt_azn = t.debt_azn + excluded.debt_azn, paid_azn = t.paid_azn + excluded.paid_azn;
  elsif tg_op = 'UPDATE' then
    insert into declaration_payment_stats_daily as t (day, payment_type, payments, parcels, debt_usd, debt_azn, paid_azn)
    select (p.created_at at time zone 'Asia/Baku')::date,
           (case when p.balance_azn >= greatest(p.cash_azn, p.terminal_azn) and p.balance_azn > 0 then 7
                 when p.terminal_azn > p.cash_azn then 3 else 1 end)::smallint,
           sum(p.sign), sum(p.sign * jsonb_array_length(p.declaration_ids)), sum(p.sign * p.debt_usd), sum(p.sign * p.debt_azn), sum(p.sign * p.total_azn)
    from (select created_at, cash_azn, terminal_azn, balance_azn, declaration_ids, debt_usd, debt_azn, total_azn, 1 as sign from declaration_payment_stats_new union all select created_at, cash_azn, terminal_azn, balance_azn, declaration_ids, debt_usd, debt_azn, total_azn, -1 from declaration_payment_stats_old) p
    group by 1, 2
    having sum(p.sign) <> 0 or sum(p.sign * p.debt_usd) <> 0 or sum(p.sign * p.total_azn) <> 0
        or sum(p.sign * p.debt_azn) <> 0 or sum(p.sign * jsonb_array_length(p.declaration_ids)) <> 0
    order by 1, 2
    on conflict (day, payment_type) do update set
      payments = t.payments + excluded.payments, parcels = t.parcels + excluded.parcels, debt_usd = t.debt_usd + excluded.debt_usd,
      debt_azn = t.debt_azn + excluded.debt_azn, paid_azn = t.paid_azn + excluded.paid_azn;
  end if;
  return null;
end
$$;
--> statement-breakpoint
drop trigger if exists declaration_payments_stats_insert on declaration_payments;
--> statement-breakpoint
create trigger declaration_payments_stats_insert after insert on declaration_payments
  referencing new table as declaration_payment_stats_new
  for each statement execute function declaration_payment_stats_apply();
--> statement-breakpoint
drop trigger if exists declaration_payments_stats_update on declaration_payments;
--> statement-breakpoint
create trigger declaration_payments_stats_update after update on declaration_payments
  referencing old table as declaration_payment_stats_old new table as declaration_payment_stats_new
  for each statement execute function declaration_payment_stats_apply();
--> statement-breakpoint
drop trigger if exists declaration_payments_stats_delete on declaration_payments;
--> statement-breakpoint
create trigger declaration_payments_stats_delete after delete on declaration_payments
  referencing old table as declaration_payment_stats_old
  for each statement execute function declaration_payment_stats_apply();
--> statement-breakpoint
-- Backfill (idempotent): recomputed from the payments (emptied first).
delete from declaration_payment_stats_daily;
--> statement-breakpoint
insert into declaration_payment_stats_daily (day, payment_type, payments, parcels, debt_usd, debt_azn, paid_azn)
select (p.created_at at time zone 'Asia/Baku')::date,
       (case when p.balance_azn >= greatest(p.cash_azn, p.terminal_azn) and p.balance_azn > 0 then 7
             when p.terminal_azn > p.cash_azn then 3 else 1 end)::smallint,
       count(*), sum(jsonb_array_length(p.declaration_ids)), sum(p.debt_usd), sum(p.debt_azn), sum(p.total_azn)
from declaration_payments p
group by 1, 2;
--> statement-breakpoint
-- Flight totals (issue 19 item 3): a flight's completion counts the parcels that reached the branch,
-- at the local warehouse (9) or handed over from it (10); status 10 alone read 0/272 while 151
-- parcels were at the branch. Same triggers (migration 0005), the completed condition widened.
create or replace function flight_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into flight_totals as t (flight_id, count, completed, weight, product_price, delivery_price, updated_at)
    select n.flight_id, count(*), count(*) filter (where n.status_id in (9, 10)),
           coalesce(sum(n.weight), 0), coalesce(sum(n.price), 0), coalesce(sum(n.delivery_price), 0), now()
    from flight_totals_new n
    where n.flight_id is not null and n.deleted_at is null
    group by n.flight_id
    order by n.flight_id
    on conflict (flight_id) do update set
      count = t.count + excluded.count, completed = t.completed + excluded.completed, weight = t.weight + excluded.weight,
      product_price = t.product_price + excluded.product_price, delivery_price = t.delivery_price + excluded.delivery_price,
      updated_at = excluded.updated_at;
  elsif tg_op = 'DELETE' then
    insert into flight_totals as t (flight_id, count, completed, weight, product_price, delivery_price, updated_at)
    select o.flight_id, -count(*), -count(*) filter (where o.status_id in (9, 10)),
           -coalesce(sum(o.weight), 0), -coalesce(sum(o.price), 0), -coalesce(sum(o.delivery_price), 0), now()
    from flight_totals_old o
    where o.flight_id is not null and o.deleted_at is null
    group by o.flight_id
    order by o.flight_id
    on conflict (flight_id) do update set
      count = t.count + excluded.count, completed = t.completed + excluded.completed, weight = t.weight + excluded.weight,
      product_price = t.product_price + excluded.product_price, delivery_price = t.delivery_price + excluded.delivery_price,
      updated_at = excluded.updated_at;
  elsif tg_op = 'UPDATE' then
    insert into flight_totals as t (flight_id, count, completed, weight, product_price, delivery_price, updated_at)
    select x.flight_id, sum(x.n), sum(x.completed), coalesce(sum(x.weight), 0), coalesce(sum(x.price), 0), coalesce(sum(x.delivery_price), 0), now()
    from (
      select n.flight_id, 1 as n, (n.status_id in (9, 10))::int as completed, n.weight, n.price, n.delivery_price
      from flight_totals_new n where n.flight_id is not null and n.deleted_at is null
      union all
      select o.flight_id, -1, -(o.status_id in (9, 10))::int, -o.weight, -o.price, -o.delivery_price
      from flight_totals_old o where o.flight_id is not null and o.deleted_at is null
    ) x
    group by x.flight_id
    having sum(x.n) <> 0 or sum(x.completed) <> 0 or coalesce(sum(x.weight), 0) <> 0
        or coalesce(sum(x.price), 0) <> 0 or coalesce(sum(x.delivery_price), 0) <> 0
    order by x.flight_id
    on conflict (flight_id) do update set
      count = t.count + excluded.count, completed = t.completed + excluded.completed, weight = t.weight + excluded.weight,
      product_price = t.product_price + excluded.product_price, delivery_price = t.delivery_price + excluded.delivery_price,
      updated_at = excluded.updated_at;
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- Backfill (idempotent): every flight's totals recomputed from its live parcels with the new completion ...
insert into flight_totals as t (flight_id, count, completed, weight, product_price, delivery_price, updated_at)
select d.flight_id, count(*), count(*) filter (where d.status_id in (9, 10)),
       coalesce(sum(d.weight), 0), coalesce(sum(d.price), 0), coalesce(sum(d.delivery_price), 0), now()
from declarations d
where d.flight_id is not null and d.deleted_at is null
group by d.flight_id
order by d.flight_id
on conflict (flight_id) do update set
  count = excluded.count, completed = excluded.completed, weight = excluded.weight,
  product_price = excluded.product_price, delivery_price = excluded.delivery_price, updated_at = excluded.updated_at;
--> statement-breakpoint
-- ... and totals of flights left without live parcels set back to zero.
update flight_totals t set count = 0, completed = 0, weight = 0, product_price = 0, delivery_price = 0, updated_at = now()
where (t.count <> 0 or t.completed <> 0 or t.weight <> 0 or t.product_price <> 0 or t.delivery_price <> 0)
  and not exists (select 1 from declarations d where d.flight_id = t.flight_id and d.deleted_at is null);
