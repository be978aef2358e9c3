/**
 * The public catalogue reads (listing, detail, search, suggestions, home) as ready JSON answers, each through the
 * catalogue cache, computed by the read model's SearchProvider (read-model/search-provider.ts) and nothing else. Both the Express routes and the HTTP fast lane of app.ts (createRequestHandler) answer with these, so a
 * cold read that skips Express gives exactly the same body (docs/search-and-listing.md, "The fast lane").
 * Inputs are parsed with the endpoint table's schemas; bad input throws the same 400 the routes answer.
 */
import type { Response } from 'express';
import { endpoints as api, type ProductDetailDto, type ProductDto } from '@mp/shared';
import { answerBody } from '../../lib/contract';
import { parse } from '../../lib/errors';
import type { CatalogCache, EntryKind } from './catalog-cache';
import { shownOnHome } from './read-model/postgres/home';
import type { SearchProvider } from './read-model/search-provider';

// Catalogue writes and stock changes drop the cached answers they touch at once (catalog-cache.ts); the TTL only
// bounds ranking drift and what a change nobody published (a manual SQL fix) can leave stale.
const PAGE_TTL_MS = 30_000;
const DETAIL_TTL_MS = 30_000;
const SEARCH_TTL_MS = 30_000;
const HOME_TTL_MS = 30_000;

/** A read's answer: the whole JSON body, whether it is one product or a set, and the products it shows. */
export interface CatalogRead {
  kind: EntryKind;
  ids: readonly string[];
  body: string;
}

interface Cached {
  body: string;
  shown: readonly ProductDto[];
  /** a listing or search page: the same page with its products read again (catalog-cache.ts `refresh`) */
  again?: () => Promise<Cached>;
}
const cached = (body: object, shown: readonly ProductDto[]): Cached => ({
  body: JSON.stringify(body),
  shown,
});
const refreshed = (a: Cached) => a.again!();
const shownBy = (a: Cached) => a.shown;
const read = (kind: EntryKind, a: Cached): CatalogRead => ({
  kind,
  ids: a.shown.map((p) => p._id),
  body: a.body,
});

/** A cache key from parsed query fields: arrays as sets (order and repeats do not change the answer). */
function keyOf(prefix: string, q: Record<string, unknown>): string {
  const parts = Object.keys(q)
    .sort()
    .map((k) => {
      const v = q[k];
      return `${k}=${Array.isArray(v) ? [...new Set(v.map(String))].sort().join(',') : String(v ?? '')}`;
    });
  return `${prefix}:${parts.join('|')}`;
}

/** Sends a read through Express and tells the HTTP micro-cache what it shows (lib/micro-cache.ts). */
export function sendRead(res: Response, a: CatalogRead): void {
  res.locals.catalogAnswer = { kind: a.kind, ids: a.ids };
  res.type('application/json').send(a.body);
}

export interface CatalogReadsDeps {
  catalogCache: CatalogCache;
  provider: SearchProvider;
}

/** A page of products as its body, and how to make it again with its products read afresh. */
function cachedPage<P extends { data: ProductDto[] }>(
  provider: SearchProvider,
  page: P,
  toBody: (page: P) => object,
): Cached {
  return {
    ...cached(toBody(page), page.data),
    again: async () => {
      const data = await provider.productsByIds(page.data.map((p) => p._id));
      return cachedPage(provider, { ...page, data }, toBody);
    },
  };
}

/** A listing or search page through the cache: kept and refreshed when a product it shows changes in place. */
async function pageRead<P extends { data: ProductDto[] }>(
  { catalogCache, provider }: CatalogReadsDeps,
  key: string,
  compute: () => Promise<P>,
  toBody: (page: P) => object,
  /** stock decides which products the set holds (the size filter): a stock change recomputes it */
  stockFilters = false,
): Promise<CatalogRead> {
  const a = await catalogCache.get(
    key,
    PAGE_TTL_MS,
    async () => cachedPage(provider, await compute(), toBody),
    { kind: 'set', products: shownBy, ...(stockFilters ? {} : { refresh: refreshed }) },
  );
  return read('set', a);
}

/** GET /api/shop/products/get */
function list(deps: CatalogReadsDeps, query: unknown): Promise<CatalogRead> {
  const q = parse(api.listProducts.query, query);
  return pageRead(
    deps,
    keyOf('list', q),
    () => deps.provider.list(q),
    (p) => answerBody(api.listProducts, p),
    q.size.length > 0,
  );
}

/** GET /api/shop/products/get/:id */
async function detail({ catalogCache, provider }: CatalogReadsDeps, params: unknown): Promise<CatalogRead> {
  const { id } = parse(api.getProduct.params, params);
  const a = await catalogCache.get(
    `detail:${id}`,
    DETAIL_TTL_MS,
    async () => {
      const { product, storeName, storeSlug, variants } = await provider.detail(id);
      // the page's fields first: a literal that spreads an object and then adds keys costs several times the
      // memory and time (docs/performance-log.md, issue 29's detail); the plain product is what listings may
      // show of it (catalog-cache.ts `shown`)
      const data: ProductDetailDto = { storeName, storeSlug, variants, ...product };
      return cached(answerBody(api.getProduct, { data }), [product]);
    },
    { kind: 'item', products: shownBy },
  );
  return read('item', a);
}

/** GET /api/shop/product/search/search-product/:keyword */
function search(deps: CatalogReadsDeps, params: unknown, query: unknown): Promise<CatalogRead> {
  const { keyword } = parse(api.searchProducts.params, params);
  const q = parse(api.searchProducts.query, query);
  return pageRead(
    deps,
    keyOf(`search:${keyword.toLowerCase().replace(/\s+/g, ' ')}`, q),
    () => deps.provider.search(keyword, q),
    (f) => answerBody(api.searchProducts, f),
    q.size.length > 0,
  );
}

/** GET /api/shop/search/suggest: the header box's suggestions, cached like searches */
async function suggest({ catalogCache, provider }: CatalogReadsDeps, query: unknown): Promise<CatalogRead> {
  const { q } = parse(api.searchSuggest.query, query);
  const a = await catalogCache.get(
    `suggest:${q.toLowerCase().replace(/\s+/g, ' ')}`,
    SEARCH_TTL_MS,
    async () => {
      const { data, shown } = await provider.suggest(q);
      return cached(answerBody(api.searchSuggest, { data }), shown);
    },
    { kind: 'set', products: shownBy },
  );
  return read('set', a);
}

/** GET /api/shop/home */
async function home({ catalogCache, provider }: CatalogReadsDeps): Promise<CatalogRead> {
  // home rows re-rank on stock and units sold: the TTL bounds that drift
  const data = await catalogCache.get('home', HOME_TTL_MS, () => provider.home(), {
    kind: 'set',
    products: shownOnHome,
  });
  return {
    kind: 'set',
    ids: shownOnHome(data).map((p) => p._id),
    body: JSON.stringify(answerBody(api.home, { data })),
  };
}

export function createCatalogReads(deps: CatalogReadsDeps) {
  return {
    list: (query: unknown) => list(deps, query),
    detail: (params: unknown) => detail(deps, params),
    search: (params: unknown, query: unknown) => search(deps, params, query),
    suggest: (query: unknown) => suggest(deps, query),
    home: () => home(deps),
    close: () => deps.provider.close(),
  };
}
export type CatalogReads = ReturnType<typeof createCatalogReads>;
