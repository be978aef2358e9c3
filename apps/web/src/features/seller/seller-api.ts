/**
 * Seller console calls: its orders and the dashboard (docs/money.md, "Dashboards"). Injected
 * from the lazily loaded console chunk, so shoppers never download them.
 */
import type { Answer, SellerDashboardDto, SellerOrderDto, SellerOrderStatus } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const sellerApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerOrders: b.query<SellerOrderDto[], void>({
      query: () => call(routes.sellerOrders),
      providesTags: ['SellerOrders'],
    }),
    sellerOrderDetails: b.query<SellerOrderDto, string>({
      query: (id) => call(routes.sellerOrderDetails, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'SellerOrders', id }],
    }),
    /** Sets the seller's status on its own lines of an order; the detail and the list are asked again. */
    updateSellerOrderStatus: b.mutation<
      Omit<Answer<'updateSellerOrder'>, 'success'>,
      { id: string; orderStatus: SellerOrderStatus; reason?: string }
    >({
      query: ({ id, orderStatus, reason }) =>
        call(routes.updateSellerOrder, {
          params: { id },
          // a rejection carries the seller's reason for the shopper (docs/order-views.md)
          body: reason === undefined ? { orderStatus } : { orderStatus, reason },
          envelope: 'whole',
        }),
      // a rejection refunds the shopper: the order desk and the shopper's view change too (docs/money.md)
      invalidatesTags: ['SellerOrders', 'Dashboard', 'AdminOrders', 'Orders'],
    }),
    sellerDashboard: b.query<SellerDashboardDto, void>({
      query: () => call(routes.sellerDashboard),
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
