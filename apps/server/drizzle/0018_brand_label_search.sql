ALTER TABLE "products" ADD COLUMN "brand_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '') || ' ' || coalesce(brand_label, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
-- hand-written (carry over on merge)
-- Search matches a brand by its slug and its label (docs/search-and-listing.md, "Brands"): products.brand_label is
-- the brands table's label, set here whenever a product's brand is set; a rename relabels the brand's products in
-- batches after it commits (brand-relabel.ts). Dropping search_vector dropped its index: built again here.
CREATE FUNCTION "products_brand_label"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.brand_label := coalesce((SELECT label FROM brands WHERE id = NEW.brand), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_brand_label" BEFORE INSERT OR UPDATE OF brand ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_brand_label"();--> statement-breakpoint
-- A brand's label words join the typo-correction vocabulary when it is added or renamed.
CREATE FUNCTION "brand_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM unnest(to_tsvector('simple', NEW.label)) w
    WHERE w.lexeme !~ '[^[:alnum:]]' ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "brands_words" AFTER INSERT OR UPDATE OF label ON "brands"
  FOR EACH ROW EXECUTE FUNCTION "brand_words"();--> statement-breakpoint
UPDATE "products" p SET "brand_label" = b."label" FROM "brands" b
  WHERE b."id" = p."brand" AND p."brand_label" IS DISTINCT FROM b."label";--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme FROM brands b, unnest(to_tsvector('simple', b.label)) w
  WHERE w.lexeme !~ '[^[:alnum:]]' ORDER BY 1
ON CONFLICT (word) DO NOTHING;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate=false);
