-- A title holding a word of a synonym set (or its plural) also carries the set's lexeme, so a search reads one posting
-- list for the set instead of merging every word's (docs/search-and-listing.md, "Synonyms"). The sets are SEARCH_SYNONYMS
-- of @mp/shared (synonymLexeme names the lexeme); search-synonyms.api.test.ts compares this function with them.
CREATE OR REPLACE FUNCTION search_synonym_groups(title tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select array_to_tsvector(array_remove(array[
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'footwear footwears shoe shoes sneaker sneakers boot boots sandal sandals slipper slippers chappal chappals loafer loafers flipflop flipflops')) then 'syn0footwear' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'mobile mobiles phone phones smartphone smartphones cellphone cellphones')) then 'syn0mobile' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'tv tvs television televisions')) then 'syn0tv' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'headphone headphones earphone earphones earbud earbuds headset headsets')) then 'syn0headphone' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'fridge fridges refrigerator refrigerators')) then 'syn0fridge' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'tshirt tshirts tee tees')) then 'syn0tshirt' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'kids kid kids child childs children childrens')) then 'syn0kids' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'women womens woman womans ladies lady ladys')) then 'syn0women' end,
    case when tsvector_to_array(title) && tsvector_to_array(to_tsvector('english', 'men mens man mans gents')) then 'syn0men' end
  ]::text[], null)) $$;--> statement-breakpoint
ALTER TABLE "products" drop column "title_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '')) || search_synonym_groups(to_tsvector('english', coalesce(title, '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_title_search_idx" ON "products" USING gin ("title_vector") WITH (fastupdate = false);
