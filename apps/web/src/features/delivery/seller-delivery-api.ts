/** The seller console's delivery calls (docs/delivery.md): marking an order ready to ship. */
import type { Answer } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const sellerDeliveryApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    shipOrder: b.mutation<Omit<Answer<'shipOrder'>, 'success'>, string>({
      query: (orderId) => call(routes.shipOrder, { params: { orderId }, body: {}, envelope: 'whole' }),
      invalidatesTags: ['SellerOrders'],
    }),
  }),
});

export const { useShipOrderMutation } = sellerDeliveryApi;
