CREATE TABLE "cod_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"awb" text,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"remittance_reference" text,
	"remitted_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_parcels_state_check" CHECK ("cod_parcels"."state" in ('awaiting','remitted','refused')),
	CONSTRAINT "cod_parcels_amount_positive" CHECK ("cod_parcels"."amount_paise" > 0)
);
--> statement-breakpoint
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
ALTER TABLE "sellers" ADD COLUMN "accepts_cod" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_otps" ADD CONSTRAINT "cod_otps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_parcels" ADD CONSTRAINT "cod_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_otps_order_idx" ON "cod_otps" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "cod_otps_user_idx" ON "cod_otps" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_parcels_order_seller_unique" ON "cod_parcels" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_parcels_awb_unique" ON "cod_parcels" USING btree ("awb") WHERE "cod_parcels"."awb" is not null;--> statement-breakpoint
CREATE INDEX "cod_parcels_refused_idx" ON "cod_parcels" USING btree ("user_id","refused_at") WHERE "cod_parcels"."state" = 'refused';--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_provider_event_unique" ON "gateway_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "gateway_events_open_idx" ON "gateway_events" USING btree ("created_at") WHERE "gateway_events"."status" = 'received';