/**
 * Coupons at checkout (docs/money.md, "Coupons"): the codes are judged again on the lines as the order is placed,
 * their shares frozen on the lines, and one use of each code taken in the order's transaction — by the database
 * guard of reserveUse, so racing checkouts never take more uses than a code has. A use is redeemed when the order
 * is paid (any path) and released when the order ends unpaid or is cancelled whole.
 */
import { formatINR, priceBreakdown, toPaise, toRupees, type PriceInput } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { couponsOnLines, type CouponsOnLines } from './coupon-pricing';
import { redeemUses, releasedUsesFit, releaseUses, reserveUse } from './coupon.repository';

/** A priced line as placement holds it (its variant's row and quantity). */
interface PricedLine extends PriceInput {
  p: { id: string; productId: string; sellerId: string | null };
  quantity: number;
}

/** The codes on the lines being ordered (key: the variant id). */
export function couponsAtPlacement(
  tx: Tx,
  userId: string,
  priced: readonly PricedLine[],
  /** the ids of the codes on the cart, read with the cart's lock */
  couponIds: string[],
): Promise<CouponsOnLines> {
  return couponsOnLines(
    tx,
    userId,
    priced.map((x) => ({
      key: x.p.id,
      productId: x.p.productId,
      sellerId: x.p.sellerId,
      grossPaise: toPaise(priceBreakdown(x).payable) * x.quantity,
    })),
    { atCheckout: true, couponIds },
  );
}

/**
 * 409 COUPON_PRICE_CHANGED when the shopper was shown another total (a code stopped applying since): a price never
 * changes silently; nothing is kept (the caller's transaction rolls back).
 */
export function assertExpectedTotal(expectedTotal: number | undefined, totalPaise: number): void {
  if (expectedTotal === undefined || toPaise(expectedTotal) === totalPaise) return;
  throw new AppError(
    409,
    'COUPON_PRICE_CHANGED',
    `Your total is now ${formatINR(toRupees(totalPaise))}, not ${formatINR(expectedTotal)}: a code no longer applies. Please check your cart.`,
    undefined,
    { total: toRupees(totalPaise), expectedTotal },
  );
}

/**
 * One use of each applying code for this order (one checkout is one use, however many sellers it splits into),
 * with what it took off (its lines' shares plus the shipping it waived). A code whose last use was just taken by
 * another checkout: 409 COUPON_EXHAUSTED, and the caller's transaction makes no order.
 */
export async function reserveCouponUsesIn(
  tx: Tx,
  a: { userId: string; orderId: string; on: CouponsOnLines; waived: ReadonlyMap<string, number> },
): Promise<void> {
  const { evaluated } = a.on;
  for (const c of evaluated.coupons) {
    if (!evaluated.verdicts.get(c.id)!.applies) continue;
    const discountPaise = (evaluated.pricing.discounts.get(c.id) ?? 0) + (a.waived.get(c.id) ?? 0);
    const taken = await reserveUse(tx, {
      couponId: c.id,
      userId: a.userId,
      orderId: a.orderId,
      discountPaise,
    });
    if (!taken) {
      throw new AppError(
        409,
        'COUPON_EXHAUSTED',
        `${c.code} has just been used up. Nothing was ordered; please check your cart.`,
        undefined,
        { code: c.code, reason: 'exhausted' },
      );
    }
  }
}

/** The order is paid (PayPal, the Indian gateway, cash on delivery confirmed): its uses are redeemed. */
export const redeemCouponUsesIn = (tx: Tx, orderId: string): Promise<void> => redeemUses(tx, orderId);

/** A late payment keeps its codes only while each has a use left; else it is refused like one whose stock is gone. */
export const lateCouponUsesFitIn = (tx: Tx, orderId: string): Promise<boolean> =>
  releasedUsesFit(tx, orderId);

/** The order ended unpaid (cancelled, failed, expired, replaced) or was cancelled whole: its uses come back. */
export const releaseCouponUsesIn = (tx: DbOrTx, orderId: string): Promise<void> => releaseUses(tx, orderId);
