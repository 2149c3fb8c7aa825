CREATE TABLE "order_debts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"param" varchar(20) NOT NULL,
	"amount_previous" numeric(14, 2) NOT NULL,
	"amount_current" numeric(14, 2) NOT NULL,
	"amount_difference" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"description" text,
	"balance_operation_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_code" varchar(80),
	"user_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"url" text NOT NULL,
	"shop_name" varchar(160),
	"product_type_id" integer,
	"color" varchar(120),
	"size" varchar(120),
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"cargo_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"service_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"descr" text,
	"coupon_id" integer,
	"status_id" integer DEFAULT 5 NOT NULL,
	"payed" boolean DEFAULT false NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_at" timestamp with time zone,
	"returned" boolean DEFAULT false NOT NULL,
	"client_descr" text,
	"executive_id" integer,
	"declaration_id" integer,
	"waiting" timestamp with time zone,
	"is_new" boolean DEFAULT true NOT NULL,
	"preview" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "declaration_payment_stats_daily" (
	"day" date NOT NULL,
	"payment_type" smallint NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"parcels" integer DEFAULT 0 NOT NULL,
	"debt_usd" numeric(16, 2) DEFAULT '0' NOT NULL,
	"debt_azn" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_azn" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "declaration_payment_stats_daily_day_payment_type_pk" PRIMARY KEY("day","payment_type")
);
--> statement-breakpoint
CREATE TABLE "stat_balance_daily" (
	"day" date NOT NULL,
	"type" smallint NOT NULL,
	"payment_type" smallint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status_id" integer NOT NULL,
	"object_kind" smallint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_balance_daily_day_type_payment_type_currency_status_id_object_kind_pk" PRIMARY KEY("day","type","payment_type","currency","status_id","object_kind")
);
--> statement-breakpoint
CREATE TABLE "stat_customers_daily" (
	"day" date NOT NULL,
	"branch_id" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_customers_daily_day_branch_id_pk" PRIMARY KEY("day","branch_id")
);
--> statement-breakpoint
CREATE TABLE "stat_declaration_moves_daily" (
	"day" date NOT NULL,
	"state_id" integer NOT NULL,
	"partner_id" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_declaration_moves_daily_day_state_id_partner_id_pk" PRIMARY KEY("day","state_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "stat_declarations_daily" (
	"day" date NOT NULL,
	"status_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"branch_id" integer DEFAULT 0 NOT NULL,
	"partner_id" integer DEFAULT 0 NOT NULL,
	"plan_category_id" integer DEFAULT 0 NOT NULL,
	"customs" boolean NOT NULL,
	"boxed" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"delivery_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_declarations_daily_day_status_id_country_id_branch_id_partner_id_plan_category_id_customs_boxed_pk" PRIMARY KEY("day","status_id","country_id","branch_id","partner_id","plan_category_id","customs","boxed")
);
--> statement-breakpoint
CREATE TABLE "stat_orders_daily" (
	"day" date NOT NULL,
	"status_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"executive_id" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_orders_daily_day_status_id_country_id_executive_id_currency_pk" PRIMARY KEY("day","status_id","country_id","executive_id","currency")
);
--> statement-breakpoint
CREATE INDEX "order_debts_order_idx" ON "order_debts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_status_sort_idx" ON "orders" USING btree ("status_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_sort_idx" ON "orders" USING btree ("user_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_price_idx" ON "orders" USING btree ("price","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_cargo_price_idx" ON "orders" USING btree ("cargo_price","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_quantity_idx" ON "orders" USING btree ("quantity","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("waiting","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_declaration_idx" ON "orders" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "orders_track_code_idx" ON "orders" USING btree ("track_code");--> statement-breakpoint
CREATE INDEX "orders_track_code_trgm" ON "orders" USING gin ("track_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_shop_name_trgm" ON "orders" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_executive_idx" ON "orders" USING btree ("executive_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_stats_idx" ON "orders" USING btree ("created_at","status_id","country_id","executive_id","currency","price","quantity","cargo_price") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_unread_idx" ON "orders" USING btree ("status_id") WHERE is_new and deleted_at is null;
--> statement-breakpoint
-- migrations-extra/20-statistics.sql
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
--> statement-breakpoint
-- migrations-extra/21-statistics-pages.sql
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
