/**
 * The seller console's delivery calls (docs/delivery.md): pickup settings, marking an order ready to ship (by courier
 * or itself) and delivering its own parcel with the shopper's code.
 */
import type { Answer, DeliverySettingsDto, DeliverySettingsInput, ShipOrderInput } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

type ShipOrderBody = Partial<ShipOrderInput>;

export const sellerDeliveryApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerDeliverySettings: b.query<DeliverySettingsDto, void>({
      query: () => call(routes.sellerDeliverySettings),
      providesTags: ['Store'],
    }),
    saveDeliverySettings: b.mutation<DeliverySettingsDto, DeliverySettingsInput>({
      query: (body) => call(routes.updateSellerDeliverySettings, { body }),
      invalidatesTags: ['Store'],
    }),
    shipOrder: b.mutation<Omit<Answer<'shipOrder'>, 'success'>, { orderId: string; body?: ShipOrderBody }>({
      query: ({ orderId, body = {} }) =>
        call(routes.shipOrder, { params: { orderId }, body, envelope: 'whole' }),
      invalidatesTags: ['SellerOrders'],
    }),
    /** own shipping: the shopper's delivery code marks the parcel delivered */
    deliverWithCode: b.mutation<
      Omit<Answer<'deliverWithCode'>, 'success'>,
      { orderId: string; code: string }
    >({
      query: ({ orderId, code }) =>
        call(routes.deliverWithCode, { params: { orderId }, body: { code }, envelope: 'whole' }),
      invalidatesTags: ['SellerOrders'],
    }),
  }),
});

export const {
  useShipOrderMutation,
  useDeliverWithCodeMutation,
  useSellerDeliverySettingsQuery,
  useSaveDeliverySettingsMutation,
} = sellerDeliveryApi;
