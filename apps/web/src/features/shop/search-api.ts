/** Search results (with the listing's filters, sorts and facet counts) and the header box's suggestions. */
import type { Answer } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export interface SearchArgs {
  keyword: string;
  category: string[];
  brand: string[];
  /** the listing's Size filter (clothing and footwear) */
  size?: string[];
  sortBy: string;
  page: number;
  limit: number;
}

/** One page of search results and the facet counts of the search's candidate set. */
export type SearchPage = Omit<Answer<'searchProducts'>, 'success'>;
export type Suggestions = Answer<'searchSuggest'>['data'];

export const searchApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    shopSearch: b.query<SearchPage, SearchArgs>({
      query: ({ keyword, category, brand, size, sortBy, page, limit }) =>
        call(routes.searchProducts, {
          params: { keyword },
          query: {
            ...(category.length ? { category: category.join(',') } : {}),
            ...(brand.length ? { brand: brand.join(',') } : {}),
            ...(size?.length ? { size: size.join(',') } : {}),
            sortBy,
            page,
            limit,
            facets: true,
          },
          envelope: 'whole',
        }),
      providesTags: ['Products'],
    }),
    searchSuggestions: b.query<Suggestions, string>({
      query: (q) => call(routes.searchSuggest, { query: { q } }),
      providesTags: ['Products'],
    }),
  }),
});

export const { useShopSearchQuery, useSearchSuggestionsQuery } = searchApi;
