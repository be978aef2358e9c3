DROP INDEX "products_seller_idx";--> statement-breakpoint
-- several pictures per product (docs/images.md): every existing product keeps its one picture as the first
ALTER TABLE "products" ADD COLUMN "images" text[];--> statement-breakpoint
UPDATE "products" SET "images" = ARRAY["image"];--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "images" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "products_seller_price_idx" ON "products" USING btree ("seller_id","effective_price_paise","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_title_idx" ON "products" USING btree ("seller_id","title","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_images_check" CHECK (cardinality("products"."images") between 1 and 8 and "products"."images"[1] = "products"."image");