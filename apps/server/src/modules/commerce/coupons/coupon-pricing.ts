/**
 * The codes on a set of priced lines, the one computation the cart, the delivery quote and checkout share
 * (docs/money.md, "Coupons"): each line's seller and platform shares, what each line then costs, and — once the
 * caller knows the shipping — the totals with free delivery applied.
 */
import { discountedUnitPrice, toPaise, totalsWithCoupons, type CartViewDto } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import {
  appliedCouponViews,
  couponLinesOf,
  evaluateCoupons,
  type CartCoupons,
  type LineForCoupons,
} from './cart-coupons';
import { cartCouponIds } from './coupon.repository';

const NO_COUPONS: CartCoupons = {
  coupons: [],
  verdicts: new Map(),
  pricing: { lines: new Map(), discounts: new Map(), freeDelivery: new Map(), wholeOrder: null },
};

export interface CouponsOnLines {
  evaluated: CartCoupons;
  sellerDiscountOf: (key: string) => number;
  platformDiscountOf: (key: string) => number;
  /** gross − both shares */
  payableOf: (key: string) => number;
  couponDiscountPaise: number;
}

export async function couponsOnLines(
  db: DbOrTx,
  userId: string,
  lines: readonly LineForCoupons[],
  opts: { atCheckout?: boolean; couponIds?: string[] } = {},
): Promise<CouponsOnLines> {
  // no code applied: one read (none when the caller read the ids already), and the lines cost their gross
  const couponIds = opts.couponIds ?? (await cartCouponIds(db, userId));
  const evaluated = couponIds.length
    ? await evaluateCoupons(db, userId, await couponLinesOf(db, lines), { ...opts, couponIds })
    : NO_COUPONS;
  const share = (key: string) =>
    evaluated.pricing.lines.get(key) ?? { sellerDiscountPaise: 0, platformDiscountPaise: 0 };
  const gross = new Map(lines.map((l) => [l.key, l.grossPaise]));
  const couponDiscountPaise = [...evaluated.pricing.lines.values()].reduce(
    (s, d) => s + d.sellerDiscountPaise + d.platformDiscountPaise,
    0,
  );
  return {
    evaluated,
    sellerDiscountOf: (k) => share(k).sellerDiscountPaise,
    platformDiscountOf: (k) => share(k).platformDiscountPaise,
    payableOf: (k) => (gross.get(k) ?? 0) - share(k).sellerDiscountPaise - share(k).platformDiscountPaise,
    couponDiscountPaise,
  };
}

/** A cart's available lines as the codes see them (key: the variant). */
export const cartLinesForCoupons = (cart: CartViewDto): LineForCoupons[] =>
  cart.items
    .filter((i) => i.available)
    .map((i) => ({
      key: i.variantId,
      productId: i.productId,
      sellerId: i.sellerId,
      grossPaise: toPaise(discountedUnitPrice(i)) * i.quantity,
    }));

const rupees = (paise: number) => paise / 100;

/**
 * The cart with its codes: each line's shares and payable, each code's verdict and discount, the totals less the
 * shares and (free delivery) the order-wide shipping. Without applied codes the cart is answered as it is.
 */
export async function withCartCoupons(
  db: DbOrTx,
  cart: CartViewDto,
  couponIds?: string[],
): Promise<CartViewDto> {
  const lines = cartLinesForCoupons(cart);
  const on = await couponsOnLines(db, cart.userId, lines, couponIds ? { couponIds } : {});
  if (on.evaluated.coupons.length === 0) return { ...cart, coupons: [] };
  const { totals, waived } = totalsWithCoupons(cart.totals, [], on.couponDiscountPaise, on.evaluated.pricing);
  const available = new Set(lines.map((l) => l.key));
  return {
    ...cart,
    items: cart.items.map((i) =>
      available.has(i.variantId)
        ? {
            ...i,
            sellerDiscount: rupees(on.sellerDiscountOf(i.variantId)),
            platformDiscount: rupees(on.platformDiscountOf(i.variantId)),
            payable: rupees(on.payableOf(i.variantId)),
          }
        : i,
    ),
    totals,
    coupons: appliedCouponViews(on.evaluated, waived),
  };
}
