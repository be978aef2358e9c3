-- GIN indexes without a pending list (docs/search-and-listing.md): set in place instead of rebuilt, then the list
-- already queued is merged into each index once
ALTER INDEX "products_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_title_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_title_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_title_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_title_trgm_idx'::regclass);
