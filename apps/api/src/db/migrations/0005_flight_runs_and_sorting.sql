CREATE TABLE "flight_package_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"executed" boolean DEFAULT false NOT NULL,
	"input" jsonb NOT NULL,
	"output" jsonb,
	"elapsed_ms" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_totals" (
	"flight_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"product_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"delivery_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_sortings" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"flight_id" integer NOT NULL,
	"branch_id" integer,
	"sorted_by" integer,
	"sorted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customs_parcels" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "this_month" varchar(7);--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "volume" numeric(12, 3);--> statement-breakpoint
CREATE INDEX "flight_package_runs_flight_idx" ON "flight_package_runs" USING btree ("flight_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_sortings_declaration_key" ON "parcel_sortings" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "parcel_sortings_flight_idx" ON "parcel_sortings" USING btree ("flight_id","sorted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customs_parcels_declaration_deleted_idx" ON "customs_parcels" USING btree ("declaration_deleted_at" DESC NULLS LAST,"track_code") WHERE "customs_parcels"."declaration_deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "parcels_flight_idx" ON "parcels" USING btree ("flight_id");
--> statement-breakpoint
-- migrations-extra/flight_totals.sql
-- flight_totals (db/schema/flights.ts) kept by the database: per-statement triggers on declarations
-- add the new rows' and subtract the old rows' contributions in one grouped upsert. A live parcel is
-- a declaration with deleted_at is null (as in the lists); completed = status 10 (handed over).
-- Rows are upserted in flight_id order, so concurrent statements lock flight_totals rows in one order.
-- UPDATE: old and new rows are summed per flight and flights whose figures did not change are
-- skipped (HAVING), so an update that leaves flight, status 10, weight, prices and deletion alone
-- (most status changes, edits of other columns) writes nothing.
create or replace function flight_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into flight_totals as t (flight_id, count, completed, weight, product_price, delivery_price, updated_at)
    select n.flight_id, count(*), count(*) filter (where n.status_id = 10),
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
    select o.flight_id, -count(*), -count(*) filter (where o.status_id = 10),
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
      select n.flight_id, 1 as n, (n.status_id = 10)::int as completed, n.weight, n.price, n.delivery_price
      from flight_totals_new n where n.flight_id is not null and n.deleted_at is null
      union all
      select o.flight_id, -1, -(o.status_id = 10)::int, -o.weight, -o.price, -o.delivery_price
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
-- TRUNCATE fires no row or DELETE triggers: it empties the totals as well.
create or replace function flight_totals_clear() returns trigger language plpgsql as $$
begin
  delete from flight_totals;
  return null;
end
$$;
--> statement-breakpoint
drop trigger if exists declarations_flight_totals_insert on declarations;
--> statement-breakpoint
create trigger declarations_flight_totals_insert after insert on declarations
  referencing new table as flight_totals_new
  for each statement execute function flight_totals_apply();
--> statement-breakpoint
drop trigger if exists declarations_flight_totals_update on declarations;
--> statement-breakpoint
create trigger declarations_flight_totals_update after update on declarations
  referencing old table as flight_totals_old new table as flight_totals_new
  for each statement execute function flight_totals_apply();
--> statement-breakpoint
drop trigger if exists declarations_flight_totals_delete on declarations;
--> statement-breakpoint
create trigger declarations_flight_totals_delete after delete on declarations
  referencing old table as flight_totals_old
  for each statement execute function flight_totals_apply();
--> statement-breakpoint
drop trigger if exists declarations_flight_totals_truncate on declarations;
--> statement-breakpoint
create trigger declarations_flight_totals_truncate after truncate on declarations
  for each statement execute function flight_totals_clear();
--> statement-breakpoint
-- Backfill (idempotent): every flight's totals recomputed from its live parcels ...
insert into flight_totals as t (flight_id, count, completed, weight, product_price, delivery_price, updated_at)
select d.flight_id, count(*), count(*) filter (where d.status_id = 10),
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
