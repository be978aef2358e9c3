/** The shopper's address book: writes invalidate the list, which is asked again. */
import type { AddressDto, AddressInput } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const addressApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    listAddresses: b.query<AddressDto[], string>({
      query: (userId) => call(routes.listAddresses, { params: { userId } }),
      providesTags: ['Addresses'],
    }),
    addAddress: b.mutation<AddressDto, { userId: string; input: AddressInput }>({
      query: ({ userId, input }) => call(routes.addAddress, { body: { userId, ...input } }),
      invalidatesTags: ['Addresses'],
    }),
    editAddress: b.mutation<AddressDto, { userId: string; addressId: string; input: AddressInput }>({
      query: ({ userId, addressId, input }) =>
        call(routes.updateAddress, { params: { userId, addressId }, body: input }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: b.mutation<unknown, { userId: string; addressId: string }>({
      query: ({ userId, addressId }) => call(routes.deleteAddress, { params: { userId, addressId } }),
      invalidatesTags: ['Addresses'],
    }),
  }),
});

export const {
  useListAddressesQuery,
  useAddAddressMutation,
  useEditAddressMutation,
  useDeleteAddressMutation,
} = addressApi;
