/**
 * Delivery on the web (docs/delivery.md): the PIN code check of the product page, the cart's quote per seller and
 * an order's parcels.
 */
import type { DeliveryEstimateDto, DeliveryQuoteDto, DeliveryQuoteQuery, TrackingDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const deliveryApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    deliveryEstimate: b.query<DeliveryEstimateDto, { productId: string; pincode: string }>({
      query: ({ productId, pincode }) => call(routes.deliveryEstimate, { query: { productId, pincode } }),
    }),
    /** the cart per seller to an address or PIN code; refetched whenever the cart changes */
    deliveryQuote: b.query<DeliveryQuoteDto, DeliveryQuoteQuery>({
      query: (q) => call(routes.deliveryQuote, { query: q }),
      providesTags: ['Cart'],
    }),
    orderTracking: b.query<TrackingDto, string>({
      query: (orderId) => call(routes.orderTracking, { params: { orderId } }),
    }),
  }),
});

export const { useLazyDeliveryEstimateQuery, useDeliveryQuoteQuery, useOrderTrackingQuery } = deliveryApi;
