/** Listing filters: the URL is the source of truth; sessionStorage keeps the last choice (docs/web.md). */
import { CATEGORY_ALIASES, DEFAULT_SORT, SORT_IDS } from '@mp/shared/constants';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import type { ListingQuery } from './products-api';

const list = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function hasListingParams(p: URLSearchParams): boolean {
  return ['category', 'brand', 'seller', 'size', 'sortBy', 'page'].some((k) => p.has(k));
}

export function queryFromParams(p: URLSearchParams): ListingQuery {
  const sort = p.get('sortBy');
  const page = Number(p.get('page'));
  return {
    category: list(p.get('category')).map((c) => CATEGORY_ALIASES[c] ?? c),
    brand: list(p.get('brand')),
    ...(p.get('seller') ? { seller: p.get('seller')! } : {}),
    ...(p.get('size') ? { size: list(p.get('size')) } : {}),
    sortBy: sort && (SORT_IDS as readonly string[]).includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function paramsFromQuery(q: ListingQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.category.length) p.set('category', q.category.join(','));
  if (q.brand.length) p.set('brand', q.brand.join(','));
  if (q.seller) p.set('seller', q.seller);
  if (q.size?.length) p.set('size', q.size.join(','));
  p.set('sortBy', q.sortBy);
  if (q.page > 1) p.set('page', String(q.page));
  return p;
}

export function readStoredQuery(): ListingQuery {
  const f = readJson<{ category?: string[]; brand?: string[] }>(sessionStorage, STORAGE_KEYS.filters);
  const sort = readJson<string>(sessionStorage, STORAGE_KEYS.sort);
  return {
    category: Array.isArray(f?.category) ? f.category : [],
    brand: Array.isArray(f?.brand) ? f.brand : [],
    sortBy: sort && (SORT_IDS as readonly string[]).includes(sort) ? sort : DEFAULT_SORT,
    page: 1,
  };
}

export function storeQuery(q: ListingQuery): void {
  writeJson(sessionStorage, STORAGE_KEYS.filters, { category: q.category, brand: q.brand });
  writeJson(sessionStorage, STORAGE_KEYS.sort, q.sortBy);
}

export const toggle = (values: string[], v: string) =>
  values.includes(v) ? values.filter((x) => x !== v) : [...values, v];
