/**
 * The delivery quote of the shopper's cart (docs/delivery.md, "Checkout"): per seller sub-order, whether it reaches
 * the address's PIN code, cash on delivery, the promised date and its own shipping charge, and the cart's totals
 * with those charges — the figures checkout then charges (the server's 422 at placing stays the authority).
 */
import {
  isPincode,
  toRupees,
  totalsWithCoupons,
  withSubOrderShipping,
  type DeliveryQuoteDto,
  type DeliveryQuoteQuery,
  type SellerQuoteDto,
} from '@mp/shared';
import { AppError, notFound } from '../../lib/errors';
import { getCart, loadBuyNowLine, toCartView, type CartRead } from '../commerce/cart/cart.service';
import { appliedCouponViews } from '../commerce/coupons/cart-coupons';
import { cartCouponIds } from '../commerce/coupons/coupon.repository';
import { cartLinesForCoupons, couponsOnLines, withCartCoupons } from '../commerce/coupons/coupon-pricing';
import { bySeller, subOrderPromise, type Item, type SellerPromise } from './checkout-promise';
import { holidaysOf, invalidPincode, PLATFORM_STORE_NAME, type EstimateDeps } from './delivery-estimate';
import { addressPincode, checkoutItems } from './delivery.repository';

type Quoted = SellerPromise & { deliverable: true };
type NotServed = { sellerId: string | null; storeName: string; deliverable: false; reason: string };

async function pincodeOf(deps: EstimateDeps, userId: string, q: DeliveryQuoteQuery): Promise<string> {
  if (q.pincode !== undefined) {
    const pincode = q.pincode.trim();
    if (!isPincode(pincode)) throw invalidPincode(pincode);
    return pincode;
  }
  const pincode = await addressPincode(deps.db, userId, q.addressId!);
  if (!pincode) throw notFound('Address');
  return pincode;
}

/** Each sub-order's promise, or why it cannot be served (the 422 checkout would answer). */
async function quoteSubOrders(deps: EstimateDeps, pincode: string, items: Item[]) {
  const at = { pincode, holidays: await holidaysOf(deps) };
  const out: (Quoted | NotServed)[] = [];
  for (const [sellerId, own] of bySeller(items)) {
    try {
      out.push({ ...(await subOrderPromise(deps, at, sellerId, own)), deliverable: true });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'UNSERVICEABLE') throw err;
      const storeName = own[0]!.storeName ?? PLATFORM_STORE_NAME;
      out.push({ sellerId, storeName, deliverable: false, reason: err.message });
    }
  }
  return out;
}

export async function quoteCart(
  deps: EstimateDeps,
  userId: string,
  q: DeliveryQuoteQuery,
): Promise<DeliveryQuoteDto> {
  const pincode = await pincodeOf(deps, userId, q);
  const buyNow = q.productId
    ? { productId: q.productId, variantId: q.variantId, quantity: q.quantity ?? 1 }
    : undefined;
  // buy now: that one item, as checkout will order it; else the cart
  const cartOf = async (): Promise<CartRead> =>
    buyNow
      ? {
          cart: toCartView('', userId, await loadBuyNowLine(deps.db, buyNow)),
          couponIds: await cartCouponIds(deps.db, userId),
        }
      : getCart(deps.db, userId);
  // delivery off (no courier): checkout keeps the order-wide rule, no promise per seller
  if (!deps.courier) {
    const { cart, couponIds } = await cartOf();
    const { totals, coupons } = await withCartCoupons(deps.db, cart, couponIds);
    return { pincode, deliverable: true, sellers: [], totals, coupons: coupons ?? [] };
  }
  const [{ cart, couponIds }, items] = await Promise.all([cartOf(), checkoutItems(deps.db, userId, buyNow)]);
  // the shopper's codes on these lines (docs/money.md, "Coupons"): each line's payable after its shares
  const forCoupons = cartLinesForCoupons(cart);
  const on = await couponsOnLines(deps.db, userId, forCoupons, { couponIds });
  const lines = forCoupons.map((l) => ({ sellerId: l.sellerId, payablePaise: on.payableOf(l.key) }));
  const ordered = new Set(lines.map((l) => l.sellerId));
  const quoted = (await quoteSubOrders(deps, pincode, items)).filter((s) => ordered.has(s.sellerId));
  const served = quoted.filter((s): s is Quoted => s.deliverable);
  const shipped = withSubOrderShipping(cart.totals, lines, served);
  const { totals, charges, waived } = totalsWithCoupons(
    shipped.totals,
    shipped.charges,
    on.couponDiscountPaise,
    on.evaluated.pricing,
  );
  const chargeOf = new Map(charges.map((c) => [c.sellerId, c]));
  const subtotalOf = (sellerId: string | null) =>
    lines.filter((l) => l.sellerId === sellerId).reduce((s, l) => s + l.payablePaise, 0);
  const sellers: SellerQuoteDto[] = quoted.map((s) =>
    s.deliverable
      ? {
          sellerId: s.sellerId,
          storeName: s.storeName,
          deliverable: true,
          reason: null,
          cod: s.cod,
          promisedDate: s.promisedDate,
          promise: s.promise,
          charge: toRupees(chargeOf.get(s.sellerId)?.shippingPaise ?? 0),
          subtotal: toRupees(subtotalOf(s.sellerId)),
          zone: s.zone,
        }
      : {
          ...s,
          cod: false,
          promisedDate: null,
          promise: null,
          charge: 0,
          subtotal: toRupees(subtotalOf(s.sellerId)),
          zone: null,
        },
  );
  const coupons = appliedCouponViews(on.evaluated, waived);
  return { pincode, deliverable: quoted.every((s) => s.deliverable), sellers, totals, coupons };
}
