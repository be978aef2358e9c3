import { afterEach, describe, expect, it } from 'vitest';
import { paramsFromQuery, queryFromParams, readStoredQuery, storeQuery } from './listing-filters';

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

  it("when the URL uses the spec's 'electonics' spelling, then it is read as electronics and written back canonically", () => {
    const q = queryFromParams(new URLSearchParams('category=electonics,men&sortBy=price-hightolow&page=2'));
    expect(q).toEqual({ category: ['electronics', 'men'], brand: [], sortBy: 'price-hightolow', page: 2 });
    expect(paramsFromQuery(q).toString()).toBe('category=electronics%2Cmen&sortBy=price-hightolow&page=2');
  });
});
