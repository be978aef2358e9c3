/** An order as the server answers it (shopper and admin views), for web tests. */
import type { OrderDto, PaymentEntryDto } from '@mp/shared';

export const ORDER_ID = '9d1c2b3a-4e5f-4a6b-8c7d-000000000042';

export function capture(amount: number, at = '2025-03-05T10:01:00.000Z'): PaymentEntryDto {
  return { type: 'capture', event: 'capture', amount, status: 'completed', reason: '', createdAt: at };
}

export function refund(amount: number, reason: string, at = '2025-03-06T10:00:00.000Z'): PaymentEntryDto[] {
  return [
    { type: 'refund', event: 'refund_requested', amount, status: 'pending', reason, createdAt: at },
    { type: 'refund', event: 'refund_completed', amount, status: 'completed', reason, createdAt: at },
  ];
}

export function orderFixture(over: Partial<OrderDto> = {}): OrderDto {
  return {
    _id: ORDER_ID,
    orderId: ORDER_ID,
    orderNumber: 'HM-100042',
    state: 'confirmed',
    cancelledAt: null,
    userId: 'buyer-1',
    cartId: null,
    buyerName: 'Meera Shopper',
    createdAt: '2025-03-05T10:00:00.000Z',
    orderDate: '2025-03-05T10:00:00.000Z',
    orderUpdateDate: '2025-03-05T10:00:00.000Z',
    cartItems: [
      {
        productId: 'p-1',
        variantId: 'v-1',
        variantLabel: '',
        _id: 'l-1',
        title: 'Steel Bottle',
        image: '/uploads/products/bottle.png',
        price: '449.10',
        unitPrice: 449.1,
        listPrice: 499,
        discount: 10,
        quantity: 2,
        sellerId: 's-1',
        storeName: 'Bottle House',
        status: 'confirmed',
        state: 'confirmed',
        rejectionReason: null,
      },
    ],
    addressInfo: {
      addressId: 'a-1',
      recipientName: 'Asha Rao',
      address: '12 Park Street',
      landmark: '',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
      phone: '9876543210',
      notes: '',
    },
    orderStatus: 'confirmed',
    paymentMethod: 'sandbox',
    paymentStatus: 'paid',
    subtotal: 998,
    discount: 99.8,
    shippingCharge: 0,
    totalAmount: 898.2,
    paymentId: 'PAY-1',
    payerId: 'PAYER-1',
    sellerStatuses: { 's-1': 'confirmed' },
    refundedAmount: 0,
    payments: [capture(898.2)],
    fulfilment: [
      {
        sellerId: 's-1',
        storeName: 'Bottle House',
        status: 'confirmed',
        state: 'confirmed',
        timeline: [
          { step: 'placed', state: 'done', at: '2025-03-05T10:00:00.000Z' },
          { step: 'paid', state: 'done', at: '2025-03-05T10:01:00.000Z' },
          { step: 'inProcess', state: 'upcoming', at: null },
          { step: 'shipped', state: 'upcoming', at: null },
          { step: 'delivered', state: 'upcoming', at: null },
        ],
      },
    ],
    ...over,
  };
}
