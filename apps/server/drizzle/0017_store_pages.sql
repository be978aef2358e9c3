ALTER TABLE "sellers" ADD COLUMN "slug" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "banner" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_slug_unique" ON "sellers" USING btree ("slug");--> statement-breakpoint
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
