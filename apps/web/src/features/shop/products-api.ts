/** The shop's catalogue: home sections, banners, the listing (facets, pagination), the detail (search: search-api.ts), config. */
import type { Answer, BannerDto, HomeSections, ProductDetailDto, ShopConfigDto } from '@mp/shared';
import { baseApi } from '../../lib/api';

export interface ListingQuery {
  category: string[];
  brand: string[];
  /** one seller's products (the product page's "Sold by" link) */
  seller?: string;
  sortBy: string;
  page: number;
}

export const EMPTY_HOME: HomeSections = {
  bestDeals: [],
  electronicsOffers: [],
  topDiscounts: [],
  topSelection: [],
};

export const productsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    home: b.query<HomeSections, void>({ query: () => '/api/shop/home', providesTags: ['Home'] }),
    /** The home carousel; the admin banner page reads the same list. */
    banners: b.query<BannerDto[], void>({ query: () => '/api/common/banner/get', providesTags: ['Banners'] }),
    listProducts: b.query<Omit<Answer<'listProducts'>, 'success'>, ListingQuery>({
      query: (q) => {
        const params: Record<string, string | number> = { sortBy: q.sortBy, page: q.page };
        if (q.category.length) params.category = q.category.join(',');
        if (q.brand.length) params.brand = q.brand.join(',');
        if (q.seller) params.seller = q.seller;
        return { url: '/api/shop/products/get', params, envelope: 'whole' };
      },
      providesTags: ['Products'],
    }),
    getProduct: b.query<ProductDetailDto, string>({
      query: (id) => `/api/shop/products/get/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    /** Which payment provider takes the money (docs/security.md); asked once per page load. */
    shopConfig: b.query<ShopConfigDto, void>({
      query: () => '/api/shop/config',
      providesTags: ['ShopConfig'],
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { useHomeQuery, useBannersQuery, useListProductsQuery, useGetProductQuery, useShopConfigQuery } =
  productsApi;
