/**
 * The catalogue read model's one face (docs/search-and-listing.md, "The read model"): every public catalogue read
 * — shop listing, product detail, search, the search box's suggestions and the home rows — goes through a
 * SearchProvider, answering the contract's DTOs. PostgreSQL is today's engine (postgres/); a shared engine
 * (Meilisearch, OpenSearch) would be another SearchProvider, wired in deps.ts, with no caller changed.
 */
import type {
  HomeSections,
  Pagination,
  ProductDto,
  ProductFacets,
  ProductListQuery,
  SearchFacets,
  SearchQuery,
  SearchSuggestions,
  VariantDto,
} from '@mp/shared';
import type { Db } from '../../../db/client';

/**
 * Where catalogue reads run: `db()` is asked once per read, so a router may answer the primary or a read replica
 * (db/read-routing.ts: the primary while the replica has not replayed a change yet). Named prepared statements are kept per
 * Db (postgres/statements.ts), so each database prepares its own.
 */
export interface ReadSource {
  db(): Db;
}

/** The shop listing's answer: one page, its pagination and the facet counts under the filters. */
export interface ListingPage {
  data: ProductDto[];
  pagination: Pagination;
  facets: ProductFacets;
}

/** A search's options: the listing filters, a sort, a page, and whether to count facets. */
export type SearchOptions = Partial<Omit<SearchQuery, 'page' | 'limit'>> & { page: number; limit: number };

export interface SearchPage {
  data: ProductDto[];
  facets?: SearchFacets;
}

export interface Suggestions {
  data: SearchSuggestions;
  /** the suggested products in full, for the cache to drop the answer when one of them changes */
  shown: ProductDto[];
}

/**
 * One product as its page shows it, in parts: the plain product (what listings may show of it) and what only its
 * page adds. The page's answer puts them together once (catalog-reads.ts).
 */
export interface ProductDetail {
  product: ProductDto;
  storeName: string | null;
  storeSlug: string | null;
  variants: VariantDto[];
}

export interface SearchProvider {
  list(q: ProductListQuery): Promise<ListingPage>;
  /** one live product with its store and variants; 404 NOT_FOUND when there is none */
  detail(id: string): Promise<ProductDetail>;
  search(keyword: string, opts: SearchOptions): Promise<SearchPage>;
  suggest(q: string): Promise<Suggestions>;
  home(): Promise<HomeSections>;
  /** live products by id, in that order (deleted ones left out): a cached page's products read again */
  productsByIds(ids: readonly string[]): Promise<ProductDto[]>;
  /** whether the engine answers (the catalogue's tables are readable) */
  ready(): Promise<boolean>;
  /** stops listening to the change feed */
  close(): void;
}
