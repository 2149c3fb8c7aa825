CREATE TABLE "user_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"descr" text,
	"discount_date" date NOT NULL,
	"causer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	"canceled_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "user_discounts" ADD CONSTRAINT "user_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_discounts_user_idx" ON "user_discounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_discounts_active_idx" ON "user_discounts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "user_discounts"."canceled_at" is null;