/**
 * Brands as data (docs/search-and-listing.md, "Brands"): the shop's brand list (filter options, labels, the seller
 * form's choices) from GET /api/shop/brands, and the admin's brand calls (console only).
 */
import { useCallback, useMemo } from 'react';
import type { AdminBrandDto, Answer, BrandDto, BrandUpdateInput } from '@mp/shared';
import { brandLabel } from '@mp/shared/constants';
import { routes } from '@mp/shared/routes';
import { baseApi, call, type Whole } from '../../lib/api';

export const brandsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    /** active brands by label, then hidden ones marked `hidden` (labels only) */
    brands: b.query<BrandDto[], void>({
      query: () => call(routes.listBrands),
      providesTags: ['Brands'],
      keepUnusedDataFor: 10 * 60,
    }),
    adminBrands: b.query<AdminBrandDto[], void>({
      query: () => call(routes.adminListBrands),
      providesTags: ['Brands'],
    }),
    addBrand: b.mutation<Whole<Answer<'addBrand'>>, string>({
      query: (label) => call(routes.addBrand, { body: { label }, envelope: 'whole' }),
      invalidatesTags: ['Brands'],
    }),
    /** rename, hide/show, accept or merge: the products it moves change in every list */
    updateBrand: b.mutation<Whole<Answer<'updateBrand'>>, { id: string; change: BrandUpdateInput }>({
      query: ({ id, change }) =>
        call(routes.updateBrand, { params: { brandId: id }, body: change, envelope: 'whole' }),
      invalidatesTags: ['Brands', 'Products', 'Product', 'AdminProducts', 'SellerProducts', 'Home'],
    }),
  }),
});

export const { useBrandsQuery, useAdminBrandsQuery, useAddBrandMutation, useUpdateBrandMutation } = brandsApi;

/** The brands the shop offers (filters, the seller's choice): hidden ones left out. */
export function useListedBrands(): BrandDto[] {
  const { data } = useBrandsQuery();
  return useMemo(() => (data ?? []).filter((b) => !b.hidden), [data]);
}

/** A brand id's label from the brands table; the seed label or the id itself until the list arrives. */
export function useBrandLabel(): (id: string) => string {
  const { data } = useBrandsQuery();
  const byId = useMemo(() => new Map((data ?? []).map((b) => [b.id, b.label])), [data]);
  return useCallback((id: string) => byId.get(id) ?? brandLabel(id), [byId]);
}
