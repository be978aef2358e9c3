import { afterEach, describe, expect, it } from 'vitest';
import {
  hasListingParams,
  paramsFromQuery,
  queryFromParams,
  readStoredQuery,
  storeQuery,
} from './listing-filters';

describe('listing filters and sort in sessionStorage', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('when filters and sort are chosen, then they are kept in sessionStorage (not localStorage) and read back on the next visit', () => {
    storeQuery({ category: ['men', 'footwear'], brand: ['nike'], sortBy: 'title-ztoa', page: 3 });
    expect(JSON.parse(sessionStorage.getItem('filters')!)).toEqual({
      category: ['men', 'footwear'],
      brand: ['nike'],
    });
    expect(JSON.parse(sessionStorage.getItem('sort')!)).toBe('title-ztoa');
    expect(localStorage.length).toBe(0);
    // the page is not remembered: a return visit starts at page 1
    expect(readStoredQuery()).toEqual({
      category: ['men', 'footwear'],
      brand: ['nike'],
      sortBy: 'title-ztoa',
      page: 1,
    });
  });

  it('when nothing or garbage is stored, then the defaults are used (no filter, price low to high)', () => {
    expect(readStoredQuery()).toEqual({ category: [], brand: [], sortBy: 'price-lowtohigh', page: 1 });
    sessionStorage.setItem('filters', '{not json');
    sessionStorage.setItem('sort', JSON.stringify('cheapest'));
    expect(readStoredQuery()).toEqual({ category: [], brand: [], sortBy: 'price-lowtohigh', page: 1 });
  });

  it("when the URL uses the old 'electonics' spelling, then it is read as electronics and written back canonically", () => {
    const q = queryFromParams(new URLSearchParams('category=electonics,men&sortBy=price-hightolow&page=2'));
    expect(q).toEqual({ category: ['electronics', 'men'], brand: [], sortBy: 'price-hightolow', page: 2 });
    expect(paramsFromQuery(q).toString()).toBe('category=electronics%2Cmen&sortBy=price-hightolow&page=2');
  });

  it("when the URL names a seller (the product page's Sold by link), then the listing asks for that seller's products and keeps it in the URL", () => {
    const sellerId = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    const params = new URLSearchParams(`seller=${sellerId}`);
    expect(hasListingParams(params)).toBe(true);
    const q = queryFromParams(params);
    expect(q.seller).toBe(sellerId);
    expect(paramsFromQuery({ ...q, category: ['men'] }).get('seller')).toBe(sellerId);
    expect(queryFromParams(new URLSearchParams('category=men')).seller).toBeUndefined();
  });
});
