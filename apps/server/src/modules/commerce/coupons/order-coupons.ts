/** The codes frozen on orders, as the order answers show them (docs/money.md, "Coupons"). */
import { toRupees, type OrderCouponDto } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { usesOfOrders } from './coupon.repository';

/** A line's coupon shares and what the shopper pays for it (rupees). */
export const lineDiscountsOf = (l: {
  linePricePaise: number;
  quantity: number;
  sellerDiscountPaise: number;
  platformDiscountPaise: number;
}) => ({
  sellerDiscount: toRupees(l.sellerDiscountPaise),
  platformDiscount: toRupees(l.platformDiscountPaise),
  payable: toRupees(l.linePricePaise * l.quantity - l.sellerDiscountPaise - l.platformDiscountPaise),
});

/**
 * The codes of a page of orders, by order id (one statement). A seller sees only its own codes; the platform's
 * shares on its lines show on the lines.
 */
export async function orderCoupons(
  db: DbOrTx,
  rows: readonly { id: string }[],
  sellerId?: string,
): Promise<(orderId: string) => OrderCouponDto[]> {
  const uses = await usesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return (orderId) =>
    uses
      .filter((u) => u.orderId === orderId && (sellerId === undefined || u.sellerId === sellerId))
      .map((u) => ({
        code: u.code,
        funder: u.funder,
        sellerId: u.sellerId,
        kind: u.kind,
        discount: toRupees(u.discountPaise),
      }));
}

/**
 * The shipping sellers' own free-delivery codes waived on these orders, by `orderId:sellerId` (paise, as frozen on
 * the use at placement; a released use waived nothing): what each seller pays for its parcel (docs/money.md,
 * "Coupons"). A seller's code covers its own lines only, so what it waived is its own parcel's shipping.
 */
export async function sellerWaivedShipping(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  const uses = await usesOfOrders(db, [...new Set(orderIds)]);
  const out = new Map<string, number>();
  for (const u of uses) {
    if (u.funder !== 'seller' || u.kind !== 'free_delivery' || u.state === 'released' || !u.sellerId)
      continue;
    const key = `${u.orderId}:${u.sellerId}`;
    out.set(key, (out.get(key) ?? 0) + u.discountPaise);
  }
  return out;
}
