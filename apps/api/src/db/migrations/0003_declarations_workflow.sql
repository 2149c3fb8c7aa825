CREATE TABLE "conflicted_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_code" varchar(80) NOT NULL,
	"global_track_code" varchar(80),
	"user_id" integer,
	"country_id" integer NOT NULL,
	"status_id" integer DEFAULT 90 NOT NULL,
	"branch_id" integer,
	"basket_id" integer,
	"product_type_id" integer,
	"shop_name" varchar(160),
	"weight" numeric(10, 2),
	"price" numeric(14, 2),
	"quantity" integer,
	"type" smallint DEFAULT 2 NOT NULL,
	"description" text,
	"document_path" varchar(300),
	"declaration_id" integer,
	"causer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "declaration_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"return_reason_id" integer NOT NULL,
	"return_delivery_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"return_declaration_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"return_percent" smallint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(160) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "document_path" varchar(300);--> statement-breakpoint
CREATE INDEX "conflicted_declarations_open_idx" ON "conflicted_declarations" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "conflicted_declarations"."deleted_at" is null and "conflicted_declarations"."declaration_id" is null;--> statement-breakpoint
CREATE INDEX "conflicted_declarations_track_code_trgm" ON "conflicted_declarations" USING gin ("track_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "declaration_returns_declaration_idx" ON "declaration_returns" USING btree ("declaration_id");