/** The seller console's delivery calls (docs/delivery.md): pickup settings and marking an order ready to ship. */
import type { Answer, DeliverySettingsDto, DeliverySettingsInput } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

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
    shipOrder: b.mutation<Omit<Answer<'shipOrder'>, 'success'>, string>({
      query: (orderId) => call(routes.shipOrder, { params: { orderId }, body: {}, envelope: 'whole' }),
      invalidatesTags: ['SellerOrders'],
    }),
  }),
});

export const { useShipOrderMutation, useSellerDeliverySettingsQuery, useSaveDeliverySettingsMutation } =
  sellerDeliveryApi;
