/** Delivery on the web (docs/delivery.md): the PIN code check of the product page and an order's parcels. */
import type { DeliveryEstimateDto, TrackingDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const deliveryApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    deliveryEstimate: b.query<DeliveryEstimateDto, { productId: string; pincode: string }>({
      query: ({ productId, pincode }) => call(routes.deliveryEstimate, { query: { productId, pincode } }),
    }),
    orderTracking: b.query<TrackingDto, string>({
      query: (orderId) => call(routes.orderTracking, { params: { orderId } }),
    }),
  }),
});

export const { useLazyDeliveryEstimateQuery, useOrderTrackingQuery } = deliveryApi;
