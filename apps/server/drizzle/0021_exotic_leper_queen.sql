CREATE TABLE "cod_refund_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"destination" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"fund_account_id" text,
	"payout_id" text,
	"failure_reason" text,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_refund_payouts_state_check" CHECK ("cod_refund_payouts"."state" in ('queued','processing','processed','failed')),
	CONSTRAINT "cod_refund_payouts_amount_positive" CHECK ("cod_refund_payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"from_name" text NOT NULL,
	"from_phone" text NOT NULL,
	"from_address" text NOT NULL,
	"from_city" text NOT NULL,
	"from_state" text NOT NULL,
	"from_pincode" text NOT NULL,
	"to_address" text,
	"to_pincode" text,
	"to_name" text NOT NULL,
	"to_phone" text NOT NULL,
	"items" jsonb NOT NULL,
	"weight_grams" integer NOT NULL,
	"box" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_error" text,
	"courier_shipment_id" text,
	"awb" text,
	"courier_name" text,
	"tracking_url" text,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_pickups_state_check" CHECK ("return_pickups"."state" in ('queued','scheduled','pickedUp','delivered','failed','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "cod_refund_payouts" ADD CONSTRAINT "cod_refund_payouts_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_refund_payouts_return_unique" ON "cod_refund_payouts" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_refund_payouts_payout_unique" ON "cod_refund_payouts" USING btree ("payout_id") WHERE "cod_refund_payouts"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "cod_refund_payouts_due_idx" ON "cod_refund_payouts" USING btree ("next_attempt_at") WHERE "cod_refund_payouts"."state" in ('queued', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_return_unique" ON "return_pickups" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_awb_unique" ON "return_pickups" USING btree ("awb") WHERE "return_pickups"."awb" is not null;--> statement-breakpoint
CREATE INDEX "return_pickups_due_idx" ON "return_pickups" USING btree ("next_attempt_at") WHERE "return_pickups"."state" = 'queued';