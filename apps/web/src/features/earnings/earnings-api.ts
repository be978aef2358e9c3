/**
 * Seller earnings, payouts and commission rates (docs/money.md, "Seller earnings"): the console-only endpoints of
 * the earnings feature, injected into the base API from the lazily loaded console chunks.
 */
import type { Answer, CommissionInput, PayoutInput } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export type Statement = Omit<Answer<'sellerEarnings'>, 'success'>;
export type PayoutPage = Omit<Answer<'adminPayouts'>, 'success'>;
export type SellerAccount = Answer<'adminSellerAccounts'>['data'][number];
export type Payout = Answer<'adminRecordPayout'>['data'];

export const earningsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerEarnings: b.query<Statement, { page: number; limit: number }>({
      query: (query) => call(routes.sellerEarnings, { query, envelope: 'whole' }),
      providesTags: ['Earnings'],
    }),
    sellerAccounts: b.query<SellerAccount[], void>({
      query: () => call(routes.adminSellerAccounts),
      providesTags: ['Earnings'],
    }),
    payouts: b.query<PayoutPage, { sellerId?: string; page: number; limit: number }>({
      query: ({ sellerId, ...query }) =>
        call(routes.adminPayouts, { query: sellerId ? { ...query, sellerId } : query, envelope: 'whole' }),
      providesTags: ['Payouts'],
    }),
    recordPayout: b.mutation<{ message: string; data: Payout }, PayoutInput>({
      query: (body) => call(routes.adminRecordPayout, { body, envelope: 'whole' }),
      invalidatesTags: ['Payouts', 'Earnings'],
    }),
    setCommission: b.mutation<
      { message: string; data: SellerAccount },
      CommissionInput & { sellerId: string }
    >({
      query: ({ sellerId, percent }) =>
        call(routes.adminSetCommission, { params: { sellerId }, body: { percent }, envelope: 'whole' }),
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
