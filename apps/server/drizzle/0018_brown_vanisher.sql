CREATE TABLE "delivery_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"shipping_paise" integer DEFAULT 0 NOT NULL,
	"zone" text,
	"billed_grams" integer DEFAULT 0 NOT NULL,
	"promised_date" date,
	"delivery_pincode" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"courier_shipment_id" text,
	"awb" text,
	"courier_name" text,
	"pickup_date" date,
	"tracking_state" text,
	"tracking_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_status_check" CHECK ("order_shipments"."status" in ('awaiting','creating','created','failed'))
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"shipment_id" uuid NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_shipment_id_state_pk" PRIMARY KEY("shipment_id","state")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" smallint;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_pincode" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "dispatch_days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "dispatch_cutoff" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_order_seller" ON "order_shipments" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_awb" ON "order_shipments" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "order_shipments_due_idx" ON "order_shipments" USING btree ("next_attempt_at") WHERE "order_shipments"."status" = 'creating';