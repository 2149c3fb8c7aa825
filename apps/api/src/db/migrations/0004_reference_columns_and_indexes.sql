CREATE TABLE "currency_rates" (
	"currency_code" varchar(3) NOT NULL,
	"rate_date" date NOT NULL,
	"nominal" integer DEFAULT 1 NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"rate" numeric(16, 6) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_code_rate_date_pk" PRIMARY KEY("currency_code","rate_date")
);
--> statement-breakpoint
CREATE TABLE "customs_parcels" (
	"track_code" varchar(80) PRIMARY KEY NOT NULL,
	"package_type" smallint DEFAULT 1 NOT NULL,
	"post_status" smallint DEFAULT 0 NOT NULL,
	"fin" varchar(16),
	"importer_name" varchar(200),
	"goods_name" varchar(300),
	"quantity" integer,
	"weight" numeric(10, 3),
	"invoice_price" numeric(14, 2),
	"invoice_price_usd" numeric(14, 2),
	"currency" varchar(3),
	"airwaybill" varchar(64),
	"depesh_number" varchar(64),
	"depesh_at" timestamp with time zone,
	"reg_number" varchar(40),
	"pay_status_id" smallint,
	"declared_at" timestamp with time zone,
	"declaration_deleted_at" timestamp with time zone,
	"post" jsonb,
	"declaration" jsonb,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customs_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" varchar(20) NOT NULL,
	"declaration_id" integer,
	"track_code" varchar(80) NOT NULL,
	"json" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"status_code" integer,
	"response" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customs_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" varchar(32) NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(300) NOT NULL,
	"query" jsonb,
	"status_code" integer,
	"http_status" integer,
	"response" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"state" varchar(16) NOT NULL,
	"error" text,
	"queue_id" bigint,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaration_customs_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"track_code" varchar(80) NOT NULL,
	"code" smallint NOT NULL,
	"json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaration_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"debt_usd" numeric(14, 2) NOT NULL,
	"debt_azn" numeric(14, 2) NOT NULL,
	"package_azn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_azn" numeric(14, 2) NOT NULL,
	"cash_azn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"terminal_azn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance_usd" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance_azn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"small_package" smallint DEFAULT 0 NOT NULL,
	"medium_package" smallint DEFAULT 0 NOT NULL,
	"big_package" smallint DEFAULT 0 NOT NULL,
	"declaration_ids" jsonb NOT NULL,
	"cashier_id" integer,
	"branch_id" integer,
	"cash_register_id" integer,
	"terminal_register_id" integer,
	"handover_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"provider" smallint NOT NULL,
	"state_id" integer,
	"pin_code" varchar(16),
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_parcel_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"track_code" varchar(80) NOT NULL,
	"state_id" integer,
	"name" varchar(160) NOT NULL,
	"description" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_pin_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"old_pin" varchar(16),
	"new_pin" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"external_id" varchar(80),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_code" varchar(80) NOT NULL,
	"price" numeric(14, 2),
	"dgk_price" numeric(14, 2),
	"user_id" integer,
	"is_new" boolean DEFAULT true NOT NULL,
	"customs_id" varchar(64),
	"declaration_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(20) NOT NULL,
	"model" varchar(40) DEFAULT 'declarations' NOT NULL,
	"status_id" integer DEFAULT 131 NOT NULL,
	"user_id" integer,
	"params" jsonb NOT NULL,
	"file_path" varchar(300),
	"file_name" varchar(200),
	"rows" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_selections" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handover_task_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"declaration_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "handover_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"status_id" integer DEFAULT 41 NOT NULL,
	"user_id" integer NOT NULL,
	"cashier_id" integer,
	"branch_id" integer,
	"created_by" integer,
	"small_package" smallint DEFAULT 0 NOT NULL,
	"medium_package" smallint DEFAULT 0 NOT NULL,
	"big_package" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "balance_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"payment_type" smallint NOT NULL,
	"status_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_azn" numeric(14, 2) NOT NULL,
	"before_balance" numeric(14, 2),
	"cashback" numeric(14, 2) DEFAULT '0' NOT NULL,
	"object_model" varchar(40),
	"object_id" integer,
	"description" text,
	"created_by" integer,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cash_register_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cash_register_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	"balance_before" numeric(14, 2) NOT NULL,
	"payment_type" smallint,
	"reason" varchar(40) NOT NULL,
	"object_model" varchar(40),
	"object_id" integer,
	"customer_id" integer,
	"category_id" integer,
	"is_transfer" boolean DEFAULT false NOT NULL,
	"transfer_id" integer,
	"description" text,
	"user_id" integer,
	"operated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"interval_seconds" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"payload" jsonb,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"singleton_key" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cargoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"country_id" integer NOT NULL,
	"phone" varchar(64),
	"website" varchar(300),
	"tracking_url" varchar(300),
	"is_active" boolean DEFAULT true NOT NULL,
	"descr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cashbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"declaration_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"state_id" integer NOT NULL,
	"descr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"country_id" integer,
	"starts_at" date,
	"ends_at" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"descr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"declaration_id" integer,
	"return_reason_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'AZN' NOT NULL,
	"state_id" integer NOT NULL,
	"descr" text,
	"causer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"branch_id" integer,
	"courier_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"descr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "return_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(160) NOT NULL,
	"return_reason_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "container_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"from_container_id" integer,
	"to_container_id" integer,
	"user_id" integer,
	"branch_id" integer,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_user_idx";--> statement-breakpoint
ALTER TABLE "cash_registers" ADD COLUMN "balance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "open_hour" varchar(5);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "close_hour" varchar(5);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "open_hour_saturday" varchar(5);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "close_hour_saturday" varchar(5);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "province_name" varchar(120);--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "city_name" varchar(120);--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "min_size" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "address_heading" varchar(160);--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "box" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "sms_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "zero_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "zero_send" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "full_declaration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "customs_parent_id" varchar(32);--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_names" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tariff_categories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "is_partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "company_id" integer;--> statement-breakpoint
CREATE INDEX "currency_rates_date_idx" ON "currency_rates" USING btree ("rate_date");--> statement-breakpoint
CREATE INDEX "customs_parcels_added_idx" ON "customs_parcels" USING btree ("added_at" DESC NULLS LAST,"track_code");--> statement-breakpoint
CREATE INDEX "customs_parcels_reg_idx" ON "customs_parcels" USING btree ("reg_number");--> statement-breakpoint
CREATE INDEX "customs_parcels_fin_idx" ON "customs_parcels" USING btree ("fin");--> statement-breakpoint
CREATE INDEX "customs_queue_created_idx" ON "customs_queue" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customs_queue_due_idx" ON "customs_queue" USING btree ("retry_at","id") WHERE "customs_queue"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "customs_queue_track_idx" ON "customs_queue" USING btree ("track_code","action");--> statement-breakpoint
CREATE UNIQUE INDEX "customs_queue_add_once_key" ON "customs_queue" USING btree ("track_code") WHERE "customs_queue"."action" in ('add', 'add_commercial') and "customs_queue"."status" in ('queued', 'sending', 'sent');--> statement-breakpoint
CREATE INDEX "customs_tasks_created_idx" ON "customs_tasks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customs_tasks_action_idx" ON "customs_tasks" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customs_tasks_queue_idx" ON "customs_tasks" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "declaration_customs_states_declaration_idx" ON "declaration_customs_states" USING btree ("declaration_id","created_at");--> statement-breakpoint
CREATE INDEX "declaration_customs_states_track_idx" ON "declaration_customs_states" USING btree ("track_code","created_at");--> statement-breakpoint
CREATE INDEX "declaration_payments_user_idx" ON "declaration_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "declaration_payments_created_idx" ON "declaration_payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_logs_declaration_key" ON "marketplace_logs" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "marketplace_logs_provider_idx" ON "marketplace_logs" USING btree ("provider","state_id","declaration_id");--> statement-breakpoint
CREATE INDEX "marketplace_parcel_states_track_idx" ON "marketplace_parcel_states" USING btree ("track_code","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_pin_changes_declaration_idx" ON "marketplace_pin_changes" USING btree ("declaration_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_pin_changes_pending_idx" ON "marketplace_pin_changes" USING btree ("id") WHERE "marketplace_pin_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "post_declarations_created_idx" ON "post_declarations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_declarations_user_idx" ON "post_declarations" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_declarations_declaration_idx" ON "post_declarations" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "post_declarations_customs_idx" ON "post_declarations" USING btree ("customs_id");--> statement-breakpoint
CREATE INDEX "post_declarations_price_idx" ON "post_declarations" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "post_declarations_dgk_price_idx" ON "post_declarations" USING btree ("dgk_price","id");--> statement-breakpoint
CREATE INDEX "post_declarations_track_code_idx" ON "post_declarations" USING btree ("track_code","id");--> statement-breakpoint
CREATE INDEX "post_declarations_track_code_trgm" ON "post_declarations" USING gin ("track_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "export_tasks_user_idx" ON "export_tasks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "handover_task_items_task_idx" ON "handover_task_items" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "handover_task_items_declaration_idx" ON "handover_task_items" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "handover_tasks_open_idx" ON "handover_tasks" USING btree ("branch_id","status_id","id") WHERE "handover_tasks"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "handover_tasks_user_idx" ON "handover_tasks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "balance_operations_user_idx" ON "balance_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_operations_created_idx" ON "balance_operations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "balance_operations_object_idx" ON "balance_operations" USING btree ("object_model","object_id");--> statement-breakpoint
CREATE INDEX "cash_register_entries_register_idx" ON "cash_register_entries" USING btree ("cash_register_id","operated_at");--> statement-breakpoint
CREATE INDEX "cash_register_entries_object_idx" ON "cash_register_entries" USING btree ("object_model","object_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("id") WHERE "jobs"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "cashbacks_user_idx" ON "cashbacks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "container_transfers_declaration_idx" ON "container_transfers" USING btree ("declaration_id","created_at");--> statement-breakpoint
CREATE INDEX "container_transfers_created_idx" ON "container_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "declarations_partner_created_idx" ON "declarations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"partner_id") WHERE "declarations"."deleted_at" is null and "declarations"."partner_id" is not null;--> statement-breakpoint
CREATE INDEX "declarations_provider_created_idx" ON "declarations" USING btree ("trendyol","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "declarations"."deleted_at" is null and "declarations"."trendyol" <> 0;--> statement-breakpoint
CREATE INDEX "declarations_deleted_idx" ON "declarations" USING btree ("deleted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "declarations"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "declarations_archive_idx" ON "declarations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status_id") WHERE "declarations"."deleted_at" is null and "declarations"."status_id" in (10, 12);--> statement-breakpoint
CREATE INDEX "status_history_created_idx" ON "status_history" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "status_history_user_idx" ON "status_history" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "status_history_state_idx" ON "status_history" USING btree ("state_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "containers_branch_idx" ON "containers" USING btree ("branch_id","is_partner");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);