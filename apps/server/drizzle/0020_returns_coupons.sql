CREATE TABLE "cart_coupons" (
	"user_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_coupons_user_id_coupon_id_pk" PRIMARY KEY("user_id","coupon_id")
);
--> statement-breakpoint
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
CREATE TABLE "coupon_scopes" (
	"coupon_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "coupon_scopes_coupon_id_value_pk" PRIMARY KEY("coupon_id","value")
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"discount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_state_check" CHECK ("coupon_uses"."state" in ('reserved','redeemed','released'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"label" text,
	"funder" text NOT NULL,
	"seller_id" uuid,
	"kind" text NOT NULL,
	"percent" integer,
	"max_discount_paise" integer,
	"amount_paise" integer,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"total_uses" integer,
	"uses_per_shopper" integer DEFAULT 1 NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"discount_given_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_funder_check" CHECK ("coupons"."funder" in ('platform','seller')),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent','fixed','free_delivery')),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."scope" in ('all','categories','sellers','brands','products')),
	CONSTRAINT "coupons_funder_seller" CHECK (("coupons"."funder" = 'platform') = ("coupons"."seller_id" is null)),
	CONSTRAINT "coupons_amounts" CHECK ("coupons"."used" >= 0 and "coupons"."reserved" >= 0 and "coupons"."min_order_paise" >= 0 and coalesce("coupons"."percent", 1) between 1 and 100 and coalesce("coupons"."amount_paise", 1) > 0 and coalesce("coupons"."max_discount_paise", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"refund_paise" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" >= 1)
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
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seller_reason" text,
	"refund_to" jsonb,
	"refund_to_display" text,
	"decision_due_at" timestamp with time zone NOT NULL,
	"courier_delivered_at" timestamp with time zone,
	"refund_due_at" timestamp with time zone,
	"pickup_awb" text,
	"pickup_tracking_url" text,
	"refund_id" uuid,
	"refund_paise" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"dispute_note" text,
	"disputed_at" timestamp with time zone,
	"dispute_decision" text,
	"dispute_admin_note" text,
	"dispute_decided_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_state_check" CHECK ("returns"."state" in ('requested','approved','pickup_scheduled','picked_up','received','refunded','rejected','cancelled')),
	CONSTRAINT "returns_reason_check" CHECK ("returns"."reason" in ('damaged','defective','wrong_item','not_as_described','missing_parts','size_fit','changed_mind','better_price','no_longer_needed'))
);
--> statement-breakpoint
ALTER TABLE "seller_ledger" DROP CONSTRAINT "seller_ledger_type_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "platform_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "return_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_refund_payouts" ADD CONSTRAINT "cod_refund_payouts_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_scopes" ADD CONSTRAINT "coupon_scopes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_refund_payouts_return_unique" ON "cod_refund_payouts" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_refund_payouts_payout_unique" ON "cod_refund_payouts" USING btree ("payout_id") WHERE "cod_refund_payouts"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "cod_refund_payouts_due_idx" ON "cod_refund_payouts" USING btree ("next_attempt_at") WHERE "cod_refund_payouts"."state" in ('queued', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_order_unique" ON "coupon_uses" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_order_idx" ON "coupon_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_user_idx" ON "coupon_uses" USING btree ("user_id","coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_seller_idx" ON "coupons" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_unique" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_lines_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_return_unique" ON "return_pickups" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_awb_unique" ON "return_pickups" USING btree ("awb") WHERE "return_pickups"."awb" is not null;--> statement-breakpoint
CREATE INDEX "return_pickups_due_idx" ON "return_pickups" USING btree ("next_attempt_at") WHERE "return_pickups"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_seller_idx" ON "returns" USING btree ("seller_id","state","decision_due_at");--> statement-breakpoint
CREATE INDEX "returns_decision_due_idx" ON "returns" USING btree ("decision_due_at") WHERE "returns"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "returns_refund_due_idx" ON "returns" USING btree ("refund_due_at") WHERE "returns"."state" = 'picked_up' and "returns"."refund_due_at" is not null;--> statement-breakpoint
CREATE INDEX "returns_disputed_idx" ON "returns" USING btree ("disputed_at") WHERE "returns"."disputed_at" is not null and "returns"."dispute_decided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_refund_unique" ON "returns" USING btree ("refund_id") WHERE "returns"."refund_id" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_return_units_range" CHECK ("order_lines"."return_units" >= 0 and "order_lines"."return_units" <= "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_type_check" CHECK ("seller_ledger"."type" in ('earned','commission','commissionTax','tcs','tds','refund','payout','return_shipping'));--> statement-breakpoint
-- hand-written (carry over on merge)
CREATE FUNCTION "return_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'return_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "return_events_no_update" BEFORE UPDATE ON "return_events"
  FOR EACH ROW EXECUTE FUNCTION "return_events_append_only"();
