CREATE TABLE "category_return_policies" (
	"category" text PRIMARY KEY NOT NULL,
	"window_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_state_check" CHECK ("sms_outbox"."state" in ('pending','sent','expired'))
);
--> statement-breakpoint
ALTER TABLE "cod_parcels" DROP CONSTRAINT "cod_parcels_amount_positive";--> statement-breakpoint
ALTER TABLE "seller_ledger" DROP CONSTRAINT "seller_ledger_type_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "return_window_days" integer;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "shipping_refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "mode" text DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "tracking_ref" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "delivery_code_hash" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "delivery_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "delivery_code_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD COLUMN "payable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "cod_parcels" ADD CONSTRAINT "cod_parcels_amount_not_negative" CHECK ("cod_parcels"."amount_paise" >= 0);--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_mode_check" CHECK ("order_shipments"."mode" in ('courier','self'));--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_type_check" CHECK ("seller_ledger"."type" in ('earned','commission','commissionTax','tcs','tds','refund','payout'));