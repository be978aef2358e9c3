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
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
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
ALTER TABLE "order_lines" ADD COLUMN "return_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_unique" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_lines_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_seller_idx" ON "returns" USING btree ("seller_id","state","decision_due_at");--> statement-breakpoint
CREATE INDEX "returns_decision_due_idx" ON "returns" USING btree ("decision_due_at") WHERE "returns"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "returns_refund_due_idx" ON "returns" USING btree ("refund_due_at") WHERE "returns"."state" = 'picked_up' and "returns"."refund_due_at" is not null;--> statement-breakpoint
CREATE INDEX "returns_disputed_idx" ON "returns" USING btree ("disputed_at") WHERE "returns"."disputed_at" is not null and "returns"."dispute_decided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_refund_unique" ON "returns" USING btree ("refund_id") WHERE "returns"."refund_id" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_return_units_range" CHECK ("order_lines"."return_units" >= 0 and "order_lines"."return_units" <= "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_type_check" CHECK ("seller_ledger"."type" in ('earned','commission','commissionTax','tcs','tds','refund','payout','return_shipping'));
--> statement-breakpoint
-- hand-written (carry over on merge)
CREATE FUNCTION "return_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'return_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "return_events_no_update" BEFORE UPDATE ON "return_events"
  FOR EACH ROW EXECUTE FUNCTION "return_events_append_only"();
