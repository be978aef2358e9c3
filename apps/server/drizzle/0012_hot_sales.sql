-- Sales update products in place (HOT): no index may hold stock, units sold or popularity, and pages keep room
-- for the new row versions (docs/search-and-listing.md, "Sales do not touch the indexes"). Home rows rank from
-- the listing index's figures in memory instead of these two indexes.
DROP INDEX "products_popularity_idx";--> statement-breakpoint
DROP INDEX "products_low_stock_discount_idx";--> statement-breakpoint
-- Applies to pages written from now on; `VACUUM FULL products` gives the room to existing pages too.
ALTER TABLE "products" SET (fillfactor = 80);
