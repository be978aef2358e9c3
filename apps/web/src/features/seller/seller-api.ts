/**
 * Seller console calls: orders and the dashboard (spec section 7, Seller orders; decisions.md dashboards). Injected
 * from the lazily loaded console chunk, so shoppers never download them.
 */
import type { Answer, SellerDashboardDto, SellerOrderDto, SellerOrderStatus } from '@mp/shared';
import { baseApi } from '../../lib/api';

export const sellerApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerOrders: b.query<SellerOrderDto[], void>({
      query: () => '/api/seller/orders/get',
      providesTags: ['SellerOrders'],
    }),
    sellerOrderDetails: b.query<SellerOrderDto, string>({
      query: (id) => `/api/seller/orders/details/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'SellerOrders', id }],
    }),
    /** Sets the seller's status on its own lines of an order; the detail and the list are asked again. */
    updateSellerOrderStatus: b.mutation<
      Omit<Answer<'updateSellerOrder'>, 'success'>,
      { id: string; orderStatus: SellerOrderStatus; reason?: string }
    >({
      query: ({ id, orderStatus, reason }) => ({
        url: `/api/seller/orders/update/${encodeURIComponent(id)}`,
        method: 'PUT',
        // a rejection carries the seller's reason for the shopper (docs/order-views.md)
        body: reason === undefined ? { orderStatus } : { orderStatus, reason },
        envelope: 'whole',
      }),
      // a rejection refunds the shopper: the order desk and the shopper's view change too (docs/money.md)
      invalidatesTags: ['SellerOrders', 'Dashboard', 'AdminOrders', 'Orders'],
    }),
    sellerDashboard: b.query<SellerDashboardDto, void>({
      query: () => '/api/seller/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useSellerOrdersQuery,
  useSellerOrderDetailsQuery,
  useUpdateSellerOrderStatusMutation,
  useSellerDashboardQuery,
} = sellerApi;
