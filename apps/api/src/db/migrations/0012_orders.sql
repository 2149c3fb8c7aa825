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
CREATE INDEX "order_debts_order_idx" ON "order_debts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_declaration_idx" ON "orders" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "orders_track_code_idx" ON "orders" USING btree ("track_code");--> statement-breakpoint
CREATE INDEX "orders_executive_idx" ON "orders" USING btree ("executive_id","created_at");