/** The shopper's cart. Every write answers the new cart, which replaces the cached one. */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Answer, CartViewDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

type CartLineInput = {
  userId: string;
  productId: string;
  variantId?: string;
  quantity: number;
  discount?: number;
};

export const cartApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    getCart: b.query<CartViewDto, string>({
      query: (userId) => call(routes.getCart, { params: { userId } }),
      providesTags: ['Cart'],
    }),
    addToCart: b.mutation<
      Answer<'addToCart'>['data'],
      Omit<CartLineInput, 'quantity'> & { quantity?: number }
    >({
      query: (input) => call(routes.addToCart, { body: { quantity: 1, ...input } }),
      onQueryStarted: (input, api) => replaceCart(input.userId, api),
    }),
    updateCartQuantity: b.mutation<Answer<'updateCart'>['data'], CartLineInput>({
      query: (body) => call(routes.updateCart, { body }),
      onQueryStarted: (input, api) => replaceCart(input.userId, api),
    }),
    removeCartItem: b.mutation<Answer<'removeFromCart'>['data'], { userId: string; productId: string }>({
      query: ({ userId, productId }) => call(routes.removeFromCart, { params: { userId, productId } }),
      onQueryStarted: (input, api) => replaceCart(input.userId, api),
    }),
  }),
});

/** The write's answer is the whole new cart: put it in the cache instead of asking again (cart and coupon writes). */
export async function replaceCart(
  userId: string,
  {
    dispatch,
    queryFulfilled,
  }: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's state type depends on this API
    dispatch: ThunkDispatch<any, unknown, UnknownAction>;
    queryFulfilled: Promise<{ data: CartViewDto }>;
  },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(cartApi.util.upsertQueryData('getCart', userId, data));
  } catch {
    // the failure is shown by the caller; the cached cart stays as it was
  }
}

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartQuantityMutation,
  useRemoveCartItemMutation,
} = cartApi;
