/** The shopper's wishlist: writes invalidate the list, which is asked again. */
import type { WishlistItemDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

type Line = { userId: string; productId: string };

export const wishlistApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    getWishlist: b.query<WishlistItemDto[], string>({
      query: (userId) => call(routes.getWishlist, { params: { userId } }),
      providesTags: ['Wishlist'],
    }),
    addToWishlist: b.mutation<unknown, Line>({
      query: (body) => call(routes.addToWishlist, { body }),
      invalidatesTags: ['Wishlist'],
    }),
    removeFromWishlist: b.mutation<unknown, Line>({
      query: ({ userId, productId }) => call(routes.removeFromWishlist, { params: { userId, productId } }),
      invalidatesTags: ['Wishlist'],
    }),
  }),
});

export const { useGetWishlistQuery, useAddToWishlistMutation, useRemoveFromWishlistMutation } = wishlistApi;
