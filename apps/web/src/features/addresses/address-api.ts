/** The shopper's address book (spec section 4): writes invalidate the list, which is asked again. */
import type { AddressDto, AddressInput } from '@mp/shared';
import { baseApi } from '../../lib/api';

export const addressApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    listAddresses: b.query<AddressDto[], string>({
      query: (userId) => `/api/shop/address/get/${encodeURIComponent(userId)}`,
      providesTags: ['Addresses'],
    }),
    addAddress: b.mutation<AddressDto, { userId: string; input: AddressInput }>({
      query: ({ userId, input }) => ({
        url: '/api/shop/address/add',
        method: 'POST',
        body: { userId, ...input },
      }),
      invalidatesTags: ['Addresses'],
    }),
    editAddress: b.mutation<AddressDto, { userId: string; addressId: string; input: AddressInput }>({
      query: ({ userId, addressId, input }) => ({
        url: `/api/shop/address/update/${encodeURIComponent(userId)}/${encodeURIComponent(addressId)}`,
        method: 'PUT',
        body: input,
      }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: b.mutation<unknown, { userId: string; addressId: string }>({
      query: ({ userId, addressId }) => ({
        url: `/api/shop/address/delete/${encodeURIComponent(userId)}/${encodeURIComponent(addressId)}`,
        method: 'DELETE',
      }),
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
