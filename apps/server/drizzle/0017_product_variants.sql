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
DROP INDEX "cart_items_cart_product_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_effective_price_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_unique" ON "product_variants" USING btree ("product_id","option_values") WHERE "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_seller_sku_unique" ON "product_variants" USING btree ("seller_id","sku") WHERE "product_variants"."sku" is not null and "product_variants"."seller_id" is not null and "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_admin_sku_unique" ON "product_variants" USING btree ("sku") WHERE "product_variants"."sku" is not null and "product_variants"."seller_id" is null and "product_variants"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_variant_unique" ON "cart_items" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "products_sizes_idx" ON "products" USING gin ("sizes") WHERE "products"."deleted_at" is null;--> statement-breakpoint
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
