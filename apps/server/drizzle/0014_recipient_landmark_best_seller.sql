ALTER TABLE "addresses" ALTER COLUMN "notes" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "recipient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_seller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_best_seller_idx" ON "products" USING btree ("id") WHERE "products"."best_seller";--> statement-breakpoint
-- backfill (hand-written)
-- addresses from before the recipient's name was asked go to the account's name; orders keep their buyer's name
UPDATE "addresses" AS a SET "recipient_name" = coalesce(nullif(u."full_name", ''), u."username") FROM "users" AS u WHERE u."id" = a."user_id" AND a."recipient_name" = '';--> statement-breakpoint
UPDATE "orders" SET "recipient_name" = "buyer_name" WHERE "recipient_name" = '';
