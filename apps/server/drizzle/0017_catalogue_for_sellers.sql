CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"spelling" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"merged_into" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_spelling_unique" UNIQUE("spelling"),
	CONSTRAINT "brands_status_check" CHECK ("brands"."status" in ('active','hidden','pending'))
);
--> statement-breakpoint
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
ALTER TABLE "products" ADD COLUMN "brand_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "slug" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "banner" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_merged_into_brands_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notifications" ADD CONSTRAINT "seller_notifications_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_notifications_dedupe_unique" ON "seller_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "seller_notifications_list_idx" ON "seller_notifications" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "seller_notifications_unread_idx" ON "seller_notifications" USING btree ("seller_id") WHERE "seller_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "products_brand_pending_idx" ON "products" USING btree ("brand") WHERE "products"."brand_pending";--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_slug_unique" ON "sellers" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_low_stock_threshold_range" CHECK ("sellers"."low_stock_threshold" >= 0);--> statement-breakpoint
-- hand-written (carry over on merge)
-- The brands the shop started with (BRANDS of @mp/shared, plus Unbranded and Generic), then any other brand a
-- product already holds, so every products.brand names a row (docs/search-and-listing.md, "Brands").
INSERT INTO "brands" ("id", "label", "spelling") VALUES
  ('nike', 'Nike', 'nike'),
  ('adidas', 'Adidas', 'adidas'),
  ('puma', 'Puma', 'puma'),
  ('levi', 'Levi''s', 'levis'),
  ('zara', 'Zara', 'zara'),
  ('h&m', 'H&M', 'hm'),
  ('apple', 'Apple', 'apple'),
  ('samsung', 'Samsung', 'samsung'),
  ('oneplus', 'OnePlus', 'oneplus'),
  ('xiaomi', 'Xiaomi', 'xiaomi'),
  ('realme', 'Realme', 'realme'),
  ('vivo', 'Vivo', 'vivo'),
  ('oppo', 'Oppo', 'oppo'),
  ('motorola', 'Motorola', 'motorola'),
  ('tecno', 'Tecno', 'tecno'),
  ('boat', 'boAt', 'boat'),
  ('noise', 'Noise', 'noise'),
  ('fastrack', 'Fastrack', 'fastrack'),
  ('casio', 'Casio', 'casio'),
  ('philips', 'Philips', 'philips'),
  ('panasonic', 'Panasonic', 'panasonic'),
  ('godrej', 'Godrej', 'godrej'),
  ('voltas', 'Voltas', 'voltas'),
  ('bluestar', 'Blue Star', 'bluestar'),
  ('lg', 'LG', 'lg'),
  ('unbranded', 'Unbranded', 'unbranded'),
  ('generic', 'Generic', 'generic')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "brands" ("id", "label", "spelling")
  SELECT DISTINCT ON (s.spelling) s.brand, s.brand, s.spelling
  FROM (SELECT DISTINCT brand, regexp_replace(regexp_replace(lower(brand), '&|(^|[^[:alnum:]])and($|[^[:alnum:]])', ' ', 'g'), '[^[:alnum:]]', '', 'g') AS spelling
        FROM "products") s
  WHERE s.spelling <> ''
  ORDER BY s.spelling, s.brand
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- hand-written (carry over on merge)
-- every existing seller gets its store address from its name (lower case, letters and digits, words joined by
-- hyphens, at most 60 characters; "store" when nothing is left), the oldest keeping the plain form and later
-- namesakes a suffix from their id (docs/seo-and-email.md, "Store pages")
WITH base AS (
  SELECT id, created_at,
    coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower(storename), '[^a-z0-9]+', '-', 'g'), 60)), ''), 'store') AS b
  FROM sellers
), numbered AS (
  SELECT id, b, row_number() OVER (PARTITION BY b ORDER BY created_at, id) AS n FROM base
)
UPDATE sellers s
SET slug = CASE WHEN numbered.n = 1 THEN numbered.b ELSE numbered.b || '-' || left(replace(s.id::text, '-', ''), 8) END
FROM numbered
WHERE numbered.id = s.id;
