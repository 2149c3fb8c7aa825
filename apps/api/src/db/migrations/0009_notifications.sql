CREATE TABLE "bulk_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(12) NOT NULL,
	"filters" jsonb,
	"template_id" integer,
	"title" varchar(300) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"recipients_total" integer DEFAULT 0 NOT NULL,
	"enqueued" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(12) NOT NULL,
	"user_id" integer,
	"to" varchar(400) NOT NULL,
	"subject" varchar(300),
	"body" text NOT NULL,
	"html" text,
	"model_id" integer,
	"object_id" integer,
	"template_id" integer,
	"params" jsonb,
	"bulk_id" integer,
	"event_key" varchar(200),
	"active" boolean DEFAULT true NOT NULL,
	"is_sent" boolean DEFAULT false NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_id" varchar(200),
	"provider_state" varchar(40),
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"history_id" bigint NOT NULL,
	"model_id" integer NOT NULL,
	"object_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(190) NOT NULL,
	"title" varchar(300) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"template_type_id" smallint NOT NULL,
	"model_id" integer DEFAULT 2 NOT NULL,
	"state_id" integer,
	"tariff_category_id" integer,
	"html_template_id" integer,
	"lang" varchar(8) DEFAULT 'az' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"delay" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"send_whatsapp" boolean DEFAULT false NOT NULL,
	"send_push" boolean DEFAULT false NOT NULL,
	"push_token" varchar(400),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD CONSTRAINT "user_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_sends_channel_idx" ON "bulk_sends" USING btree ("channel","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_event_key" ON "notification_messages" USING btree ("event_key","channel","to") WHERE "notification_messages"."event_key" is not null;--> statement-breakpoint
CREATE INDEX "notification_messages_channel_idx" ON "notification_messages" USING btree ("channel","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notification_messages_user_idx" ON "notification_messages" USING btree ("user_id","channel","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notification_messages_queue_idx" ON "notification_messages" USING btree ("channel","id") WHERE not "notification_messages"."is_sent";--> statement-breakpoint
CREATE INDEX "notification_messages_bulk_idx" ON "notification_messages" USING btree ("bulk_id","is_sent") WHERE "notification_messages"."bulk_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_messages_object_idx" ON "notification_messages" USING btree ("model_id","object_id");--> statement-breakpoint
CREATE INDEX "notification_messages_to_trgm" ON "notification_messages" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_templates_created_idx" ON "notification_templates" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "notification_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notification_templates_event_idx" ON "notification_templates" USING btree ("model_id","state_id","template_type_id") WHERE "notification_templates"."active" and "notification_templates"."deleted_at" is null;--> statement-breakpoint
-- Status changes that have an active template (issue 20): captured in the changing statement's own
-- transaction, whichever code path wrote status_history (one row or a set-based bulk change), then
-- turned into messages by the notifications.status-events job this trigger queues.
CREATE FUNCTION "notification_status_events_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notification_status_events" ("history_id", "model_id", "object_id", "state_id")
  SELECT n."id", n."model_id", n."object_id", n."state_id" FROM "new_rows" n
  WHERE EXISTS (
    SELECT 1 FROM "notification_templates" t
    WHERE t."model_id" = n."model_id" AND t."state_id" = n."state_id" AND t."active" AND t."deleted_at" IS NULL
  );
  IF FOUND THEN
    INSERT INTO "jobs" ("name", "payload", "max_attempts") VALUES ('notifications.status-events', 'null'::jsonb, 5);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "status_history_notifications" AFTER INSERT ON "status_history"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notification_status_events_capture"();
