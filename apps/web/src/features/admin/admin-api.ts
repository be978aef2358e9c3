/**
 * Admin console calls: seller approval, banners, dashboard (docs/money.md, "Dashboards"). Injected from
 * the lazily loaded console chunk, so shoppers never download them. The banner list itself is the shop's
 * `banners` query (one endpoint, one cache entry).
 */
import type { AdminDashboardDto, Answer, BannerInput, SellerDecision, SellerDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call, type Whole } from '../../lib/api';

export const adminApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellers: b.query<SellerDto[], void>({
      query: () => call(routes.listSellers),
      providesTags: ['Sellers'],
    }),
    sellerDetails: b.query<SellerDto, string>({
      query: (id) => call(routes.getSeller, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Sellers', id }],
    }),
    /** Approves or rejects a seller; its detail and the seller list are asked again. */
    decideSeller: b.mutation<Whole<Answer<'decideSeller'>>, { id: string; approvalstatus: SellerDecision }>({
      query: ({ id, approvalstatus }) =>
        call(routes.decideSeller, {
          params: { id },
          body: { approvalstatus, isapproved: approvalstatus === 'approved' },
          envelope: 'whole',
        }),
      invalidatesTags: ['Sellers', 'Dashboard'],
    }),
    addBanner: b.mutation<Whole<Answer<'addBanner'>>, BannerInput>({
      query: (body) => call(routes.addBanner, { body, envelope: 'whole' }),
      invalidatesTags: ['Banners'],
    }),
    deleteBanner: b.mutation<Whole<Answer<'deleteBanner'>>, string>({
      query: (id) => call(routes.deleteBanner, { params: { id }, envelope: 'whole' }),
      invalidatesTags: ['Banners'],
    }),
    adminDashboard: b.query<AdminDashboardDto, void>({
      query: () => call(routes.adminDashboard),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useSellersQuery,
  useSellerDetailsQuery,
  useDecideSellerMutation,
  useAddBannerMutation,
  useDeleteBannerMutation,
  useAdminDashboardQuery,
} = adminApi;
