import { z } from 'zod';
import { ADDRESS_PLACES, LIMITS, SELLER_ORDER_STATUSES } from './constants';
import { emptyToUndefined, text, uuidOf } from './api';
import { phoneSchema } from './auth';
import type { CartTotals } from './pricing';

const quantitySchema = z.coerce
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(LIMITS.cartQuantityMax, `Quantity must be at most ${LIMITS.cartQuantityMax}`);

const productIdSchema = uuidOf('Must be a valid product id');

/** POST /api/shop/cart/add. userId and discount from the client are ignored (session and catalogue win). */
export const cartAddInputSchema = z.object({
  productId: productIdSchema,
  quantity: z.preprocess((v) => emptyToUndefined(v) ?? 1, quantitySchema),
});
export type CartAddInput = z.infer<typeof cartAddInputSchema>;

/** PUT /api/shop/cart/update-cart: sets the line's quantity. */
export const cartUpdateInputSchema = z.object({ productId: productIdSchema, quantity: quantitySchema });
export type CartUpdateInput = z.infer<typeof cartUpdateInputSchema>;

export interface CartItemDto {
  productId: string;
  title: string;
  image: string;
  salePrice: number | null;
  price: number;
  discount: number;
  quantity: number;
  totalStock: number;
  sellerId: string | null;
}
export interface CartDto {
  _id: string;
  userId: string;
  items: CartItemDto[];
}

export const pincodeSchema = z
  .string({ message: 'Pincode is required' })
  .trim()
  .regex(/^[1-9][0-9]{5}$/, 'Pincode must be 6 digits');

export const addressInputSchema = z.object({
  address: text('Address', 300),
  city: text('City', 100),
  pincode: pincodeSchema,
  phone: phoneSchema,
  notes: text('Notes', 300),
  place: z.enum(ADDRESS_PLACES, { message: 'Place must be home or work' }),
  state: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
export interface AddressDto extends Omit<AddressInput, 'state' | 'isDefault'> {
  _id: string;
  addressId: string;
  userId: string;
  state: string | null;
  isDefault: boolean;
}

/** A checkout attempt's key: 8–200 visible ASCII characters (a uuid from the web). */
export const idempotencyKeySchema = z
  .string({ message: 'Idempotency key must be a string' })
  .regex(/^[\x21-\x7e]{8,200}$/, 'Idempotency key must be 8 to 200 visible ASCII characters');

/** POST /api/shop/order/create: only the address is taken from the client; prices come from the database. */
export const orderCreateInputSchema = z
  .object({
    addressId: uuidOf('Choose a delivery address').optional(),
    addressInfo: z
      .object({ addressId: uuidOf('Choose a delivery address') })
      .loose()
      .optional(),
    /** one key per checkout attempt (the Idempotency-Key header wins when both are sent) */
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .loose()
  .refine((o) => o.addressId ?? o.addressInfo?.addressId, {
    message: 'Choose a delivery address',
    path: ['addressId'],
  });
export type OrderCreateInput = z.infer<typeof orderCreateInputSchema>;

export const orderCaptureInputSchema = z.object({
  paymentId: z.string({ message: 'paymentId is required' }).trim().min(1, 'paymentId is required').max(200),
  payerId: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  orderId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid order id').optional()),
});
export type OrderCaptureInput = z.infer<typeof orderCaptureInputSchema>;

export const sellerOrderStatusInputSchema = z.object({
  orderStatus: z.enum(SELLER_ORDER_STATUSES, {
    message: `Order status must be one of: ${SELLER_ORDER_STATUSES.join(', ')}`,
  }),
});
export type SellerOrderStatusInput = z.infer<typeof sellerOrderStatusInputSchema>;

export interface OrderLineDto {
  productId: string;
  _id: string;
  title: string;
  image: string;
  /** unit price after the line's discount, 2 decimals */
  price: string;
  unitPrice: number;
  discount: number;
  quantity: number;
  sellerId: string | null;
  status: string;
}
export interface OrderAddressDto {
  addressId: string | null;
  address: string;
  city: string;
  pincode: string;
  phone: string;
  notes: string;
}
export interface OrderDto {
  _id: string;
  orderId: string;
  userId: string;
  cartId: string | null;
  buyerName: string;
  createdAt: string;
  orderDate: string;
  orderUpdateDate: string;
  cartItems: OrderLineDto[];
  addressInfo: OrderAddressDto;
  orderStatus: string;
  paymentMethod: string;
  paymentStatus: string;
  subtotal: number;
  discount: number;
  shippingCharge: number;
  totalAmount: number;
  paymentId: string;
  payerId: string;
  /** per-seller status of an order that spans several sellers */
  sellerStatuses: Record<string, string>;
}

/** Why a cart line cannot be bought as it stands. */
export type CartLineProblem = 'deleted' | 'outOfStock' | 'insufficientStock';

/** A cart line as answered by the cart calls: the spec's item plus whether it can be bought now. */
export interface CartLineDto extends CartItemDto {
  /** false when the product was deleted or has less stock than the quantity */
  available: boolean;
  unavailableReason: CartLineProblem | null;
}

/** `data` of every cart call. `totals` counts only the available lines (what checkout would charge). */
export interface CartViewDto extends CartDto {
  items: CartLineDto[];
  totals: CartTotals;
}

/** POST /api/shop/order/cancel: the shopper abandons a pending payment; its stock is given back. */
export const orderCancelInputSchema = z
  .object({
    orderId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid order id').optional()),
    paymentId: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).optional()),
  })
  .refine((o) => o.orderId ?? o.paymentId, {
    message: 'orderId or paymentId is required',
    path: ['orderId'],
  });
export type OrderCancelInput = z.infer<typeof orderCancelInputSchema>;

/**
 * A seller's view of an order: only its own lines; subtotal, discount and totalAmount count only those lines
 * (shippingCharge is the order's); orderStatus is the seller's own status for its lines.
 */
export interface SellerOrderDto extends OrderDto {
  sellerId: string;
}

export interface RevenueByDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  revenue: number;
}

/** GET /api/admin/dashboard `data`. orders and revenue count paid orders. */
export interface AdminDashboardDto {
  orders: number;
  revenue: number;
  pendingSellers: number;
  products: number;
  revenueByDay: RevenueByDay[];
  /** paid orders through the built-in sandbox: test payments, never revenue */
  testOrders: number;
  testRevenue: number;
}

/** GET /api/seller/dashboard `data`: only the seller's own lines of paid orders and its own products. */
export interface SellerDashboardDto {
  orders: number;
  revenue: number;
  products: number;
  lowStock: { _id: string; title: string; totalStock: number; image: string }[];
  revenueByDay: RevenueByDay[];
  /** the seller's lines of paid sandbox orders: test payments, never revenue */
  testOrders: number;
  testRevenue: number;
}

/** Which payment provider takes the money (docs/security.md). */
export const PAYMENT_MODES = ['paypal', 'sandbox', 'none'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** GET /api/shop/config `data`: what every page needs to know about this shop's set-up. */
export interface ShopConfigDto {
  payments: {
    provider: PaymentMode;
    /** true with the built-in sandbox: no real money moves; every page says "test payments" */
    testMode: boolean;
  };
}
