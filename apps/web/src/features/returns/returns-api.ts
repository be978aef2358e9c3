/**
 * Returns after delivery (docs/returns.md): the shopper's requests, cancels and disputes, the seller's queue and
 * decisions, the admin's list and decisions. A return changes what the order may still return (`Orders`), the
 * seller's statement (`Earnings`) and the order desks, so each decision refreshes them.
 */
import type {
  AdminReturnActionInput,
  Answer,
  ReturnRequestInput,
  ReturnState,
  SellerReturnActionInput,
  ShopReturnActionInput,
} from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export type ReturnPage = Omit<Answer<'shopReturns'>, 'success'>;
export type Decided = Omit<Answer<'decideSellerReturn'>, 'success'>;

/** A list's query: the state filter ('' for all) and the page. */
export type ReturnListArgs = {
  state?: ReturnState | '';
  page: number;
  limit: number;
};

export const returnsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    shopReturns: b.query<ReturnPage, ReturnListArgs & { orderId?: string }>({
      query: (query) => call(routes.shopReturns, { query, envelope: 'whole' }),
      providesTags: ['Returns'],
    }),
    requestReturn: b.mutation<Omit<Answer<'requestReturn'>, 'success'>, ReturnRequestInput>({
      query: (body) => call(routes.requestReturn, { body, envelope: 'whole' }),
      invalidatesTags: ['Returns', 'Orders', 'SellerOrders', 'AdminOrders'],
    }),
    updateShopReturn: b.mutation<Decided, ShopReturnActionInput & { returnId: string }>({
      query: ({ returnId, ...body }) =>
        call(routes.updateShopReturn, { params: { returnId }, body, envelope: 'whole' }),
      invalidatesTags: ['Returns', 'Orders'],
    }),
    sellerReturns: b.query<ReturnPage, ReturnListArgs & { orderId?: string }>({
      query: (query) => call(routes.sellerReturns, { query, envelope: 'whole' }),
      providesTags: ['Returns'],
    }),
    decideSellerReturn: b.mutation<Decided, SellerReturnActionInput & { returnId: string }>({
      query: ({ returnId, ...body }) =>
        call(routes.decideSellerReturn, { params: { returnId }, body, envelope: 'whole' }),
      invalidatesTags: [
        'Returns',
        'Earnings',
        'SellerOrders',
        'Notifications',
        'Dashboard',
        'SellerProducts',
      ],
    }),
    adminReturns: b.query<ReturnPage, ReturnListArgs & { disputed?: boolean }>({
      query: (query) => call(routes.adminReturns, { query, envelope: 'whole' }),
      providesTags: ['Returns'],
    }),
    decideAdminReturn: b.mutation<Decided, AdminReturnActionInput & { returnId: string }>({
      query: ({ returnId, ...body }) =>
        call(routes.decideAdminReturn, { params: { returnId }, body, envelope: 'whole' }),
      invalidatesTags: ['Returns', 'AdminOrders', 'Earnings', 'Payouts'],
    }),
  }),
});

export const {
  useShopReturnsQuery,
  useRequestReturnMutation,
  useUpdateShopReturnMutation,
  useSellerReturnsQuery,
  useDecideSellerReturnMutation,
  useAdminReturnsQuery,
  useDecideAdminReturnMutation,
} = returnsApi;
