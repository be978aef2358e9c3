ALTER TABLE "banners" ADD COLUMN "mobile_image" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "subtitle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "cta_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "cta_link" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "list_price_paise" integer;--> statement-breakpoint
CREATE INDEX "products_live_created_idx" ON "products" USING btree ("created_at" desc,"id" desc) WHERE "products"."deleted_at" is null;