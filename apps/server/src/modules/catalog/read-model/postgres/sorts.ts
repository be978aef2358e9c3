import { asc, desc, type SQL } from 'drizzle-orm';
import type { SortBy } from '@mp/shared';
import { products } from '../../../../db/schema';

/** Each sort as its key column and direction; ties are broken by id in the same direction. */
export const SORTS: Record<SortBy, { key: 'effective_price_paise' | 'title'; dir: 'asc' | 'desc' }> = {
  'price-lowtohigh': { key: 'effective_price_paise', dir: 'asc' },
  'price-hightolow': { key: 'effective_price_paise', dir: 'desc' },
  'title-atoz': { key: 'title', dir: 'asc' },
  'title-ztoa': { key: 'title', dir: 'desc' },
};

/** The same sorts as drizzle order-by terms, for the page's rows. */
export const ORDER: Record<SortBy, SQL[]> = {
  'price-lowtohigh': [asc(products.effectivePricePaise), asc(products.id)],
  'price-hightolow': [desc(products.effectivePricePaise), desc(products.id)],
  'title-atoz': [asc(products.title), asc(products.id)],
  'title-ztoa': [desc(products.title), desc(products.id)],
};
