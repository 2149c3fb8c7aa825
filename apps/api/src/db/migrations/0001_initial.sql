CREATE TABLE "declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_code" varchar(40) NOT NULL,
	"global_track_code" varchar(80),
	"user_id" integer,
	"country_id" integer NOT NULL,
	"status_id" integer DEFAULT 7 NOT NULL,
	"branch_id" integer,
	"flight_id" integer,
	"parcel_id" integer,
	"container_id" integer,
	"basket_id" integer,
	"product_type_id" integer,
	"plan_category_id" integer,
	"tariff_id" integer,
	"shop_name" varchar(160),
	"weight" numeric(10, 2),
	"height" numeric(10, 2),
	"width" numeric(10, 2),
	"depth" numeric(10, 2),
	"price" numeric(14, 2),
	"delivery_price" numeric(14, 2),
	"quantity" integer DEFAULT 1 NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"is_commercial" boolean DEFAULT false NOT NULL,
	"payed" boolean DEFAULT false NOT NULL,
	"customs" boolean DEFAULT false NOT NULL,
	"returned" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"requires_declaration" boolean DEFAULT false NOT NULL,
	"wardrobe_number" varchar(32),
	"voen" varchar(32),
	"awb" varchar(64),
	"description" text,
	"trendyol" smallint DEFAULT 0 NOT NULL,
	"partner_id" integer,
	"causer_id" integer,
	"delivery_point_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"country_id" integer NOT NULL,
	"status_id" integer DEFAULT 29 NOT NULL,
	"trendyol" smallint DEFAULT 0 NOT NULL,
	"airwaybill" varchar(64),
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"flight_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" varchar(120) NOT NULL,
	"entity" varchar(60),
	"entity_id" varchar(60),
	"method" varchar(8),
	"path" varchar(300),
	"status_code" smallint,
	"ip" varchar(64),
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"object_id" integer NOT NULL,
	"from_state_id" integer,
	"state_id" integer NOT NULL,
	"user_id" integer,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"company_id" integer,
	"parent_id" integer,
	"descr" text,
	"is_branch" boolean DEFAULT true NOT NULL,
	"hide" boolean DEFAULT false NOT NULL,
	"is_region_branch" boolean DEFAULT false NOT NULL,
	"latitude" varchar(15),
	"longitude" varchar(15),
	"map_url" text,
	"map_address" text,
	"sorting_letter" varchar(5),
	"working_hours" varchar(120),
	"address" text,
	"email" varchar(190),
	"phone" varchar(64),
	"post_code" varchar(16),
	"state_id" integer DEFAULT 85 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"descr" text,
	"is_owner" boolean DEFAULT false NOT NULL,
	"contact" varchar(120),
	"state_id" integer DEFAULT 85 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_name" varchar(80) NOT NULL,
	"abbr" varchar(8),
	"country_code" varchar(8),
	"descr" text,
	"currency" varchar(8) NOT NULL,
	"currency_type" varchar(3) NOT NULL,
	"unit" varchar(3) DEFAULT 'KG' NOT NULL,
	"address" text,
	"carrier_company_name" varchar(160),
	"carrier_company_phone" varchar(64),
	"carrier_company_address" text,
	"state_id" integer,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_warehouse" boolean DEFAULT true NOT NULL,
	"is_order" boolean DEFAULT true NOT NULL,
	"is_declaration" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_name" varchar(60) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"currency_rate" numeric(14, 4) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_currency_code_unique" UNIQUE("currency_code")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_az" varchar(160) NOT NULL,
	"name_en" varchar(160),
	"name_ru" varchar(160),
	"name_tr" varchar(160),
	"parent_id" integer,
	"customs_id" varchar(32),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"group_id" varchar(40) NOT NULL,
	"key" varchar(80) NOT NULL,
	"value" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_group_id_key_pk" PRIMARY KEY("group_id","key")
);
--> statement-breakpoint
CREATE TABLE "shop_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(160) NOT NULL,
	"country_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_en" varchar(120),
	"parent_id" integer,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"freely" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statuses_model_id_id_pk" PRIMARY KEY("model_id","id")
);
--> statement-breakpoint
CREATE TABLE "tariff_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"descr" text,
	"country_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"weight_from" numeric(10, 3) NOT NULL,
	"weight_to" numeric(10, 3),
	"price" numeric(14, 2) NOT NULL,
	"old_price" numeric(14, 2),
	"type" smallint DEFAULT 2 NOT NULL,
	"category_id" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_name" varchar(80) NOT NULL,
	"name" varchar(160) NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "operations_code_name_unique" UNIQUE("code_name")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by_id" integer,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	CONSTRAINT "user_permissions_user_id_operation_id_pk" PRIMARY KEY("user_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16),
	"name" varchar(100) NOT NULL,
	"surname" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(190),
	"password_hash" text,
	"admin" smallint DEFAULT 0 NOT NULL,
	"admin_branch_id" integer,
	"delivery_point_id" integer,
	"branch_id" integer,
	"company_id" integer,
	"cashbox_id" integer,
	"phone" varchar(32),
	"gender" varchar(8),
	"birth_date" date,
	"passport_number" varchar(32),
	"fin" varchar(16),
	"address" text,
	"balance_usd" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance_try" numeric(14, 2) DEFAULT '0' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"send_mail" boolean DEFAULT false NOT NULL,
	"send_sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"branch_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_track_code_key" ON "declarations" USING btree ("track_code");--> statement-breakpoint
CREATE INDEX "declarations_created_idx" ON "declarations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status_id","country_id","branch_id","user_id") WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_user_created_idx" ON "declarations" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_status_created_idx" ON "declarations" USING btree ("status_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"country_id") WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_flight_idx" ON "declarations" USING btree ("flight_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_container_idx" ON "declarations" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "declarations_parcel_idx" ON "declarations" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "declarations_weight_idx" ON "declarations" USING btree ("weight","id") WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_price_idx" ON "declarations" USING btree ("price","id") WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_delivery_price_idx" ON "declarations" USING btree ("delivery_price","id") WHERE "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_unread_idx" ON "declarations" USING btree ("id") WHERE "declarations"."is_new" and "declarations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "declarations_track_code_trgm" ON "declarations" USING gin ("track_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "declarations_global_track_code_trgm" ON "declarations" USING gin ("global_track_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flights_name_idx" ON "flights" USING btree ("name");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "status_history_object_idx" ON "status_history" USING btree ("model_id","object_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_code_key" ON "users" USING btree ("code");--> statement-breakpoint
CREATE INDEX "users_admin_idx" ON "users" USING btree ("admin");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (("name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_name_idx" ON "containers" USING btree ("name");