CREATE TABLE "facet_counts" (
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "facet_counts_category_brand_pk" PRIMARY KEY("category","brand")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_brand_price_idx";--> statement-breakpoint
DROP INDEX "products_discount_idx";--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category","title","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_brand_title_idx" ON "products" USING btree ("brand","title","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_brand_price_idx" ON "products" USING btree ("category","brand","effective_price_paise","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_brand_title_idx" ON "products" USING btree ("category","brand","title","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity" desc,"discount" desc,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_low_stock_discount_idx" ON "products" USING btree ("discount" desc,"id") WHERE "products"."deleted_at" is null and "products"."total_stock" < 10;--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","effective_price_paise","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_brand_price_idx" ON "products" USING btree ("brand","effective_price_paise","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("discount" desc,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
-- Home: best average rating among reviewed products (home.service.ts orders by exactly this expression).
CREATE INDEX "products_rating_idx" ON "products" USING btree (((rating_sum)::double precision / (NULLIF(review_count, 0))::double precision) DESC, "discount" DESC, "id") WHERE "products"."deleted_at" IS NULL AND "products"."review_count" > 0;--> statement-breakpoint
-- Home: the electronics row, newest first. The pattern must equal ELECTRONICS_KEYWORDS.join('|') of @mp/shared
-- (a test checks it) so the planner matches this partial index instead of running the regex over every title.
CREATE INDEX "products_electronics_idx" ON "products" USING btree ("created_at" DESC, "id" DESC) WHERE "products"."deleted_at" IS NULL AND lower("title") ~ 'laptop|tv|printer|router|mobile|freeze|airconditioner';--> statement-breakpoint
-- Vocabulary for typo correction and facet counts, kept by triggers (docs/search-and-listing.md).
-- Inserts: one statement-level pass over the inserted rows (a 500,000-row seed costs one grouped insert).
CREATE FUNCTION "catalog_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme
    FROM new_rows n, unnest(to_tsvector('simple', n.title || ' ' || n.brand)) w
    WHERE n.deleted_at IS NULL AND w.lexeme !~ '[^[:alnum:]]'
    ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  INSERT INTO facet_counts (category, brand, n)
    SELECT category, brand, count(*)::int FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (category, brand) DO UPDATE SET n = facet_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_inserted" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_rows_inserted"();--> statement-breakpoint
CREATE FUNCTION "catalog_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE facet_counts f SET n = f.n - d.n
    FROM (SELECT category, brand, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2) d
    WHERE f.category = d.category AND f.brand = d.brand;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_deleted" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_rows_deleted"();--> statement-breakpoint
-- Edits: only rows whose title, brand, category or liveness changed (stock and counter updates never fire it).
CREATE FUNCTION "catalog_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    UPDATE facet_counts SET n = n - 1 WHERE category = OLD.category AND brand = OLD.brand;
  END IF;
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO facet_counts (category, brand, n) VALUES (NEW.category, NEW.brand, 1)
      ON CONFLICT (category, brand) DO UPDATE SET n = facet_counts.n + 1;
    INSERT INTO search_words (word)
      SELECT DISTINCT w.lexeme FROM unnest(to_tsvector('simple', NEW.title || ' ' || NEW.brand)) w
      WHERE w.lexeme !~ '[^[:alnum:]]' ORDER BY 1
    ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER UPDATE OF title, brand, category, deleted_at ON "products"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand
    OR OLD.category IS DISTINCT FROM NEW.category OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION "catalog_row_changed"();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme FROM products p, unnest(to_tsvector('simple', p.title || ' ' || p.brand)) w
  WHERE p.deleted_at IS NULL AND w.lexeme !~ '[^[:alnum:]]' ORDER BY 1
ON CONFLICT (word) DO NOTHING;--> statement-breakpoint
INSERT INTO facet_counts (category, brand, n)
  SELECT category, brand, count(*)::int FROM products WHERE deleted_at IS NULL GROUP BY 1, 2
ON CONFLICT (category, brand) DO UPDATE SET n = excluded.n;
