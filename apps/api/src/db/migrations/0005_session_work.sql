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
CREATE TABLE "parcel_sortings" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"flight_id" integer NOT NULL,
	"branch_id" integer,
	"sorted_by" integer,
	"sorted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "declarations_flight_idx";--> statement-breakpoint
ALTER TABLE "customs_parcels" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "this_month" varchar(7);--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "volume" numeric(12, 3);--> statement-breakpoint
CREATE INDEX "flight_package_runs_flight_idx" ON "flight_package_runs" USING btree ("flight_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_sortings_declaration_key" ON "parcel_sortings" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "parcel_sortings_flight_idx" ON "parcel_sortings" USING btree ("flight_id","sorted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customs_parcels_declaration_deleted_idx" ON "customs_parcels" USING btree ("declaration_deleted_at" DESC NULLS LAST,"track_code") WHERE "customs_parcels"."declaration_deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "parcels_flight_idx" ON "parcels" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "declarations_flight_idx" ON "declarations" USING btree ("flight_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status_id","weight","price","delivery_price") WHERE "declarations"."deleted_at" is null;