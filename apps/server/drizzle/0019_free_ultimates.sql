ALTER TABLE "order_shipments" ADD COLUMN "mode" text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "tracking_ref" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "delivery_code_hash" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "delivery_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "delivery_code_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_mode_check" CHECK ("order_shipments"."mode" in ('courier','self'));