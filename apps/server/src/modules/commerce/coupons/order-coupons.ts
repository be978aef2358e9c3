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
