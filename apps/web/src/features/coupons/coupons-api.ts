/**
 * Coupons on the web (docs/money.md, "Coupons"): the consoles' codes (the admin's and a seller's own), the codes
 * applied to the shopper's cart, and the public offers of the home banner and the product page badge.
 */
import type { CartViewDto, CouponDto, CouponInput, CouponUpdateInput, OfferDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';
import { replaceCart } from '../cart/cart-api';

/** Whose codes a console runs: the admin's (every code) or the logged-in seller's own. */
export type CouponOwner = 'admin' | 'seller';

const ROUTES = {
  admin: {
    list: routes.adminListCoupons,
    create: routes.adminCreateCoupon,
    update: routes.adminUpdateCoupon,
  },
  seller: {
    list: routes.sellerListCoupons,
    create: routes.sellerCreateCoupon,
    update: routes.sellerUpdateCoupon,
  },
} as const;

export const couponsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    listCoupons: b.query<CouponDto[], CouponOwner>({
      query: (owner) => call(ROUTES[owner].list),
      providesTags: ['Coupons'],
    }),
    createCoupon: b.mutation<CouponDto, { owner: CouponOwner; body: CouponInput }>({
      query: ({ owner, body }) => call(ROUTES[owner].create, { body }),
      invalidatesTags: ['Coupons', 'Offers'],
    }),
    updateCoupon: b.mutation<CouponDto, { owner: CouponOwner; id: string; body: CouponUpdateInput }>({
      query: ({ owner, id, body }) => call(ROUTES[owner].update, { params: { id }, body }),
      invalidatesTags: ['Coupons', 'Offers'],
    }),
    /** Applies a code to the cart; the answer is the new cart (with its codes), which replaces the cached one. */
    applyCoupon: b.mutation<CartViewDto, { userId: string; code: string }>({
      query: ({ code }) => call(routes.applyCoupon, { body: { code } }),
      onQueryStarted: (input, api) => replaceCart(input.userId, api),
      // the delivery quote (tagged Cart) counts the codes too
      invalidatesTags: (_r, error) => (error ? [] : ['Cart']),
    }),
    removeCoupon: b.mutation<CartViewDto, { userId: string; code: string }>({
      query: ({ code }) => call(routes.removeCoupon, { params: { code } }),
      onQueryStarted: (input, api) => replaceCart(input.userId, api),
      invalidatesTags: (_r, error) => (error ? [] : ['Cart']),
    }),
    /** The active platform offers: one request for the banner, the product page and every card. */
    offers: b.query<OfferDto[], void>({
      query: () => call(routes.shopOffers),
      providesTags: ['Offers'],
      keepUnusedDataFor: 10 * 60,
    }),
  }),
});

export const {
  useListCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useApplyCouponMutation,
  useRemoveCouponMutation,
  useOffersQuery,
} = couponsApi;
