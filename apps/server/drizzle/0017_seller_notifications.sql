CREATE TABLE "seller_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_notifications_kind_check" CHECK ("seller_notifications"."kind" in ('new_order','order_cancelled','line_rejected','refund_debited','payout_made','brand_accepted','import_finished','low_stock'))
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_notifications" ADD CONSTRAINT "seller_notifications_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_notifications_dedupe_unique" ON "seller_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "seller_notifications_list_idx" ON "seller_notifications" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "seller_notifications_unread_idx" ON "seller_notifications" USING btree ("seller_id") WHERE "seller_notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_low_stock_threshold_range" CHECK ("sellers"."low_stock_threshold" >= 0);