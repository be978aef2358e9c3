/** The shopper's wishlist (spec section 4): writes invalidate the list, which is asked again. */
import type { WishlistItemDto } from '@mp/shared';
import { baseApi } from '../../lib/api';

type Line = { userId: string; productId: string };

export const wishlistApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    getWishlist: b.query<WishlistItemDto[], string>({
      query: (userId) => `/api/shop/account/wishlist/get/${encodeURIComponent(userId)}`,
      providesTags: ['Wishlist'],
    }),
    addToWishlist: b.mutation<unknown, Line>({
      query: (body) => ({ url: '/api/shop/account/wishlist/add', method: 'POST', body }),
      invalidatesTags: ['Wishlist'],
    }),
    removeFromWishlist: b.mutation<unknown, Line>({
      query: ({ userId, productId }) => ({
        url: `/api/shop/account/wishlist/${encodeURIComponent(userId)}/${encodeURIComponent(productId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Wishlist'],
    }),
  }),
});

export const { useGetWishlistQuery, useAddToWishlistMutation, useRemoveFromWishlistMutation } = wishlistApi;
