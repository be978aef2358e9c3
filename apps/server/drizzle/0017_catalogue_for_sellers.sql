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
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"source" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"seller_id" uuid,
	"sku" text,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_paise" integer NOT NULL,
	"sale_price_paise" integer,
	"discount" integer DEFAULT 0 NOT NULL,
	"effective_price_paise" integer GENERATED ALWAYS AS (coalesce(nullif(sale_price_paise, 0), price_paise)) STORED NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_paise" > 0),
	CONSTRAINT "product_variants_sale_price_range" CHECK ("product_variants"."sale_price_paise" is null or ("product_variants"."sale_price_paise" >= 0 and "product_variants"."sale_price_paise" <= "product_variants"."price_paise")),
	CONSTRAINT "product_variants_discount_range" CHECK ("product_variants"."discount" between 0 and 100),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0)
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
DROP INDEX "cart_items_cart_product_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_effective_price_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "slug" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "banner" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_merged_into_brands_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notifications" ADD CONSTRAINT "seller_notifications_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_seller_idx" ON "import_jobs" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_due_idx" ON "import_jobs" USING btree ("created_at") WHERE "import_jobs"."status" in ('queued','running');--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_unique" ON "product_variants" USING btree ("product_id","option_values") WHERE "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_seller_sku_unique" ON "product_variants" USING btree ("seller_id","sku") WHERE "product_variants"."sku" is not null and "product_variants"."seller_id" is not null and "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_admin_sku_unique" ON "product_variants" USING btree ("sku") WHERE "product_variants"."sku" is not null and "product_variants"."seller_id" is null and "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_notifications_dedupe_unique" ON "seller_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "seller_notifications_list_idx" ON "seller_notifications" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "seller_notifications_unread_idx" ON "seller_notifications" USING btree ("seller_id") WHERE "seller_notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_variant_unique" ON "cart_items" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "products_brand_pending_idx" ON "products" USING btree ("brand") WHERE "products"."brand_pending";--> statement-breakpoint
CREATE INDEX "products_sizes_idx" ON "products" USING gin ("sizes") WHERE "products"."deleted_at" is null;--> statement-breakpoint
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
--> statement-breakpoint
-- hand-written (carry over on merge)
-- Every existing product becomes one default variant with its price, sale price, discount and stock; carts and
-- order lines point at it (docs/orders-and-stock.md, "Variants").
INSERT INTO "product_variants" ("product_id", "seller_id", "price_paise", "sale_price_paise", "discount", "stock")
SELECT "id", "seller_id", "price_paise", "sale_price_paise", "discount", "total_stock" FROM "products";--> statement-breakpoint
UPDATE "products" SET "max_effective_price_paise" = "effective_price_paise";--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id";--> statement-breakpoint
UPDATE "order_lines" l SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = l."product_id";--> statement-breakpoint
-- A product inserted without options is sold as one default variant made of its own price and stock, whoever
-- inserts it (the product service, the seed, an import, a test).
CREATE FUNCTION products_max_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.max_effective_price_paise := greatest(NEW.max_effective_price_paise, coalesce(nullif(NEW.sale_price_paise, 0), NEW.price_paise));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_max_price BEFORE INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION products_max_price();--> statement-breakpoint
CREATE FUNCTION products_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.options = '[]'::jsonb THEN
    INSERT INTO product_variants (product_id, seller_id, price_paise, sale_price_paise, discount, stock)
    VALUES (NEW.id, NEW.seller_id, NEW.price_paise, NEW.sale_price_paise, NEW.discount, NEW.total_stock);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_default_variant AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION products_default_variant();--> statement-breakpoint
-- The product row stays the listing's row: its stock is the sum of its live variants' stock, its prices those of
-- the cheapest (by effective price), max_effective_price_paise the dearest's, sizes the in-stock Size values. The
-- product row is locked first, then its variants are read by a new statement (a new snapshot under READ
-- COMMITTED), so two transactions changing two variants of one product both count the other's change. Columns
-- are written only when they change: a sale writes total_stock alone and stays a HOT update.
CREATE FUNCTION product_variants_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid := coalesce(NEW.product_id, OLD.product_id);
BEGIN
  -- the default variant products_default_variant writes copies its product: nothing to sync
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  PERFORM 1 FROM products WHERE id = pid FOR UPDATE;
  UPDATE products p SET
    total_stock = a.stock,
    price_paise = a.price_paise,
    sale_price_paise = a.sale_price_paise,
    discount = a.discount,
    max_effective_price_paise = a.max_price,
    sizes = a.sizes
  FROM (
    SELECT
      sum(v.stock)::int AS stock,
      (array_agg(v.price_paise ORDER BY v.effective_price_paise, v.position, v.id))[1] AS price_paise,
      (array_agg(v.sale_price_paise ORDER BY v.effective_price_paise, v.position, v.id))[1] AS sale_price_paise,
      (array_agg(v.discount ORDER BY v.effective_price_paise, v.position, v.id))[1] AS discount,
      max(v.effective_price_paise) AS max_price,
      coalesce(array_agg(DISTINCT v.option_values[s.i]) FILTER (WHERE s.i IS NOT NULL AND v.stock > 0), '{}') AS sizes
    FROM product_variants v
    LEFT JOIN LATERAL (
      SELECT e.i::int AS i
      FROM products pp, jsonb_array_elements(pp.options) WITH ORDINALITY AS e(o, i)
      WHERE pp.id = pid AND lower(e.o->>'name') = 'size'
      LIMIT 1
    ) s ON true
    WHERE v.product_id = pid AND v.deleted_at IS NULL
    HAVING count(*) > 0
  ) a
  WHERE p.id = pid
    AND (p.total_stock, p.price_paise, p.sale_price_paise, p.discount, p.max_effective_price_paise, p.sizes)
      IS DISTINCT FROM (a.stock, a.price_paise, a.sale_price_paise, a.discount, a.max_price, a.sizes);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_sync AFTER INSERT OR UPDATE OR DELETE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION product_variants_sync();
