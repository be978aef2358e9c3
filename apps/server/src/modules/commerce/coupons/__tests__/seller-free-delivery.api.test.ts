/**
 * A seller's own free-delivery code (docs/money.md, "Coupons"), with the fake courier over real HTTP so each
 * seller's parcel is charged its own shipping: the code waives its seller's parcel only, in the quote and in the
 * placed order, and the seller pays the shipping it waived when the parcel is delivered (a `delivery_waived` entry
 * of the frozen figure); an order cancelled before delivery charges nothing.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courierTestContext } from '../../../delivery/__tests__/courier-context';
import { couponUses, orderShipments, orders, sellerLedger } from '../../../../db/schema';
import {
  addAddress,
  addToCart,
  courierDelivers,
  createOrder,
  insertProduct,
  payOrder,
} from '../../__tests__/helpers';

// delivery on: each seller's parcel is charged its own shipping (docs/delivery.md)
const { ctx, sellerWithPickup: sellerAt } = await courierTestContext('coupon-courier-secret');
let n = 0;

/** Seller A (Delhi) with its free-delivery code and a ₹300 item, seller B (Bengaluru) with a ₹200 item in a cart. */
async function twoSellersWithCode() {
  const a = await sellerAt('110001');
  const b = await sellerAt('560001');
  const made = await a.agent.post('/api/seller/coupons').send({
    code: `SHIP${++n}${Date.now().toString(36).slice(-4)}`.toUpperCase(),
    kind: 'free_delivery',
    startsAt: '2026-01-01',
    endsAt: '2099-12-31',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.data).toMatchObject({ funder: 'seller', sellerId: a.sellerId, kind: 'free_delivery' });
  const pa = await insertProduct(ctx.db, { sellerId: a.sellerId, pricePaise: 30_000, category: 'footwear' });
  const pb = await insertProduct(ctx.db, {
    sellerId: b.sellerId,
    pricePaise: 20_000,
    category: 'accessories',
  });
  const shopper = await ctx.loginAs('user');
  const addressId = await addAddress(shopper.agent, { pincode: '560004' });
  await addToCart(shopper.agent, pa.id, 1);
  await addToCart(shopper.agent, pb.id, 1);
  return { a, b, shopper, addressId, code: made.body.data.code as string };
}

type Quote = { sellers: { sellerId: string; charge: number }[]; totals: { shippingCharge: number } };
const chargeOf = (q: Quote, sellerId: string) => q.sellers.find((s) => s.sellerId === sellerId)!.charge;

const waivedEntries = (sellerId: string) =>
  ctx.db
    .select({ deltaPaise: sellerLedger.deltaPaise, orderId: sellerLedger.orderId })
    .from(sellerLedger)
    .where(and(eq(sellerLedger.sellerId, sellerId), eq(sellerLedger.type, 'delivery_waived')));

describe("a seller's free-delivery code", () => {
  it("when a shopper applies it, then only that seller's parcel ships free, and at delivery the seller pays what it waived", async () => {
    const { a, b, shopper, addressId, code } = await twoSellersWithCode();
    const quote = async () => {
      const res = await shopper.agent.get(`/api/shop/delivery/quote?addressId=${addressId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Quote & { coupons: { code: string; discount: number }[] };
    };
    const before = await quote();
    const shipA = chargeOf(before, a.sellerId);
    const shipB = chargeOf(before, b.sellerId);
    expect(shipA).toBeGreaterThan(0);
    expect(shipB).toBeGreaterThan(0);

    expect((await shopper.agent.post('/api/shop/cart/coupon').send({ code })).status).toBe(200);
    const after = await quote();
    // A's parcel ships free, B's keeps its charge; the code's discount is A's shipping
    expect(chargeOf(after, a.sellerId)).toBe(0);
    expect(chargeOf(after, b.sellerId)).toBe(shipB);
    expect(after.totals.shippingCharge).toBe(shipB);
    expect(after.coupons).toEqual([expect.objectContaining({ code, discount: shipA })]);

    const created = await createOrder(shopper.agent, addressId);
    await payOrder(shopper.agent, created);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(order!.shippingPaise).toBe(Math.round(shipB * 100));
    const parcels = await ctx.db
      .select({ sellerId: orderShipments.sellerId, shippingPaise: orderShipments.shippingPaise })
      .from(orderShipments)
      .where(eq(orderShipments.orderId, created.orderId));
    expect(new Map(parcels.map((p) => [p.sellerId, p.shippingPaise]))).toEqual(
      new Map([
        [a.sellerId, 0],
        [b.sellerId, Math.round(shipB * 100)],
      ]),
    );
    const [use] = await ctx.db.select().from(couponUses).where(eq(couponUses.orderId, created.orderId));
    expect(use).toMatchObject({ state: 'redeemed', discountPaise: Math.round(shipA * 100) });

    // nothing is charged before delivery; at delivery A pays its parcel's shipping, once; B pays nothing
    expect(await waivedEntries(a.sellerId)).toEqual([]);
    await courierDelivers(ctx.deps, created.orderId, a.sellerId);
    await courierDelivers(ctx.deps, created.orderId, b.sellerId);
    expect(await waivedEntries(a.sellerId)).toEqual([
      { deltaPaise: -Math.round(shipA * 100), orderId: created.orderId },
    ]);
    expect(await waivedEntries(b.sellerId)).toEqual([]);
    const statement = (await a.agent.get('/api/seller/earnings')).body.data;
    expect(statement.deliveryWaived).toBe(shipA);
    expect(statement.entries).toContainEqual(
      expect.objectContaining({ type: 'delivery_waived', amount: -shipA }),
    );
    // the balance is the earning less the deductions and the shipping it waived
    const earned = statement.earned as number;
    const deductions = statement.commission + statement.commissionTax + statement.tcs + statement.tds;
    expect(statement.balance).toBeCloseTo(earned - deductions - shipA, 2);
    // and the admin's Payouts page shows what each seller's codes waived
    const admin = await ctx.loginAs('admin');
    const accounts = (await admin.agent.get('/api/admin/seller-accounts')).body.data as {
      sellerId: string;
    }[];
    expect(accounts.find((x) => x.sellerId === a.sellerId)).toMatchObject({ deliveryWaived: shipA });
    expect(accounts.find((x) => x.sellerId === b.sellerId)).toMatchObject({ deliveryWaived: 0 });
  });

  it('when the whole order is cancelled before delivery, then the seller is charged nothing and the use comes back', async () => {
    const { a, shopper, addressId, code } = await twoSellersWithCode();
    expect((await shopper.agent.post('/api/shop/cart/coupon').send({ code })).status).toBe(200);
    const created = await createOrder(shopper.agent, addressId);
    await payOrder(shopper.agent, created);
    const cancelled = await shopper.agent.post(`/api/shop/order/cancel/${created.orderId}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [use] = await ctx.db.select().from(couponUses).where(eq(couponUses.orderId, created.orderId));
    expect(use!.state).toBe('released');
    expect(await waivedEntries(a.sellerId)).toEqual([]);
  });
});
