-- migrations-extra/21-statistics-pages.sql (statistics-pages-api, issue 19 items 3 and 4)
-- The statistics pages read the landing's rollups of declarations and balance operations
-- (stat_declarations_daily, stat_balance_daily; 20-statistics.sql) and keep one rollup of their own,
-- declaration_payment_stats_daily (db/schema/statistics-pages.ts). Days are office days (Asia/Baku).
-- The pages' own rollups of declarations and balance operations (declaration_stats_daily,
-- balance_stats_daily) are merged into stat_declarations_daily and stat_balance_daily
-- (20-statistics.sql): one rollup and one set of triggers per source table. Their triggers and
-- functions are dropped where an earlier work migration created them.
drop trigger if exists declarations_stats_insert on declarations;
--> statement-breakpoint
drop trigger if exists declarations_stats_update on declarations;
--> statement-breakpoint
drop trigger if exists declarations_stats_delete on declarations;
--> statement-breakpoint
drop trigger if exists declarations_stats_truncate on declarations;
--> statement-breakpoint
drop trigger if exists balance_operations_stats_insert on balance_operations;
--> statement-breakpoint
drop trigger if exists balance_operations_stats_update on balance_operations;
--> statement-breakpoint
drop trigger if exists balance_operations_stats_delete on balance_operations;
--> statement-breakpoint
drop trigger if exists balance_operations_stats_truncate on balance_operations;
--> statement-breakpoint
drop function if exists declaration_stats_apply();
--> statement-breakpoint
drop function if exists declaration_stats_clear();
--> statement-breakpoint
drop function if exists balance_stats_apply();
--> statement-breakpoint
drop function if exists balance_stats_clear();
--> statement-breakpoint
drop table if exists declaration_stats_daily;
--> statement-breakpoint
drop table if exists balance_stats_daily;
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
