/** The shopper's orders and the checkout's payment steps (docs/orders-and-stock.md). */
import type { Answer, CheckoutPaymentMethod, OrderDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export type CreateOrderAnswer = Omit<Answer<'createOrder'>, 'success'>;

/** A new checkout attempt's key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newCheckoutKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const ordersApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    listOrders: b.query<OrderDto[], string>({
      query: (userId) => call(routes.listOrders, { params: { userId } }),
      providesTags: ['Orders'],
    }),
    getOrder: b.query<OrderDto, string>({
      query: (id) => call(routes.getOrder, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Orders', id }],
    }),
    /**
     * Orders the cart to the chosen address and answers the approval URL. The checkout attempt's key goes in
     * Idempotency-Key: the same attempt sent twice makes one order (docs/orders-and-stock.md).
     */
    createOrder: b.mutation<
      CreateOrderAnswer,
      {
        userId: string;
        addressInfo: Record<string, unknown> & { addressId: string };
        idempotencyKey: string;
        /** buy now: this one product instead of the cart (docs/orders-and-stock.md) */
        buyNow?: { productId: string; quantity: number };
        /** a business buyer's GST invoice (docs/tax.md) */
        buyerGstin?: string;
        buyerBusinessName?: string;
        /** how the shopper pays (docs/money.md, "Payment methods"); PayPal when not given */
        paymentMethod?: CheckoutPaymentMethod;
        /** the total the shopper was shown: a different one is 409 COUPON_PRICE_CHANGED (docs/money.md) */
        expectedTotal?: number;
      }
    >({
      query: ({ userId, addressInfo, idempotencyKey, buyNow, paymentMethod, ...business }) =>
        call(routes.createOrder, {
          body: {
            userId,
            addressId: addressInfo.addressId,
            addressInfo,
            ...(buyNow ? { buyNow } : {}),
            ...business,
            ...(paymentMethod ? { paymentMethod } : {}),
          },
          headers: { 'Idempotency-Key': idempotencyKey },
          envelope: 'whole',
        }),
      invalidatesTags: ['Orders'],
    }),
    captureOrder: b.mutation<OrderDto, { paymentId: string; payerId: string; orderId?: string }>({
      query: (body) => call(routes.captureOrder, { body }),
      invalidatesTags: ['Orders', 'Cart'],
    }),
    /** Abandons a pending payment: its stock is given back and its lines return to the cart. */
    cancelPendingOrder: b.mutation<OrderDto, { orderId?: string; paymentId?: string }>({
      query: (body) => call(routes.cancelOrder, { body }),
      invalidatesTags: ['Orders', 'Cart'],
    }),
    /**
     * Cancels any order of the shopper (docs/money.md): unpaid ends the hold; paid and unshipped is refunded.
     * Every view of the order, the stock and the cart may change.
     */
    cancelOrder: b.mutation<Omit<Answer<'cancelAnyOrder'>, 'success'>, string>({
      query: (orderId) => call(routes.cancelAnyOrder, { params: { orderId }, envelope: 'whole' }),
      invalidatesTags: ['Orders', 'AdminOrders', 'SellerOrders', 'Products', 'Product', 'Cart'],
    }),
  }),
});

export const {
  useListOrdersQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useCaptureOrderMutation,
  useCancelPendingOrderMutation,
  useCancelOrderMutation,
} = ordersApi;
