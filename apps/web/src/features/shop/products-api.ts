/** The shop's catalogue: home sections, banners, the listing (facets, pagination), the detail (search: search-api.ts), config. */
import type { Answer, BannerDto, HomeSections, ProductDetailDto, ShopConfigDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export interface ListingQuery {
  category: string[];
  brand: string[];
  /** one seller's products (the product page's "Sold by" link) */
  seller?: string;
  /** sizes in stock (clothing and footwear) */
  size?: string[];
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
    home: b.query<HomeSections, void>({ query: () => call(routes.home), providesTags: ['Home'] }),
    /** The home carousel; the admin banner page reads the same list. */
    banners: b.query<BannerDto[], void>({ query: () => call(routes.listBanners), providesTags: ['Banners'] }),
    listProducts: b.query<Omit<Answer<'listProducts'>, 'success'>, ListingQuery>({
      query: (q) => {
        const query: Record<string, string | number> = { sortBy: q.sortBy, page: q.page };
        if (q.category.length) query.category = q.category.join(',');
        if (q.brand.length) query.brand = q.brand.join(',');
        if (q.seller) query.seller = q.seller;
        if (q.size?.length) query.size = q.size.join(',');
        return call(routes.listProducts, { query, envelope: 'whole' });
      },
      providesTags: ['Products'],
    }),
    getProduct: b.query<ProductDetailDto, string>({
      query: (id) => call(routes.getProduct, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    /** Which payment provider takes the money (docs/security.md); asked once per page load. */
    shopConfig: b.query<ShopConfigDto, void>({
      query: () => call(routes.shopConfig),
      providesTags: ['ShopConfig'],
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { useHomeQuery, useBannersQuery, useListProductsQuery, useGetProductQuery, useShopConfigQuery } =
  productsApi;
