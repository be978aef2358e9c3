CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reference" text NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"type" text NOT NULL,
	"delta_paise" integer NOT NULL,
	"order_id" uuid,
	"order_line_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_ledger_type_check" CHECK ("seller_ledger"."type" in ('earned','commission','refund','payout'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_seller_reference_unique" ON "payouts" USING btree ("seller_id","reference");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seller_ledger_seller_idx" ON "seller_ledger" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_ledger_line_idx" ON "seller_ledger" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_ledger_line_earned_unique" ON "seller_ledger" USING btree ("order_line_id") WHERE "seller_ledger"."type" = 'earned';--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_range" CHECK ("order_lines"."refunded_paise" >= 0 and "order_lines"."refunded_paise" <= "order_lines"."line_price_paise" * "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_commission_range" CHECK ("sellers"."commission_bps" is null or ("sellers"."commission_bps" >= 0 and "sellers"."commission_bps" <= 10000));--> statement-breakpoint
UPDATE "order_lines" SET "refunded_paise" = "line_price_paise" * "quantity" WHERE "refund_id" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "seller_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'seller_ledger is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "seller_ledger_no_change" BEFORE UPDATE OR DELETE ON "seller_ledger"
  FOR EACH ROW EXECUTE FUNCTION "seller_ledger_append_only"();
