/**
 * Shipping per seller sub-order (docs/delivery.md, "Weight and the shipping charge"; docs/money.md, "Delivery"):
 * each seller's lines travel as one parcel, charged by `shippingChargePaise` from that sub-order's own subtotal
 * (Σ payable of its lines, so the free-delivery rule applies per sub-order), its billed weight and its route's
 * zone. The admin's own products (no seller) are one platform parcel charged the same way. The order's shipping
 * is the sum; the order total is Σ payable + Σ shipping.
 */
import { z } from 'zod';
import { cartTotalsSchema } from './commerce';
import { appliedCouponDtoSchema } from './coupons';
import { LIMITS } from './constants';
import { COURIER_ZONES, shippingChargePaise, type CourierZone } from './delivery';
import { toPaise, toRupees } from './money';

/** A sub-order's parcel as checkout measured it: its seller (null: the platform's own products), zone and weight. */
export interface SubOrderParcel {
  sellerId: string | null;
  zone: CourierZone;
  billedGrams: number;
}

/** An order line as the charge needs it: whose it is and what the shopper pays for it (paise). */
export interface ChargedLine {
  sellerId: string | null;
  payablePaise: number;
}

export interface SubOrderCharge {
  sellerId: string | null;
  /** Σ payable of the sub-order's lines */
  subtotalPaise: number;
  shippingPaise: number;
}

/** Each parcel's charge from its own lines' subtotal; a parcel without lines costs nothing. */
export function subOrderCharges(
  lines: readonly ChargedLine[],
  parcels: readonly SubOrderParcel[],
): SubOrderCharge[] {
  return parcels.map((p) => {
    const subtotalPaise = lines
      .filter((l) => l.sellerId === p.sellerId)
      .reduce((s, l) => s + l.payablePaise, 0);
    const shippingPaise =
      subtotalPaise > 0
        ? shippingChargePaise({ subtotalPaise, billedGrams: p.billedGrams, zone: p.zone })
        : 0;
    return { sellerId: p.sellerId, subtotalPaise, shippingPaise };
  });
}

export const shippingTotalPaise = (charges: readonly { shippingPaise: number }[]): number =>
  charges.reduce((s, c) => s + c.shippingPaise, 0);

/**
 * The order's totals with shipping per sub-order (delivery on) in place of the order-wide rule: shipping is the
 * sum of the parcels' charges, the total the lines' total plus that. Without parcels (delivery off) the totals
 * stay the order-wide rule's (computeTotals).
 */
export function withSubOrderShipping<T extends { shippingCharge: number; total: number }>(
  totals: T,
  lines: readonly ChargedLine[],
  parcels: readonly SubOrderParcel[] | undefined,
): { totals: T; charges: SubOrderCharge[] } {
  if (!parcels) return { totals, charges: [] };
  const charges = subOrderCharges(lines, parcels);
  const shippingPaise = shippingTotalPaise(charges);
  const linesPaise = toPaise(totals.total) - toPaise(totals.shippingCharge);
  return {
    totals: {
      ...totals,
      shippingCharge: toRupees(shippingPaise),
      total: toRupees(linesPaise + shippingPaise),
    },
    charges,
  };
}

/**
 * Shipping given back (`amountPaise`) falls on the sub-orders in turn, each up to what is left of its charge
 * (`shippingPaise − refundedPaise`); what no sub-order takes (the platform's own parcel) is the order's alone.
 */
export function allocateShippingRefund<K>(
  shipments: readonly { key: K; shippingPaise: number; refundedPaise: number }[],
  amountPaise: number,
): { key: K; paise: number }[] {
  let left = amountPaise;
  const out: { key: K; paise: number }[] = [];
  for (const s of shipments) {
    const take = Math.min(left, Math.max(0, s.shippingPaise - s.refundedPaise));
    if (take > 0) out.push({ key: s.key, paise: take });
    left -= take;
  }
  return out;
}

// ---- contract: the delivery quote of the shopper's cart (GET /api/shop/delivery/quote) -----------------------

/**
 * Which address (the shopper's own) or PIN code the cart is quoted to; one of them is needed. With `productId`
 * (buy now) the quote is of that one product, variant and quantity instead of the cart.
 */
export const deliveryQuoteQuerySchema = z
  .object({
    addressId: z.uuid('Must be a valid address id').optional(),
    /** checked by the server (400 INVALID_PINCODE naming it) */
    pincode: z.string().max(20).optional(),
    productId: z.uuid('Must be a valid product id').optional(),
    variantId: z.uuid('Must be a valid variant id').optional(),
    quantity: z.coerce.number().int().min(1).max(LIMITS.cartQuantityMax).optional(),
  })
  .refine((q) => q.addressId !== undefined || q.pincode !== undefined, {
    message: 'Give an addressId or a pincode',
  });
export type DeliveryQuoteQuery = z.infer<typeof deliveryQuoteQuerySchema>;

export const sellerQuoteDtoSchema = z
  .object({
    /** null: the admin's own products */
    sellerId: z.string().nullable(),
    storeName: z.string(),
    deliverable: z.boolean(),
    /** why not, when not deliverable (the message checkout's 422 UNSERVICEABLE gives) */
    reason: z.string().nullable(),
    cod: z.boolean(),
    /** YYYY-MM-DD (IST), null when not deliverable */
    promisedDate: z.string().nullable(),
    /** "Get it by Thu, 4 Dec" */
    promise: z.string().nullable(),
    /** rupees: this sub-order's shipping (0: free, or not deliverable) */
    charge: z.number(),
    /** rupees: Σ payable of this seller's lines */
    subtotal: z.number(),
    zone: z.enum(COURIER_ZONES).nullable(),
  })
  .meta({ id: 'SellerDeliveryQuote' });
export type SellerQuoteDto = z.infer<typeof sellerQuoteDtoSchema>;

export const deliveryQuoteDtoSchema = z
  .object({
    pincode: z.string(),
    /** every seller of the cart reaches the PIN code (else checkout answers 422 UNSERVICEABLE) */
    deliverable: z.boolean(),
    sellers: z.array(sellerQuoteDtoSchema),
    /** the cart's totals with shipping per seller sub-order (what checkout charges) */
    totals: cartTotalsSchema,
    /** the applied codes with their discounts on this quote (free delivery: the shipping waived) */
    coupons: z.array(appliedCouponDtoSchema).optional(),
  })
  .meta({ id: 'DeliveryQuote' });
export type DeliveryQuoteDto = z.infer<typeof deliveryQuoteDtoSchema>;
