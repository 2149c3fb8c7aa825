-- Statistics rollups (issue 19 item 4; db/schema/statistics.ts): statement-level triggers with transition
-- tables keep per-day counts of declarations, their status changes, orders, customers and balance operations.
-- Each statement adds its new rows and subtracts its old rows in one grouped upsert (key order); an update
-- that changes no dimension (HAVING) writes nothing. Days are the office's (Asia/Baku).
-- Live declarations by created day, status, country, branch, partner, plan category, customs flag and box:
-- count and price / delivery price sums. The one rollup of declarations: the landing and the statistics
-- pages (modules/statistics/pages) both read it. A null price counts as 0; 0 stands for "none" in branch,
-- partner and plan category. An update that moves no figure (edits of other columns) writes nothing.
create or replace function stat_declarations_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into stat_declarations_daily as t (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed, count, price, delivery_price)
    select x.day, x.status_id, x.country_id, x.branch_id, x.partner_id, x.plan_category_id, x.customs, x.boxed, sum(x.count), sum(x.price), sum(x.delivery_price)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.status_id as status_id, n.country_id as country_id, coalesce(n.branch_id, 0) as branch_id, coalesce(n.partner_id, 0) as partner_id, coalesce(n.plan_category_id, 0) as plan_category_id, n.customs as customs, (n.container_id is not null) as boxed, 1 as count, coalesce(n.price, 0) as price, coalesce(n.delivery_price, 0) as delivery_price from stat_declarations_new n where n.deleted_at is null) x
    group by 1, 2, 3, 4, 5, 6, 7, 8
    order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed) do update set count = t.count + excluded.count, price = t.price + excluded.price, delivery_price = t.delivery_price + excluded.delivery_price;
  elsif tg_op = 'DELETE' then
    insert into stat_declarations_daily as t (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed, count, price, delivery_price)
    select x.day, x.status_id, x.country_id, x.branch_id, x.partner_id, x.plan_category_id, x.customs, x.boxed, sum(x.count), sum(x.price), sum(x.delivery_price)
    from (select (o.created_at at time zone 'Asia/Baku')::date as day, o.status_id as status_id, o.country_id as country_id, coalesce(o.branch_id, 0) as branch_id, coalesce(o.partner_id, 0) as partner_id, coalesce(o.plan_category_id, 0) as plan_category_id, o.customs as customs, (o.container_id is not null) as boxed, -1 as count, -coalesce(o.price, 0) as price, -coalesce(o.delivery_price, 0) as delivery_price from stat_declarations_old o where o.deleted_at is null) x
    group by 1, 2, 3, 4, 5, 6, 7, 8
    order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed) do update set count = t.count + excluded.count, price = t.price + excluded.price, delivery_price = t.delivery_price + excluded.delivery_price;
  elsif tg_op = 'UPDATE' then
    insert into stat_declarations_daily as t (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed, count, price, delivery_price)
    select x.day, x.status_id, x.country_id, x.branch_id, x.partner_id, x.plan_category_id, x.customs, x.boxed, sum(x.count), sum(x.price), sum(x.delivery_price)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.status_id as status_id, n.country_id as country_id, coalesce(n.branch_id, 0) as branch_id, coalesce(n.partner_id, 0) as partner_id, coalesce(n.plan_category_id, 0) as plan_category_id, n.customs as customs, (n.container_id is not null) as boxed, 1 as count, coalesce(n.price, 0) as price, coalesce(n.delivery_price, 0) as delivery_price from stat_declarations_new n where n.deleted_at is null union all select (o.created_at at time zone 'Asia/Baku')::date as day, o.status_id as status_id, o.country_id as country_id, coalesce(o.branch_id, 0) as branch_id, coalesce(o.partner_id, 0) as partner_id, coalesce(o.plan_category_id, 0) as plan_category_id, o.customs as customs, (o.container_id is not null) as boxed, -1 as count, -coalesce(o.price, 0) as price, -coalesce(o.delivery_price, 0) as delivery_price from stat_declarations_old o where o.deleted_at is null) x
    group by 1, 2, 3, 4, 5, 6, 7, 8
    having sum(x.count) <> 0 or sum(x.price) <> 0 or sum(x.delivery_price) <> 0
    order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed) do update set count = t.count + excluded.count, price = t.price + excluded.price, delivery_price = t.delivery_price + excluded.delivery_price;
  end if;
  return null;
end
$$
--> statement-breakpoint
-- TRUNCATE of declarations fires no row triggers: it empties stat_declarations_daily as well.
create or replace function stat_declarations_clear() returns trigger language plpgsql as $$
begin
  delete from stat_declarations_daily;
  return null;
end
$$
--> statement-breakpoint
drop trigger if exists stat_declarations_insert on declarations
--> statement-breakpoint
create trigger stat_declarations_insert after insert on declarations
  referencing new table as stat_declarations_new
  for each statement execute function stat_declarations_apply()
--> statement-breakpoint
drop trigger if exists stat_declarations_update on declarations
--> statement-breakpoint
create trigger stat_declarations_update after update on declarations
  referencing old table as stat_declarations_old new table as stat_declarations_new
  for each statement execute function stat_declarations_apply()
--> statement-breakpoint
drop trigger if exists stat_declarations_delete on declarations
--> statement-breakpoint
create trigger stat_declarations_delete after delete on declarations
  referencing old table as stat_declarations_old
  for each statement execute function stat_declarations_apply()
--> statement-breakpoint
drop trigger if exists stat_declarations_truncate on declarations
--> statement-breakpoint
create trigger stat_declarations_truncate after truncate on declarations
  for each statement execute function stat_declarations_clear()
--> statement-breakpoint
-- Backfill (idempotent): stat_declarations_daily recomputed from the rows already there.
insert into stat_declarations_daily as t (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed, count, price, delivery_price)
select x.day, x.status_id, x.country_id, x.branch_id, x.partner_id, x.plan_category_id, x.customs, x.boxed, sum(x.count), sum(x.price), sum(x.delivery_price)
from (select (s.created_at at time zone 'Asia/Baku')::date as day, s.status_id as status_id, s.country_id as country_id, coalesce(s.branch_id, 0) as branch_id, coalesce(s.partner_id, 0) as partner_id, coalesce(s.plan_category_id, 0) as plan_category_id, s.customs as customs, (s.container_id is not null) as boxed, 1 as count, coalesce(s.price, 0) as price, coalesce(s.delivery_price, 0) as delivery_price from declarations s where s.deleted_at is null) x
group by 1, 2, 3, 4, 5, 6, 7, 8
on conflict (day, status_id, country_id, branch_id, partner_id, plan_category_id, customs, boxed) do update set count = excluded.count, price = excluded.price, delivery_price = excluded.delivery_price
--> statement-breakpoint
-- Declarations' status changes (model 2) by day and status reached; the partner is the declaration's.
create or replace function stat_declaration_moves_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into stat_declaration_moves_daily as t (day, state_id, partner_id, count)
    select x.day, x.state_id, x.partner_id, sum(x.count)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.state_id as state_id, coalesce((select d.partner_id from declarations d where d.id = n.object_id), 0) as partner_id, 1 as count from stat_declaration_moves_new n where n.model_id = 2) x
    group by 1, 2, 3
    
    order by 1, 2, 3
    on conflict (day, state_id, partner_id) do update set count = t.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into stat_declaration_moves_daily as t (day, state_id, partner_id, count)
    select x.day, x.state_id, x.partner_id, sum(x.count)
    from (select (o.created_at at time zone 'Asia/Baku')::date as day, o.state_id as state_id, coalesce((select d.partner_id from declarations d where d.id = o.object_id), 0) as partner_id, -1 as count from stat_declaration_moves_old o where o.model_id = 2) x
    group by 1, 2, 3
    
    order by 1, 2, 3
    on conflict (day, state_id, partner_id) do update set count = t.count + excluded.count;
  elsif tg_op = 'UPDATE' then
    insert into stat_declaration_moves_daily as t (day, state_id, partner_id, count)
    select x.day, x.state_id, x.partner_id, sum(x.count)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.state_id as state_id, coalesce((select d.partner_id from declarations d where d.id = n.object_id), 0) as partner_id, 1 as count from stat_declaration_moves_new n where n.model_id = 2 union all select (o.created_at at time zone 'Asia/Baku')::date as day, o.state_id as state_id, coalesce((select d.partner_id from declarations d where d.id = o.object_id), 0) as partner_id, -1 as count from stat_declaration_moves_old o where o.model_id = 2) x
    group by 1, 2, 3
    having sum(x.count) <> 0
    order by 1, 2, 3
    on conflict (day, state_id, partner_id) do update set count = t.count + excluded.count;
  end if;
  return null;
end
$$
--> statement-breakpoint
-- TRUNCATE of status_history fires no row triggers: it empties stat_declaration_moves_daily as well.
create or replace function stat_declaration_moves_clear() returns trigger language plpgsql as $$
begin
  delete from stat_declaration_moves_daily;
  return null;
end
$$
--> statement-breakpoint
drop trigger if exists stat_declaration_moves_insert on status_history
--> statement-breakpoint
create trigger stat_declaration_moves_insert after insert on status_history
  referencing new table as stat_declaration_moves_new
  for each statement execute function stat_declaration_moves_apply()
--> statement-breakpoint
drop trigger if exists stat_declaration_moves_delete on status_history
--> statement-breakpoint
create trigger stat_declaration_moves_delete after delete on status_history
  referencing old table as stat_declaration_moves_old
  for each statement execute function stat_declaration_moves_apply()
--> statement-breakpoint
drop trigger if exists stat_declaration_moves_truncate on status_history
--> statement-breakpoint
create trigger stat_declaration_moves_truncate after truncate on status_history
  for each statement execute function stat_declaration_moves_clear()
--> statement-breakpoint
-- Backfill (idempotent): stat_declaration_moves_daily recomputed from the rows already there.
insert into stat_declaration_moves_daily as t (day, state_id, partner_id, count)
select x.day, x.state_id, x.partner_id, sum(x.count)
from (select (s.created_at at time zone 'Asia/Baku')::date as day, s.state_id as state_id, coalesce((select d.partner_id from declarations d where d.id = s.object_id), 0) as partner_id, 1 as count from status_history s where s.model_id = 2) x
group by 1, 2, 3
on conflict (day, state_id, partner_id) do update set count = excluded.count
--> statement-breakpoint
-- Live orders by created day, status, country, executive (0: none) and currency: count and amount
-- (Σ price × quantity + cargo_price, the order's currency). The one rollup of orders: the landing and the
-- orders statistics (by_orders_count, by_orders_admin_count) both read it.
create or replace function stat_orders_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into stat_orders_daily as t (day, status_id, country_id, executive_id, currency, count, amount)
    select x.day, x.status_id, x.country_id, x.executive_id, x.currency, sum(x.count), sum(x.amount)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.status_id as status_id, n.country_id as country_id, coalesce(n.executive_id, 0) as executive_id, n.currency as currency, 1 as count, (n.price * n.quantity + n.cargo_price) as amount from stat_orders_new n where n.deleted_at is null) x
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, status_id, country_id, executive_id, currency) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount;
  elsif tg_op = 'DELETE' then
    insert into stat_orders_daily as t (day, status_id, country_id, executive_id, currency, count, amount)
    select x.day, x.status_id, x.country_id, x.executive_id, x.currency, sum(x.count), sum(x.amount)
    from (select (o.created_at at time zone 'Asia/Baku')::date as day, o.status_id as status_id, o.country_id as country_id, coalesce(o.executive_id, 0) as executive_id, o.currency as currency, -1 as count, -(o.price * o.quantity + o.cargo_price) as amount from stat_orders_old o where o.deleted_at is null) x
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (day, status_id, country_id, executive_id, currency) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount;
  elsif tg_op = 'UPDATE' then
    insert into stat_orders_daily as t (day, status_id, country_id, executive_id, currency, count, amount)
    select x.day, x.status_id, x.country_id, x.executive_id, x.currency, sum(x.count), sum(x.amount)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.status_id as status_id, n.country_id as country_id, coalesce(n.executive_id, 0) as executive_id, n.currency as currency, 1 as count, (n.price * n.quantity + n.cargo_price) as amount from stat_orders_new n where n.deleted_at is null union all select (o.created_at at time zone 'Asia/Baku')::date as day, o.status_id as status_id, o.country_id as country_id, coalesce(o.executive_id, 0) as executive_id, o.currency as currency, -1 as count, -(o.price * o.quantity + o.cargo_price) as amount from stat_orders_old o where o.deleted_at is null) x
    group by 1, 2, 3, 4, 5
    having sum(x.count) <> 0 or sum(x.amount) <> 0
    order by 1, 2, 3, 4, 5
    on conflict (day, status_id, country_id, executive_id, currency) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount;
  end if;
  return null;
end
$$
--> statement-breakpoint
-- TRUNCATE of orders fires no row triggers: it empties stat_orders_daily as well.
create or replace function stat_orders_clear() returns trigger language plpgsql as $$
begin
  delete from stat_orders_daily;
  return null;
end
$$
--> statement-breakpoint
drop trigger if exists stat_orders_insert on orders
--> statement-breakpoint
create trigger stat_orders_insert after insert on orders
  referencing new table as stat_orders_new
  for each statement execute function stat_orders_apply()
--> statement-breakpoint
drop trigger if exists stat_orders_update on orders
--> statement-breakpoint
create trigger stat_orders_update after update on orders
  referencing old table as stat_orders_old new table as stat_orders_new
  for each statement execute function stat_orders_apply()
--> statement-breakpoint
drop trigger if exists stat_orders_delete on orders
--> statement-breakpoint
create trigger stat_orders_delete after delete on orders
  referencing old table as stat_orders_old
  for each statement execute function stat_orders_apply()
--> statement-breakpoint
drop trigger if exists stat_orders_truncate on orders
--> statement-breakpoint
create trigger stat_orders_truncate after truncate on orders
  for each statement execute function stat_orders_clear()
--> statement-breakpoint
-- Backfill (idempotent): stat_orders_daily recomputed from the rows already there.
insert into stat_orders_daily as t (day, status_id, country_id, executive_id, currency, count, amount)
select x.day, x.status_id, x.country_id, x.executive_id, x.currency, sum(x.count), sum(x.amount)
from (select (s.created_at at time zone 'Asia/Baku')::date as day, s.status_id as status_id, s.country_id as country_id, coalesce(s.executive_id, 0) as executive_id, s.currency as currency, 1 as count, (s.price * s.quantity + s.cargo_price) as amount from orders s where s.deleted_at is null) x
group by 1, 2, 3, 4, 5
on conflict (day, status_id, country_id, executive_id, currency) do update set count = excluded.count, amount = excluded.amount
--> statement-breakpoint
-- Customers (admin 0, not deleted) by registration day and branch.
create or replace function stat_customers_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into stat_customers_daily as t (day, branch_id, count)
    select x.day, x.branch_id, sum(x.count)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, coalesce(n.branch_id, 0) as branch_id, 1 as count from stat_customers_new n where n.admin = 0 and n.deleted_at is null) x
    group by 1, 2
    
    order by 1, 2
    on conflict (day, branch_id) do update set count = t.count + excluded.count;
  elsif tg_op = 'DELETE' then
    insert into stat_customers_daily as t (day, branch_id, count)
    select x.day, x.branch_id, sum(x.count)
    from (select (o.created_at at time zone 'Asia/Baku')::date as day, coalesce(o.branch_id, 0) as branch_id, -1 as count from stat_customers_old o where o.admin = 0 and o.deleted_at is null) x
    group by 1, 2
    
    order by 1, 2
    on conflict (day, branch_id) do update set count = t.count + excluded.count;
  elsif tg_op = 'UPDATE' then
    insert into stat_customers_daily as t (day, branch_id, count)
    select x.day, x.branch_id, sum(x.count)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, coalesce(n.branch_id, 0) as branch_id, 1 as count from stat_customers_new n where n.admin = 0 and n.deleted_at is null union all select (o.created_at at time zone 'Asia/Baku')::date as day, coalesce(o.branch_id, 0) as branch_id, -1 as count from stat_customers_old o where o.admin = 0 and o.deleted_at is null) x
    group by 1, 2
    having sum(x.count) <> 0
    order by 1, 2
    on conflict (day, branch_id) do update set count = t.count + excluded.count;
  end if;
  return null;
end
$$
--> statement-breakpoint
-- TRUNCATE of users fires no row triggers: it empties stat_customers_daily as well.
create or replace function stat_customers_clear() returns trigger language plpgsql as $$
begin
  delete from stat_customers_daily;
  return null;
end
$$
--> statement-breakpoint
drop trigger if exists stat_customers_insert on users
--> statement-breakpoint
create trigger stat_customers_insert after insert on users
  referencing new table as stat_customers_new
  for each statement execute function stat_customers_apply()
--> statement-breakpoint
drop trigger if exists stat_customers_update on users
--> statement-breakpoint
create trigger stat_customers_update after update on users
  referencing old table as stat_customers_old new table as stat_customers_new
  for each statement execute function stat_customers_apply()
--> statement-breakpoint
drop trigger if exists stat_customers_delete on users
--> statement-breakpoint
create trigger stat_customers_delete after delete on users
  referencing old table as stat_customers_old
  for each statement execute function stat_customers_apply()
--> statement-breakpoint
drop trigger if exists stat_customers_truncate on users
--> statement-breakpoint
create trigger stat_customers_truncate after truncate on users
  for each statement execute function stat_customers_clear()
--> statement-breakpoint
-- Backfill (idempotent): stat_customers_daily recomputed from the rows already there.
insert into stat_customers_daily as t (day, branch_id, count)
select x.day, x.branch_id, sum(x.count)
from (select (s.created_at at time zone 'Asia/Baku')::date as day, coalesce(s.branch_id, 0) as branch_id, 1 as count from users s where s.admin = 0 and s.deleted_at is null) x
group by 1, 2
on conflict (day, branch_id) do update set count = excluded.count
--> statement-breakpoint
-- Balance operations by created day, type, payment type, currency, status and object kind (0: no object,
-- 1: a handover's declaration payment, 2: another object): count, amount and AZN sum. The one rollup of
-- balance operations: the landing and the statistics pages both read it.
create or replace function stat_balance_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into stat_balance_daily as t (day, type, payment_type, currency, status_id, object_kind, count, amount, amount_azn)
    select x.day, x.type, x.payment_type, x.currency, x.status_id, x.object_kind, sum(x.count), sum(x.amount), sum(x.amount_azn)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.type as type, n.payment_type as payment_type, n.currency as currency, n.status_id as status_id, (case when n.object_model is null then 0 when n.object_model = 'declaration_payment' then 1 else 2 end)::smallint as object_kind, 1 as count, n.amount as amount, n.amount_azn as amount_azn from stat_balance_new n where true) x
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (day, type, payment_type, currency, status_id, object_kind) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_azn = t.amount_azn + excluded.amount_azn;
  elsif tg_op = 'DELETE' then
    insert into stat_balance_daily as t (day, type, payment_type, currency, status_id, object_kind, count, amount, amount_azn)
    select x.day, x.type, x.payment_type, x.currency, x.status_id, x.object_kind, sum(x.count), sum(x.amount), sum(x.amount_azn)
    from (select (o.created_at at time zone 'Asia/Baku')::date as day, o.type as type, o.payment_type as payment_type, o.currency as currency, o.status_id as status_id, (case when o.object_model is null then 0 when o.object_model = 'declaration_payment' then 1 else 2 end)::smallint as object_kind, -1 as count, -o.amount as amount, -o.amount_azn as amount_azn from stat_balance_old o where true) x
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (day, type, payment_type, currency, status_id, object_kind) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_azn = t.amount_azn + excluded.amount_azn;
  elsif tg_op = 'UPDATE' then
    insert into stat_balance_daily as t (day, type, payment_type, currency, status_id, object_kind, count, amount, amount_azn)
    select x.day, x.type, x.payment_type, x.currency, x.status_id, x.object_kind, sum(x.count), sum(x.amount), sum(x.amount_azn)
    from (select (n.created_at at time zone 'Asia/Baku')::date as day, n.type as type, n.payment_type as payment_type, n.currency as currency, n.status_id as status_id, (case when n.object_model is null then 0 when n.object_model = 'declaration_payment' then 1 else 2 end)::smallint as object_kind, 1 as count, n.amount as amount, n.amount_azn as amount_azn from stat_balance_new n where true union all select (o.created_at at time zone 'Asia/Baku')::date as day, o.type as type, o.payment_type as payment_type, o.currency as currency, o.status_id as status_id, (case when o.object_model is null then 0 when o.object_model = 'declaration_payment' then 1 else 2 end)::smallint as object_kind, -1 as count, -o.amount as amount, -o.amount_azn as amount_azn from stat_balance_old o where true) x
    group by 1, 2, 3, 4, 5, 6
    having sum(x.count) <> 0 or sum(x.amount) <> 0 or sum(x.amount_azn) <> 0
    order by 1, 2, 3, 4, 5, 6
    on conflict (day, type, payment_type, currency, status_id, object_kind) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_azn = t.amount_azn + excluded.amount_azn;
  end if;
  return null;
end
$$
--> statement-breakpoint
-- TRUNCATE of balance_operations fires no row triggers: it empties stat_balance_daily as well.
create or replace function stat_balance_clear() returns trigger language plpgsql as $$
begin
  delete from stat_balance_daily;
  return null;
end
$$
--> statement-breakpoint
drop trigger if exists stat_balance_insert on balance_operations
--> statement-breakpoint
create trigger stat_balance_insert after insert on balance_operations
  referencing new table as stat_balance_new
  for each statement execute function stat_balance_apply()
--> statement-breakpoint
drop trigger if exists stat_balance_update on balance_operations
--> statement-breakpoint
create trigger stat_balance_update after update on balance_operations
  referencing old table as stat_balance_old new table as stat_balance_new
  for each statement execute function stat_balance_apply()
--> statement-breakpoint
drop trigger if exists stat_balance_delete on balance_operations
--> statement-breakpoint
create trigger stat_balance_delete after delete on balance_operations
  referencing old table as stat_balance_old
  for each statement execute function stat_balance_apply()
--> statement-breakpoint
drop trigger if exists stat_balance_truncate on balance_operations
--> statement-breakpoint
create trigger stat_balance_truncate after truncate on balance_operations
  for each statement execute function stat_balance_clear()
--> statement-breakpoint
-- Backfill (idempotent): stat_balance_daily recomputed from the rows already there.
insert into stat_balance_daily as t (day, type, payment_type, currency, status_id, object_kind, count, amount, amount_azn)
select x.day, x.type, x.payment_type, x.currency, x.status_id, x.object_kind, sum(x.count), sum(x.amount), sum(x.amount_azn)
from (select (s.created_at at time zone 'Asia/Baku')::date as day, s.type as type, s.payment_type as payment_type, s.currency as currency, s.status_id as status_id, (case when s.object_model is null then 0 when s.object_model = 'declaration_payment' then 1 else 2 end)::smallint as object_kind, 1 as count, s.amount as amount, s.amount_azn as amount_azn from balance_operations s where true) x
group by 1, 2, 3, 4, 5, 6
on conflict (day, type, payment_type, currency, status_id, object_kind) do update set count = excluded.count, amount = excluded.amount, amount_azn = excluded.amount_azn
