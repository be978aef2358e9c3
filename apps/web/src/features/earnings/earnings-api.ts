/**
 * Seller earnings, payouts and commission rates (docs/money.md, "Seller earnings"): the console-only endpoints of
 * the earnings feature, injected into the base API from the lazily loaded console chunks.
 */
import type { Answer, CommissionInput, PayoutInput } from '@mp/shared';
import { baseApi } from '../../lib/api';

export type Statement = Omit<Answer<'sellerEarnings'>, 'success'>;
export type PayoutPage = Omit<Answer<'adminPayouts'>, 'success'>;
export type SellerAccount = Answer<'adminSellerAccounts'>['data'][number];
export type Payout = Answer<'adminRecordPayout'>['data'];

export const earningsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerEarnings: b.query<Statement, { page: number; limit: number }>({
      query: (params) => ({ url: '/api/seller/earnings', params, envelope: 'whole' }),
      providesTags: ['Earnings'],
    }),
    sellerAccounts: b.query<SellerAccount[], void>({
      query: () => '/api/admin/seller-accounts',
      providesTags: ['Earnings'],
    }),
    payouts: b.query<PayoutPage, { sellerId?: string; page: number; limit: number }>({
      query: ({ sellerId, ...params }) => ({
        url: '/api/admin/payouts',
        params: sellerId ? { ...params, sellerId } : params,
        envelope: 'whole',
      }),
      providesTags: ['Payouts'],
    }),
    recordPayout: b.mutation<{ message: string; data: Payout }, PayoutInput>({
      query: (body) => ({ url: '/api/admin/payouts', method: 'POST', body, envelope: 'whole' }),
      invalidatesTags: ['Payouts', 'Earnings'],
    }),
    setCommission: b.mutation<
      { message: string; data: SellerAccount },
      CommissionInput & { sellerId: string }
    >({
      query: ({ sellerId, percent }) => ({
        url: `/api/admin/sellers/${sellerId}/commission`,
        method: 'PUT',
        body: { percent },
        envelope: 'whole',
      }),
      invalidatesTags: ['Earnings'],
    }),
  }),
});

export const {
  useSellerEarningsQuery,
  useLazySellerEarningsQuery,
  useSellerAccountsQuery,
  usePayoutsQuery,
  useRecordPayoutMutation,
  useSetCommissionMutation,
} = earningsApi;
