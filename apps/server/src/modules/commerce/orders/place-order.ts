/**
 * Place order (docs/orders-and-stock.md), one transaction under the cart's lock:
 * 1. the same checkout attempt (idempotency key) answers the order it already made;
 * 2. a seller's own products are refused;
 * 3. the shopper's previous unpaid order is released (stock and cart lines back), and its deadline is kept;
 * 4. the hold limits are checked (lines, units, share of stock, cool-down);
 * 5. the cart's stock is held, the order and its lines recorded, and the ordered lines leave the cart.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  type CheckoutPaymentMethod,
  computeTotals,
  DELIVERY_ADDRESS_FIELDS,
  formatINR,
  priceBreakdown,
  toPaise,
  toRupees,
  totalsWithCoupons,
  variantLabel,
  withSubOrderShipping,
  type SubOrderCharge,
  type SubOrderParcel,
} from '@mp/shared';
import { pick } from '../../../lib/pick';
import type { Tx } from '../../../db/client';
import { addresses, carts, sellers, users } from '../../../db/schema';
import type { HoldLimits } from '../../../config/env';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import {
  codesOf,
  ensureCartId,
  lineProblem,
  loadBuyNowLine,
  loadCartLines,
  ownProduct,
  takeOutOfCart,
  type BuyNowItem,
  type CartLineRow,
} from '../cart/cart.service';
import { notifyLowStock } from '../../notifications';
import * as stock from '../stock/stock.repository';
import type { Touched } from '../unit-of-work';
import { checkHoldLimits } from './hold-limits';
import type { OrderRow } from './order.mapper';
import { findByIdempotencyKey, heldOrderAndDeadline, insertLines, insertOrder } from './order.repository';
import { releaseHoldIn } from './stock-hold';
import { withLineTax } from '../../tax/line-tax';
import { withReturnWindow } from '../returns/return-policy';
import { assertExpectedTotal, couponsAtPlacement, reserveCouponUsesIn } from '../coupons/coupon-checkout';
import type { CouponsOnLines } from '../coupons/coupon-pricing';

export interface PlaceOrderDeps {
  /** the provider that will take the payment (recorded on the order) */
  paymentMethod: string;
  holdMinutes: number;
  holdLimits: HoldLimits;
}

export interface PlaceOrderRequest {
  userId: string;
  addressId: string;
  idempotencyKey: string | undefined;
  buyNow: BuyNowItem | undefined;
  /** a business buyer's GSTIN and name (docs/tax.md) */
  business?: { gstin: string; name: string } | undefined;
  /** the shopper's choice at checkout (docs/money.md, "Payment methods"); PayPal when not given */
  paymentMethod?: CheckoutPaymentMethod | undefined;
  /** rupees: the total the shopper was shown; another total is 409 COUPON_PRICE_CHANGED (docs/money.md, "Coupons") */
  expectedTotal?: number | undefined;
}

export interface Placed {
  order: OrderRow;
  replayed: boolean;
  /** the order's lines as the provider is told them */
  lines: { title: string; unitPricePaise: number; quantity: number }[];
  /** each sub-order's shipping when delivery is on (docs/delivery.md); empty when off or replayed */
  charges: SubOrderCharge[];
}

/** The order amount columns are PostgreSQL integers (paise): a larger order cannot be written. */
const ORDER_AMOUNT_MAX_PAISE = 2_147_483_647;

export async function placePendingOrder(
  deps: PlaceOrderDeps,
  tx: Tx,
  touched: Touched,
  req: PlaceOrderRequest,
  /** the sub-orders' parcels when delivery is on: shipping per sub-order; undefined: the order-wide rule */
  parcels?: readonly SubOrderParcel[],
): Promise<Placed> {
  const { cartId, couponIds } = await lockCart(tx, req.userId);
  if (req.idempotencyKey) {
    const same = await findByIdempotencyKey(tx, req.userId, req.idempotencyKey);
    if (same) return { order: same, replayed: true, lines: [], charges: [] };
  }
  const buyer = await buyerOf(tx, req.userId, req.addressId);
  const deadline = await replacePendingOrder(tx, touched, req.userId);
  // buy now orders one product and leaves the cart alone; a cart checkout orders every line of the cart
  const cartLines = req.buyNow ? await loadBuyNowLine(tx, req.buyNow) : await loadCartLines(tx, cartId);
  checkLines(cartLines, buyer.ownSellerId, !!req.buyNow);
  // what one unpaid shopper may hold (docs/orders-and-stock.md, "Hold limits")
  await checkHoldLimits(tx, req.userId, cartLines, deps.holdLimits);
  const priced = await takeAndPrice(tx, touched, cartLines);
  // the shopper's codes, judged again on these lines (docs/money.md, "Coupons")
  const couponed = await couponsAtPlacement(tx, req.userId, priced, couponIds);
  const { totals, charges, waived } = totalsOf(priced, parcels, couponed);
  assertExpectedTotal(req.expectedTotal, toPaise(totals.total));
  const order = await insertOrder(tx, {
    userId: req.userId,
    // a buy-now order has no cart: ending it puts nothing back, paying it takes nothing out
    cartId: req.buyNow ? null : cartId,
    buyerName: buyer.fullName || buyer.username,
    ...shippingOf(buyer.address),
    orderStatus: 'pending',
    paymentStatus: 'pending',
    paymentMethod: deps.paymentMethod,
    subtotalPaise: toPaise(totals.subtotal),
    // the products' own discounts and the codes' shares (free delivery is in the shipping)
    discountPaise: toPaise(totals.discount) + couponed.couponDiscountPaise,
    shippingPaise: toPaise(totals.shippingCharge),
    totalPaise: toPaise(totals.total),
    stockHeld: true,
    // a replacing checkout keeps the deadline of the one it replaced: a hold is never renewed
    holdExpiresAt: deadline ?? sql`now() + make_interval(mins => ${deps.holdMinutes})`,
    idempotencyKey: req.idempotencyKey ?? null,
    buyerGstin: req.business?.gstin ?? null,
    buyerBusinessName: req.business?.name ?? null,
  });
  // GST of each line, frozen now (docs/tax.md)
  const taxed = await withLineTax(tx, buyer.address.state, linesOf(order.id, cartLines, priced, couponed));
  // and the return window of each line's category (docs/money.md, "Return window")
  const written = await withReturnWindow(tx, taxed);
  await insertLines(tx, written);
  await reserveCouponUsesIn(tx, { userId: req.userId, orderId: order.id, on: couponed, waived });
  if (!req.buyNow) await takeOutOfCart(tx, cartId, cartLines);
  const lines = written.map((l) => ({
    title: l.title,
    unitPricePaise: l.unitPricePaise,
    quantity: l.quantity,
  }));
  return { order, replayed: false, lines, charges };
}

/**
 * One checkout per cart at a time: the cart row is locked as it is found (created first on first use), and the
 * ids of the codes applied to it are read with it.
 */
async function lockCart(tx: Tx, userId: string): Promise<{ cartId: string; couponIds: string[] }> {
  const lock = () =>
    tx
      .select({ id: carts.id, couponIds: codesOf(userId) })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for('update');
  let [cart] = await lock();
  if (!cart) {
    await ensureCartId(tx, userId);
    [cart] = await lock();
  }
  return { cartId: cart!.id, couponIds: cart!.couponIds };
}

/** The address, the buyer's name and the buyer's own seller record (if any) in one read. */
async function buyerOf(tx: Tx, userId: string, addressId: string) {
  const [found] = await tx
    .select({
      address: addresses,
      username: users.username,
      fullName: users.fullName,
      ownSellerId: sql<
        string | null
      >`(select ${sellers.id} from ${sellers} where ${sellers.userId} = ${users.id} limit 1)`,
    })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, addressId), eq(addresses.userId, users.id)))
    .where(eq(users.id, userId));
  if (!found?.address) throw notFound('Address');
  return { ...found, address: found.address };
}

const shippingOf = (a: typeof addresses.$inferSelect) => ({
  addressId: a.id,
  ...pick(a, DELIVERY_ADDRESS_FIELDS),
  notes: a.notes,
});

/**
 * One unpaid order per shopper: releases the shopper's held pending order, if any. Answers the deadline the new
 * hold inherits: the earliest still-running deadline of the shopper's unpaid checkouts, so checking out again
 * never renews a hold; null when none is running.
 */
async function replacePendingOrder(tx: Tx, touched: Touched, userId: string): Promise<Date | null> {
  const { previous, deadline } = await heldOrderAndDeadline(tx, userId);
  if (previous) await releaseHoldIn(tx, touched, previous, 'cancelled');
  return deadline;
}

const outOfStockMessage = (title: string, problem: string | null, stock: number, buyNow: boolean) =>
  problem === 'deleted'
    ? `${title} is no longer available.${buyNow ? '' : ' Please remove it from your cart.'}`
    : stock <= 0
      ? `${title} is out of stock.${buyNow ? '' : ' Please remove it from your cart.'}`
      : `Only ${stock} of ${title} left. Please reduce the quantity${buyNow ? '' : ' in your cart'}.`;

/** Something to order, none of it the buyer's own products, each line available in its quantity. */
function checkLines(cartLines: CartLineRow[], ownSellerId: string | null, buyNow: boolean): void {
  if (cartLines.length === 0) throw new AppError(400, 'CART_EMPTY', 'Your cart is empty');
  const own = ownSellerId && cartLines.find((l) => l.sellerId === ownSellerId);
  if (own) throw ownProduct(own.title);
  for (const line of cartLines) {
    const problem = lineProblem(line);
    if (problem) {
      throw conflict(outOfStockMessage(line.title, problem, line.totalStock, buyNow), 'OUT_OF_STOCK');
    }
  }
}

/** Holds the lines' stock; prices come from the rows just updated: exactly what the shopper is charged for. */
async function takeAndPrice(tx: Tx, touched: Touched, cartLines: CartLineRow[]) {
  const took = await stock.take(tx, touched, cartLines);
  if ('refused' in took) {
    // someone else bought it between our read and now
    throw conflict(
      `${took.refused.title} has just sold out or has too little stock left. Please update your cart.`,
      'OUT_OF_STOCK',
    );
  }
  // a product whose stock just fell to its seller's threshold is told (docs/seo-and-email.md)
  await notifyLowStock(tx, cartLines);
  const quantityOf = new Map(cartLines.map((l) => [l.variantId, l.quantity]));
  return took.taken.map((p) => ({
    p,
    quantity: quantityOf.get(p.id)!,
    price: toRupees(p.pricePaise),
    salePrice: p.salePricePaise == null ? null : toRupees(p.salePricePaise),
    discount: p.discount,
  }));
}

type Priced = Awaited<ReturnType<typeof takeAndPrice>>;

function totalsOf(priced: Priced, parcels: readonly SubOrderParcel[] | undefined, couponed: CouponsOnLines) {
  const byLine = priced.map((x) => ({ sellerId: x.p.sellerId, payablePaise: couponed.payableOf(x.p.id) }));
  if (parcels && byLine.some((l) => !parcels.some((p) => p.sellerId === l.sellerId))) {
    throw conflict(
      'Your cart changed while the order was being placed. Please check it and try again.',
      'CONFLICT',
    );
  }
  const shipped = withSubOrderShipping(computeTotals(priced), byLine, parcels);
  const { totals, charges, waived } = totalsWithCoupons(
    shipped.totals,
    shipped.charges,
    couponed.couponDiscountPaise,
    couponed.evaluated.pricing,
  );
  if (toPaise(Math.max(totals.subtotal, totals.total)) > ORDER_AMOUNT_MAX_PAISE) {
    throw badRequest(
      `An order can total at most ${formatINR(toRupees(ORDER_AMOUNT_MAX_PAISE))}. Please reduce the quantities in your cart.`,
    );
  }
  return { totals, charges, waived };
}

/** The order's lines in cart order (the locks were taken in product-id order), priced as the shop showed each variant. */
function linesOf(orderId: string, cartLines: CartLineRow[], priced: Priced, couponed: CouponsOnLines) {
  const byVariantId = new Map(priced.map((x) => [x.p.id, x]));
  return cartLines.map((line) => {
    const x = byVariantId.get(line.variantId)!;
    // the very figures the shop showed for this variant (docs/prices.md)
    const shown = priceBreakdown(x);
    return {
      orderId,
      productId: x.p.productId,
      variantId: x.p.id,
      variantLabel: variantLabel(x.p.options, x.p.optionValues),
      sellerId: x.p.sellerId,
      title: x.p.title,
      image: x.p.image,
      listPricePaise: toPaise(shown.listPrice),
      unitPricePaise: toPaise(shown.basePrice),
      discount: shown.discountPercent,
      linePricePaise: toPaise(shown.payable),
      quantity: x.quantity,
      sellerDiscountPaise: couponed.sellerDiscountOf(x.p.id),
      platformDiscountPaise: couponed.platformDiscountOf(x.p.id),
      status: 'pending' as const,
    };
  });
}
