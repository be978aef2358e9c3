/**
 * The public catalogue reads (listing, detail, search, home) as ready JSON answers, each through the catalogue
 * cache. Both the Express routes and the HTTP fast lane of app.ts (createRequestHandler) answer with these, so a
 * cold read that skips Express gives exactly the same body (docs/search-and-listing.md, "The fast lane").
 * Inputs are parsed with the endpoint table's schemas; bad input throws the same 400 the routes answer.
 */
import type { Response } from 'express';
import { endpoints as api, type ProductDto } from '@mp/shared';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { answerBody } from '../../lib/contract';
import { parse } from '../../lib/errors';
import type { CatalogCache, EntryKind } from './catalog-cache';
import type { ListingIndex } from './products/listing-index';
import { homeSections, shownOnHome } from './home/home.service';
import { createProductService } from './products/product.service';

// Catalogue writes and stock changes drop the cached answers they touch at once (catalog-cache.ts); the TTL only
// bounds ranking drift and what a change nobody published (a manual SQL fix) can leave stale.
const LIST_TTL_MS = 30_000;
const DETAIL_TTL_MS = 30_000;
const SEARCH_TTL_MS = 30_000;

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
  db: Db;
  catalogCache: CatalogCache;
  changes: ChangeFeed;
  listingIndex?: ListingIndex;
}

export function createCatalogReads(deps: CatalogReadsDeps) {
  const svc = createProductService(deps);
  const cache = deps.catalogCache;
  /** A page of products as its body, and how to make it again with its products read afresh. */
  const cachedPage = <P extends { data: ProductDto[] }>(page: P, toBody: (page: P) => object): Cached => ({
    ...cached(toBody(page), page.data),
    again: async () => {
      const data = await svc.productsByIds(page.data.map((p) => p._id));
      return cachedPage({ ...page, data }, toBody);
    },
  });
  return {
    /** GET /api/shop/products/get */
    async list(query: unknown): Promise<CatalogRead> {
      const q = parse(api.listProducts.query, query);
      const a = await cache.get(
        keyOf('list', q),
        LIST_TTL_MS,
        async () => {
          const page = await svc.list(q);
          return cachedPage(page, (p) => answerBody(api.listProducts, p));
        },
        { kind: 'set', products: shownBy, refresh: refreshed },
      );
      return read('set', a);
    },

    /** GET /api/shop/products/get/:id */
    async detail(params: unknown): Promise<CatalogRead> {
      const { id } = parse(api.getProduct.params, params);
      const a = await cache.get(
        `detail:${id}`,
        DETAIL_TTL_MS,
        async () => {
          const data = await svc.detail(id);
          // shown as a plain product (catalog-cache.ts `shown`: listings may show it as it is)
          const { storeName: _store, ...product } = data;
          return cached(answerBody(api.getProduct, { data }), [product]);
        },
        { kind: 'item', products: shownBy },
      );
      return read('item', a);
    },

    /** GET /api/shop/product/search/search-product/:keyword */
    async search(params: unknown, query: unknown): Promise<CatalogRead> {
      const { keyword } = parse(api.searchProducts.params, params);
      const q = parse(api.searchProducts.query, query);
      const a = await cache.get(
        keyOf(`search:${keyword.toLowerCase().replace(/\s+/g, ' ')}`, q),
        SEARCH_TTL_MS,
        async () => {
          const found = await svc.search(keyword, q);
          return cachedPage(found, (f) => answerBody(api.searchProducts, f));
        },
        { kind: 'set', products: shownBy, refresh: refreshed },
      );
      return read('set', a);
    },

    /** GET /api/shop/search/suggest: the header box's suggestions, cached like searches */
    async suggest(query: unknown): Promise<CatalogRead> {
      const { q } = parse(api.searchSuggest.query, query);
      const a = await cache.get(
        `suggest:${q.toLowerCase().replace(/\s+/g, ' ')}`,
        SEARCH_TTL_MS,
        async () => {
          const { data, shown } = await svc.suggest(q);
          return cached(answerBody(api.searchSuggest, { data }), shown);
        },
        { kind: 'set', products: shownBy },
      );
      return read('set', a);
    },

    /** GET /api/shop/home */
    async home(): Promise<CatalogRead> {
      const data = await homeSections({ ...deps, productsByIds: svc.productsByIds });
      return {
        kind: 'set',
        ids: shownOnHome(data).map((p) => p._id),
        body: JSON.stringify(answerBody(api.home, { data })),
      };
    },
  };
}
export type CatalogReads = ReturnType<typeof createCatalogReads>;
