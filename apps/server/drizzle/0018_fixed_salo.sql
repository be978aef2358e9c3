CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payment_id" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "gateway_events_status_check" CHECK ("gateway_events"."status" in ('received','processed','ignored','unknown_order'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_provider_event_unique" ON "gateway_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "gateway_events_open_idx" ON "gateway_events" USING btree ("created_at") WHERE "gateway_events"."status" = 'received';