import { z } from 'zod';
import { gstinSchema } from './tax';
import {
  ADDRESS_PLACES,
  CHECKOUT_PAYMENT_METHODS,
  INDIAN_STATES,
  LIMITS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SELLER_ORDER_STATUSES,
} from './constants';
import { emptyToUndefined, text, uuidOf } from './api';
import { phoneSchema } from './auth';
import { appliedCouponDtoSchema, lineDiscountFields, orderCouponDtoSchema } from './coupons';
import { pageQuerySchema } from './product';
import { lateFilterSchema, parcelSummarySchema } from './delivery';
import {
  LINE_STATES,
  parseOrderNumber,
  REJECTION_REASON_MAX,
  SHOPPER_ORDER_STATES,
  TIMELINE_STEPS,
} from './order-display';

const quantitySchema = z.coerce
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(LIMITS.cartQuantityMax, `Quantity must be at most ${LIMITS.cartQuantityMax}`);

const productIdSchema = uuidOf('Must be a valid product id');
/**
 * The variant chosen (docs/orders-and-stock.md, "Variants"): required when the product has options (else 400
 * VARIANT_REQUIRED); absent for a product without options, whose default variant is meant.
 */
const variantIdSchema = z.preprocess(emptyToUndefined, uuidOf('Must be a valid variant id').optional());

/** POST /api/shop/cart/add. userId and discount from the client are ignored (session and catalogue win). */
export const cartAddInputSchema = z.object({
  productId: productIdSchema,
  variantId: variantIdSchema,
  quantity: z.preprocess(emptyToUndefined, quantitySchema.default(1)),
});
export type CartAddInput = z.infer<typeof cartAddInputSchema>;

/** PUT /api/shop/cart/update-cart: sets the line's quantity. */
export const cartUpdateInputSchema = z.object({
  productId: productIdSchema,
  /** the line's variant; absent: the product's line (its only one) */
  variantId: variantIdSchema,
  quantity: quantitySchema,
});
export type CartUpdateInput = z.infer<typeof cartUpdateInputSchema>;

export const cartItemDtoSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  /** the chosen options, e.g. "Size: M · Colour: Black"; '' for a product without options */
  variantLabel: z.string(),
  title: z.string(),
  image: z.string(),
  salePrice: z.number().nullable(),
  price: z.number(),
  discount: z.number(),
  quantity: z.number().int(),
  totalStock: z.number().int(),
  sellerId: z.string().nullable(),
});

export const pincodeSchema = z
  .string({ message: 'Pincode is required' })
  .trim()
  .regex(/^[1-9][0-9]{5}$/, 'Pincode must be 6 digits');

/** A field that may be left blank (blank is stored as ''). */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );
const stateSchema = z.enum(INDIAN_STATES, { message: 'Choose a state' });

/**
 * POST/PUT of an address (docs/orders-and-stock.md, "Delivery addresses"). The recipient's name defaults to the
 * account's name and the state may be left out, so callers from before these fields keep working; the web form
 * (`addressFormSchema`) asks for both. Landmark and notes are optional.
 */
export const addressInputSchema = z.object({
  recipientName: z.preprocess(emptyToUndefined, text('Recipient name', 100).optional()),
  address: text('Address', 300),
  landmark: optionalText('Landmark', 100),
  city: text('City', 100),
  state: z.preprocess(emptyToUndefined, stateSchema.optional()),
  pincode: pincodeSchema,
  phone: phoneSchema,
  notes: optionalText('Notes', 300),
  place: z.enum(ADDRESS_PLACES, { message: 'Place must be home or work' }),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
/** The address form: the same fields, with the recipient's name and the state required. */
export const addressFormSchema = addressInputSchema.extend({
  recipientName: text('Recipient name', 100),
  state: z.preprocess(emptyToUndefined, stateSchema),
});
export const addressDtoSchema = z
  .object({
    _id: z.string(),
    addressId: z.string(),
    userId: z.string(),
    recipientName: z.string(),
    address: z.string(),
    landmark: z.string(),
    city: z.string(),
    pincode: z.string(),
    phone: z.string(),
    notes: z.string(),
    place: z.enum(ADDRESS_PLACES),
    state: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Address' });
export type AddressDto = z.infer<typeof addressDtoSchema>;

/** A checkout attempt's key: 8–200 visible ASCII characters (a uuid from the web). */
export const idempotencyKeySchema = z
  .string({ message: 'Idempotency key must be a string' })
  .regex(/^[\x21-\x7e]{8,200}$/, 'Idempotency key must be 8 to 200 visible ASCII characters');

/**
 * POST /api/shop/order/create: only the address is taken from the client; prices come from the database.
 * `buyNow` orders that one product and quantity instead of the cart, and leaves the cart as it is
 * (docs/orders-and-stock.md).
 */
export const orderCreateInputSchema = z
  .object({
    buyNow: z
      .object({
        productId: productIdSchema,
        variantId: variantIdSchema,
        quantity: z.preprocess(emptyToUndefined, quantitySchema.default(1)),
      })
      .optional(),
    addressId: uuidOf('Choose a delivery address').optional(),
    addressInfo: z
      .object({ addressId: uuidOf('Choose a delivery address') })
      .loose()
      .optional(),
    /** one key per checkout attempt (the Idempotency-Key header wins when both are sent) */
    idempotencyKey: idempotencyKeySchema.optional(),
    /** a business buyer's GSTIN and name, printed on its tax invoices (docs/tax.md) */
    buyerGstin: z.preprocess(emptyToUndefined, gstinSchema.optional()),
    buyerBusinessName: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(200).optional()),
    /** how the shopper pays (docs/money.md, "Payment methods"); PayPal when not given */
    paymentMethod: z
      .enum(CHECKOUT_PAYMENT_METHODS, {
        message: 'Choose a payment method: paypal, upi, card, netbanking or cod',
      })
      .optional(),
    /**
     * rupees: the total the shopper was shown (docs/money.md, "Coupons"); when the server's total differs (a code
     * stopped applying, its last use was taken) the answer is 409 COUPON_PRICE_CHANGED and no order is made
     */
    expectedTotal: z.number({ message: 'expectedTotal must be a number of rupees' }).min(0).optional(),
  })
  .loose()
  .refine((o) => o.addressId ?? o.addressInfo?.addressId, {
    message: 'Choose a delivery address',
    path: ['addressId'],
  })
  .refine((o) => !o.buyerGstin || o.buyerBusinessName, {
    message: 'Enter the business name of this GSTIN',
    path: ['buyerBusinessName'],
  });
export type OrderCreateInput = z.infer<typeof orderCreateInputSchema>;

export const orderCaptureInputSchema = z.object({
  paymentId: z.string({ message: 'paymentId is required' }).trim().min(1, 'paymentId is required').max(200),
  payerId: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  orderId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid order id').optional()),
});
export type OrderCaptureInput = z.infer<typeof orderCaptureInputSchema>;

/** PUT /api/seller/orders/update/:id. Rejecting needs a reason, which the shopper sees (docs/order-views.md). */
export const sellerOrderStatusInputSchema = z
  .object({
    orderStatus: z.enum(SELLER_ORDER_STATUSES, {
      message: `Order status must be one of: ${SELLER_ORDER_STATUSES.join(', ')}`,
    }),
    reason: z.preprocess(
      emptyToUndefined,
      z
        .string({ message: 'Reason must be text' })
        .trim()
        .min(3, 'Give a reason (at least 3 characters)')
        .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`)
        .optional(),
    ),
  })
  .refine((o) => o.orderStatus !== 'rejected' || o.reason !== undefined, {
    message: 'Give the shopper a reason for rejecting the order',
    path: ['reason'],
  });

/** One money event of an order (docs/money.md). `event` is the ledger's own name for it. */
export const paymentEntryDtoSchema = z
  .object({
    type: z.enum(['capture', 'refund']),
    event: z.string(),
    amount: z.number().meta({ description: 'rupees' }),
    status: z.enum(['pending', 'completed', 'failed', 'refused']),
    reason: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentEntry' });
export type PaymentEntryDto = z.infer<typeof paymentEntryDtoSchema>;

export const orderLineDtoSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  /** the chosen options when ordered, e.g. "Size: M · Colour: Black"; '' for a product without options */
  variantLabel: z.string(),
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  price: z.string().meta({ description: "unit price after the line's discount, 2 decimals" }),
  unitPrice: z.number(),
  listPrice: z.number().meta({ description: "the product's list price when ordered (rupees)" }),
  discount: z.number(),
  quantity: z.number().int(),
  sellerId: z.string().nullable(),
  storeName: z
    .string()
    .meta({ description: "the seller's store name (the marketplace's name for its own lines)" }),
  status: z.enum(ORDER_STATUSES),
  state: z.enum(LINE_STATES).meta({
    description:
      "the line's state as people see it: the order's while unpaid or cancelled; cancelledByShopper apart from rejected",
  }),
  rejectionReason: z
    .string()
    .nullable()
    .meta({ description: "the seller's reason, when the seller rejected this line" }),
  returnPolicy: z.string().optional().meta({
    description: 'the policy it was sold under: "7-day return" or "Not returnable" (docs/money.md)',
  }),
  ...lineDiscountFields,
  returnableQuantity: z
    .number()
    .int()
    .optional()
    .meta({
      description:
        'units the shopper may still ask to return now (delivered, window open, not returned or being returned); ' +
        "the shopper's own order only (docs/returns.md)",
    }),
  returnWindowEndsAt: z.string().nullable().optional().meta({
    description: "when the line's return window closes (end of its last day, IST); null until delivered",
  }),
});
export type OrderLineDto = z.infer<typeof orderLineDtoSchema>;
export const orderAddressDtoSchema = z.object({
  addressId: z.string().nullable(),
  /** who receives the parcel ('' on orders placed before it was asked: the buyer's name is shown) */
  recipientName: z.string(),
  address: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
});
export const timelineStepDtoSchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  state: z.enum(['done', 'pending', 'upcoming']),
  at: z.string().nullable(),
});

/** One seller's part of an order: its store, its status and its timeline (docs/order-views.md). */
export const fulfilmentDtoSchema = z
  .object({
    sellerId: z.string().nullable(),
    storeName: z.string(),
    status: z.enum(ORDER_STATUSES),
    state: z.enum(LINE_STATES).meta({ description: "the part's state as people see it (as a line's)" }),
    timeline: z.array(timelineStepDtoSchema),
  })
  .meta({ id: 'Fulfilment' });
export type FulfilmentDto = z.infer<typeof fulfilmentDtoSchema>;

const orderFields = {
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string().meta({ description: 'short human order number, e.g. "HM-100234"' }),
  state: z.enum(SHOPPER_ORDER_STATES).meta({
    description:
      'the state a shopper sees: an unpaid order whose payment was cancelled or expired is cancelled',
  }),
  cancelledAt: z.string().nullable(),
  userId: z.string(),
  cartId: z.string().nullable(),
  buyerName: z.string(),
  createdAt: z.string(),
  orderDate: z.string(),
  orderUpdateDate: z.string(),
  cartItems: z.array(orderLineDtoSchema),
  addressInfo: orderAddressDtoSchema,
  orderStatus: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  subtotal: z.number(),
  discount: z.number(),
  shippingCharge: z.number(),
  totalAmount: z.number(),
  paymentId: z.string(),
  payerId: z.string(),
  sellerStatuses: z
    .record(z.string(), z.enum(ORDER_STATUSES))
    .meta({ description: 'per-seller status of an order that spans several sellers' }),
  refundedAmount: z.number().meta({ description: 'money given back so far, rupees (docs/money.md)' }),
  coupons: z
    .array(orderCouponDtoSchema)
    .optional()
    .meta({ description: 'the codes frozen on the order and what each took off (docs/money.md, "Coupons")' }),
  couponDiscount: z.number().optional().meta({
    description: "rupees: Σ of the coupons' shares on the lines (free delivery is in shippingCharge)",
  }),
  payments: z.array(paymentEntryDtoSchema).meta({ description: "the order's payment ledger, oldest first" }),
  fulfilment: z
    .array(fulfilmentDtoSchema)
    .meta({ description: "each seller's part of the order with its status timeline" }),
  parcels: z.array(parcelSummarySchema).optional().meta({
    description: "each seller's parcel: state, AWB, late (docs/delivery.md); in sellers' and admin's lists",
  }),
};
export const orderDtoSchema = z.object(orderFields).meta({ id: 'Order' });
export type OrderDto = z.infer<typeof orderDtoSchema>;

/** GET /api/admin/orders query: filters (all optional) and a page; dates are YYYY-MM-DD, `to` inclusive. */
export const adminOrderListQuerySchema = z
  .object({
    status: z.preprocess(
      emptyToUndefined,
      z.enum(ORDER_STATUSES, { message: 'Unknown order status' }).optional(),
    ),
    paymentStatus: z.preprocess(
      emptyToUndefined,
      z.enum(PAYMENT_STATUSES, { message: 'Unknown payment status' }).optional(),
    ),
    sellerId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid seller id').optional()),
    /** how the order is paid (docs/money.md, "Payment methods"): paypal also finds the sandbox's */
    paymentMethod: z.preprocess(
      emptyToUndefined,
      z.enum(CHECKOUT_PAYMENT_METHODS, { message: 'Unknown payment method' }).optional(),
    ),
    number: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .max(40)
        .transform((v, ctx) => {
          const n = parseOrderNumber(v);
          if (n === null) {
            ctx.addIssue({ code: 'custom', message: 'Order number looks like HM-100234' });
            return z.NEVER;
          }
          return n;
        })
        .optional(),
    ),
    from: z.preprocess(emptyToUndefined, z.iso.date('from must be a date (YYYY-MM-DD)').optional()),
    to: z.preprocess(emptyToUndefined, z.iso.date('to must be a date (YYYY-MM-DD)').optional()),
    late: lateFilterSchema,
    ...pageQuerySchema.shape,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** POST /api/admin/orders/:orderId/refund: no amount = everything not yet refunded. */
export const adminRefundInputSchema = z.object({
  amount: z
    .number({ message: 'Refund amount must be a number' })
    .positive('Refund amount must be more than 0')
    .multipleOf(0.01, 'At most two decimals')
    .max(21_474_836.47)
    .optional(),
  reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500),
});
export type AdminRefundInput = z.infer<typeof adminRefundInputSchema>;

/** Why a cart line cannot be bought as it stands. */
export type CartLineProblem = 'deleted' | 'outOfStock' | 'insufficientStock';

/** A cart line as answered by the cart calls: the stored item plus whether it can be bought now. */
export const cartLineDtoSchema = cartItemDtoSchema.extend({
  available: z
    .boolean()
    .meta({ description: 'false when the product was deleted or has less stock than the quantity' }),
  unavailableReason: z.enum(['deleted', 'outOfStock', 'insufficientStock']).nullable(),
  ...lineDiscountFields,
});
export type CartLineDto = z.infer<typeof cartLineDtoSchema>;

export const cartTotalsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shippingCharge: z.number(),
  total: z.number(),
  itemCount: z.number().int(),
  /** rupees: Σ of the applied codes' shares on the lines (free delivery shows as a lower shippingCharge) */
  couponDiscount: z.number().optional(),
});

/** `data` of every cart call. `totals` counts only the available lines (what checkout would charge). */
export const cartViewDtoSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    items: z.array(cartLineDtoSchema),
    totals: cartTotalsSchema,
    coupons: z.array(appliedCouponDtoSchema).optional().meta({
      description: 'the codes applied to the cart, each with its discount or why it does not apply',
    }),
  })
  .meta({
    id: 'Cart',
    description: 'The cart; totals count only the available lines (what checkout would charge).',
  });
export type CartViewDto = z.infer<typeof cartViewDtoSchema>;

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
export const sellerOrderDtoSchema = z.object({ ...orderFields, sellerId: z.string() }).meta({
  id: 'SellerOrder',
  description: "A seller's view of an order: only its own lines and their totals.",
});
export type SellerOrderDto = z.infer<typeof sellerOrderDtoSchema>;

export const revenueByDaySchema = z.object({
  date: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
  revenue: z.number(),
});
export type RevenueByDay = z.infer<typeof revenueByDaySchema>;

/** GET /api/admin/dashboard `data`. orders and revenue count paid orders. */
export const adminDashboardDtoSchema = z
  .object({
    orders: z.number().int(),
    revenue: z.number(),
    pendingSellers: z.number().int(),
    products: z.number().int(),
    revenueByDay: z.array(revenueByDaySchema),
    testOrders: z
      .number()
      .int()
      .meta({ description: 'paid orders through the built-in sandbox: test payments, never revenue' }),
    testRevenue: z.number(),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboardDto = z.infer<typeof adminDashboardDtoSchema>;

/** GET /api/seller/dashboard `data`: only the seller's own lines of paid orders and its own products. */
export const sellerDashboardDtoSchema = z
  .object({
    orders: z.number().int(),
    revenue: z.number(),
    products: z.number().int(),
    lowStock: z.array(
      z.object({ _id: z.string(), title: z.string(), totalStock: z.number().int(), image: z.string() }),
    ),
    revenueByDay: z.array(revenueByDaySchema),
    testOrders: z
      .number()
      .int()
      .meta({ description: "the seller's lines of paid sandbox orders: test payments, never revenue" }),
    testRevenue: z.number(),
  })
  .meta({ id: 'SellerDashboard' });
export type SellerDashboardDto = z.infer<typeof sellerDashboardDtoSchema>;

/** Which payment provider takes the money (docs/security.md). */
export const PAYMENT_MODES = ['paypal', 'sandbox', 'none'] as const;

/** GET /api/shop/config `data`: what every page needs to know about this shop's set-up. */
export const shopConfigDtoSchema = z
  .object({
    payments: z.object({
      provider: z.enum(PAYMENT_MODES),
      testMode: z.boolean().meta({
        description: 'true with the built-in sandbox: no real money moves; every page says "test payments"',
      }),
      /** the ways to pay checkout offers here (docs/money.md, "Payment methods") */
      methods: z.array(z.enum(CHECKOUT_PAYMENT_METHODS)).optional(),
    }),
  })
  .meta({ id: 'ShopConfig' });
export type ShopConfigDto = z.infer<typeof shopConfigDtoSchema>;
