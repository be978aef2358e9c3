/** A store page's header (GET /api/shop/store/{slug}); its products are the listing with `seller` (docs/web.md). */
import type { StoreDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const storeApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    /** by the store's address, or an older link's seller id */
    getStore: b.query<StoreDto, string>({
      query: (slug) => call(routes.getStore, { params: { slug } }),
      providesTags: ['Store'],
    }),
  }),
});

export const { useGetStoreQuery } = storeApi;
