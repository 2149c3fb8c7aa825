-- Money on one ledger (issue 17, decision 0009). Documents: balance_operations (customers' balance
-- operations) and cash_operations (cash-flow transactions, new). Ledgers: balance_entries (new) and
-- cash_register_entries (reshaped): immutable rows, signed, with the balance before and after.
CREATE TABLE "cash_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"cash_register_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_type" smallint,
	"category_id" integer,
	"is_transfer" boolean DEFAULT false NOT NULL,
	"transfer_cash_register_id" integer,
	"transfer_currency_id" integer,
	"transfer_amount" numeric(14, 2),
	"transfer_category_id" integer,
	"transfer_rate" numeric(18, 6),
	"reason" varchar(40) NOT NULL,
	"object_model" varchar(40),
	"object_id" integer,
	"customer_id" integer,
	"description" text,
	"user_id" integer,
	"status_id" integer DEFAULT 18 NOT NULL,
	"operated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer
);
--> statement-breakpoint
CREATE TABLE "cash_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "balance_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance_before" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"operation_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The old register rows were document and ledger at once: each becomes a cash operation with the same id.
INSERT INTO "cash_operations" ("id", "type", "cash_register_id", "currency_id", "amount", "payment_type", "category_id", "is_transfer",
  "reason", "object_model", "object_id", "customer_id", "description", "user_id", "status_id", "operated_at", "created_at", "cancelled_at")
SELECT "id", "type", "cash_register_id", "currency_id", "amount", "payment_type", "category_id", "is_transfer",
  "reason", "object_model", "object_id", "customer_id", "description", "user_id", CASE WHEN "cancelled_at" IS NULL THEN 18 ELSE 21 END,
  "operated_at", "created_at", "cancelled_at"
FROM "cash_register_entries";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('cash_operations', 'id'), coalesce((SELECT max("id") FROM "cash_operations"), 1), (SELECT max("id") FROM "cash_operations") IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "cash_register_entries" ADD COLUMN "operation_id" integer;--> statement-breakpoint
ALTER TABLE "cash_register_entries" ADD COLUMN "balance_after" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "cash_register_entries" ADD COLUMN "kind" varchar(12);--> statement-breakpoint
UPDATE "cash_register_entries" SET "operation_id" = "id", "kind" = 'post',
  "amount" = CASE WHEN "type" = 1 THEN "amount" ELSE -"amount" END,
  "balance_after" = "balance_before" + CASE WHEN "type" = 1 THEN "amount" ELSE -"amount" END;
--> statement-breakpoint
ALTER TABLE "cash_register_entries" ALTER COLUMN "operation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_register_entries" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_register_entries" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
DROP INDEX "cash_register_entries_register_idx";--> statement-breakpoint
DROP INDEX "cash_register_entries_object_idx";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "type";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "currency_id";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "payment_type";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "reason";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "object_model";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "object_id";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "customer_id";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "category_id";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "is_transfer";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "transfer_id";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "operated_at";--> statement-breakpoint
ALTER TABLE "cash_register_entries" DROP COLUMN "cancelled_at";--> statement-breakpoint
-- Existing confirmed USD/TRY balance operations become the balance ledger (running sums per customer and currency).
INSERT INTO "balance_entries" ("user_id", "currency", "amount", "balance_before", "balance_after", "operation_id", "kind", "created_by", "created_at")
SELECT o."user_id", o."currency", s.delta,
       coalesce(sum(s.delta) OVER w - s.delta, 0), sum(s.delta) OVER w, o."id", 'post', o."created_by", o."created_at"
FROM "balance_operations" o
CROSS JOIN LATERAL (SELECT CASE WHEN o."type" = 1 THEN o."amount" ELSE -o."amount" END AS delta) s
WHERE o."status_id" = 18 AND o."currency" IN ('USD', 'TRY')
WINDOW w AS (PARTITION BY o."user_id", o."currency" ORDER BY o."created_at", o."id")
ORDER BY o."created_at", o."id";
--> statement-breakpoint
CREATE INDEX "cash_operations_register_idx" ON "cash_operations" USING btree ("cash_register_id","operated_at");--> statement-breakpoint
CREATE INDEX "cash_operations_transfer_register_idx" ON "cash_operations" USING btree ("transfer_cash_register_id","operated_at");--> statement-breakpoint
CREATE INDEX "cash_operations_operated_idx" ON "cash_operations" USING btree ("operated_at");--> statement-breakpoint
CREATE INDEX "cash_operations_object_idx" ON "cash_operations" USING btree ("object_model","object_id");--> statement-breakpoint
CREATE INDEX "cash_operations_category_idx" ON "cash_operations" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "cash_register_entries_register_idx" ON "cash_register_entries" USING btree ("cash_register_id","id");--> statement-breakpoint
CREATE INDEX "cash_register_entries_operation_idx" ON "cash_register_entries" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "cash_categories_parent_idx" ON "cash_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "balance_entries_user_idx" ON "balance_entries" USING btree ("user_id","currency","id");--> statement-breakpoint
CREATE INDEX "balance_entries_operation_idx" ON "balance_entries" USING btree ("operation_id");--> statement-breakpoint
-- Ledger rows are immutable: corrections are new rows (reversals), never an UPDATE or a DELETE.
create or replace function ledger_entries_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are immutable (%): write a reversal instead', tg_table_name using errcode = 'restrict_violation';
end
$$;
--> statement-breakpoint
create trigger cash_register_entries_immutable before update or delete on cash_register_entries
  for each row execute function ledger_entries_immutable();
--> statement-breakpoint
create trigger balance_entries_immutable before update or delete on balance_entries
  for each row execute function ledger_entries_immutable();
