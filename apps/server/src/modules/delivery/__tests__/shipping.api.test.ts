/**
 * Shipping per seller sub-order at checkout (docs/delivery.md, "Weight and the shipping charge"; docs/money.md,
 * "Delivery"), on the API with the fake courier over real HTTP: each seller's parcel is charged by its own
 * subtotal, billed weight and zone, the order pays the sum (and captures it), and a seller's shipping is given
 * back with that seller's last lines.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { shippingChargePaise } from '@mp/shared';
import { startCourierFake, type CourierFake } from '../../../fakes/courier';
import { createTestContext } from '../../../../test/app';
import { codParcels, orderShipments, refunds, taxDocuments } from '../../../db/schema';
import {
  addAddress,
  addToCart,
  createOrder,
  insertProduct,
  readOrder,
  sandboxCheckout,
} from '../../commerce/__tests__/helpers';

const KEY = 'courier-test-key';
const SECRET = 'courier-webhook-secret-2';
const fake: CourierFake = await startCourierFake({ apiKey: KEY, webhookSecret: SECRET });
const ctx = await createTestContext({
  COURIER_API_BASE: fake.url,
  COURIER_API_KEY: KEY,
  COURIER_WEBHOOK_SECRET: SECRET,
});
afterAll(() => fake.stop());

async function sellerAt(pin: string, gstin?: string) {
  const seller = await ctx.loginAsSeller();
  if (gstin) {
    const tax = await seller.agent.put('/api/seller/tax-profile').send({
      legalName: `Seller ${pin}`,
      gstin,
      state: gstin.startsWith('27') ? 'Maharashtra' : 'Karnataka',
      address: '1 Market Road',
    });
    expect(tax.status, JSON.stringify(tax.body)).toBe(200);
  }
  const res = await seller.agent
    .put('/api/seller/delivery/settings')
    .send({ pickupAddress: '1 Market Road', pickupPincode: pin, dispatchDays: 1, cutoff: '14:00' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return seller;
}

/**
 * Seller A ships from Delhi (to Bengaluru: zone C), a pair of shoes (33×22×12 cm bills 1.743 kg: 4 slabs); seller
 * B from Bengaluru (zone A), two small accessories (400 g billed: 1 slab).
 */
async function twoSellerCart(prices: { a: number; b: number }, gstins: { a?: string; b?: string } = {}) {
  const a = await sellerAt('110001', gstins.a);
  const b = await sellerAt('560001', gstins.b);
  const shoes = await insertProduct(ctx.db, {
    sellerId: a.sellerId,
    pricePaise: prices.a,
    category: 'footwear',
  });
  const rings = await insertProduct(ctx.db, {
    sellerId: b.sellerId,
    pricePaise: prices.b,
    category: 'accessories',
  });
  const shopper = await ctx.loginAs('user');
  const addressId = await addAddress(shopper.agent, { pincode: '560004' });
  await addToCart(shopper.agent, shoes.id, 1);
  await addToCart(shopper.agent, rings.id, 2);
  return { a, b, shopper, addressId };
}

const shipmentsOf = (orderId: string) =>
  ctx.db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.createdAt));

const bySeller = async (orderId: string) => new Map((await shipmentsOf(orderId)).map((s) => [s.sellerId, s]));

describe('shipping per seller sub-order', () => {
  it('charges a two-seller order the sum of each sub-order’s zone and weight charge, and captures that total', async () => {
    const { a, b, shopper, addressId } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const paid = await sandboxCheckout(shopper.agent, addressId);
    const chargeA = shippingChargePaise({ subtotalPaise: 30_000, billedGrams: 1_743, zone: 'C' });
    const chargeB = shippingChargePaise({ subtotalPaise: 40_000, billedGrams: 400, zone: 'A' });
    expect([chargeA, chargeB]).toEqual([14_000, 3_000]);
    const rows = await bySeller(paid.orderId);
    expect(rows.get(a.sellerId)).toMatchObject({ zone: 'C', billedGrams: 1_743, shippingPaise: 14_000 });
    expect(rows.get(b.sellerId)).toMatchObject({ zone: 'A', billedGrams: 400, shippingPaise: 3_000 });
    // the order-wide rule would have shipped ₹700 free; per seller each ₹300 and ₹400 sub-order pays its own
    expect(await readOrder(ctx.db, paid.orderId)).toMatchObject({
      shippingPaise: 17_000,
      totalPaise: 70_000 + 17_000,
      capturedPaise: 87_000,
    });
  });

  it('applies the free-delivery rule per sub-order: the ₹600 sub-order ships free, the ₹300 one pays', async () => {
    const { a, b, shopper, addressId } = await twoSellerCart({ a: 60_000, b: 15_000 });
    const paid = await sandboxCheckout(shopper.agent, addressId);
    const rows = await bySeller(paid.orderId);
    expect(rows.get(a.sellerId)!.shippingPaise).toBe(0);
    expect(rows.get(b.sellerId)!.shippingPaise).toBe(3_000);
    expect(await readOrder(ctx.db, paid.orderId)).toMatchObject({ shippingPaise: 3_000, totalPaise: 93_000 });
  });

  it("charges the admin's own products one platform parcel from 110001", async () => {
    const own = await insertProduct(ctx.db, { sellerId: null, pricePaise: 30_000, category: 'men' });
    const shopper = await ctx.loginAs('user');
    const addressId = await addAddress(shopper.agent, { pincode: '560004' });
    await addToCart(shopper.agent, own.id, 1);
    const paid = await sandboxCheckout(shopper.agent, addressId);
    // 30×25×4 cm bills 600 g (2 slabs), Delhi to Bengaluru is zone C
    expect(await readOrder(ctx.db, paid.orderId)).toMatchObject({ shippingPaise: 8_000, totalPaise: 38_000 });
    expect(await shipmentsOf(paid.orderId)).toEqual([]);
  });

  it("a seller's rejection gives back its own shipping with its last line, not the other seller's", async () => {
    const { a, b, shopper, addressId } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const paid = await sandboxCheckout(shopper.agent, addressId);
    const rej = await a.agent
      .put(`/api/seller/orders/update/${paid.orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock' });
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    // its shoes (₹300) and its parcel's ₹140; seller B's ₹30 shipping stays charged
    const first = await ctx.db.select().from(refunds).where(eq(refunds.orderId, paid.orderId));
    expect(first.map((r) => r.amountPaise)).toEqual([44_000]);
    let rows = await bySeller(paid.orderId);
    expect(rows.get(a.sellerId)!.shippingRefundedPaise).toBe(14_000);
    expect(rows.get(b.sellerId)!.shippingRefundedPaise).toBe(0);
    // B's rejection ends the order: everything left, its shipping included
    const last = await b.agent
      .put(`/api/seller/orders/update/${paid.orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock' });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const given = await ctx.db.select().from(refunds).where(eq(refunds.orderId, paid.orderId));
    expect(given.map((r) => r.amountPaise).sort((x, y) => x - y)).toEqual([43_000, 44_000]);
    rows = await bySeller(paid.orderId);
    expect(rows.get(b.sellerId)!.shippingRefundedPaise).toBe(3_000);
    expect((await readOrder(ctx.db, paid.orderId)).capturedPaise).toBe(87_000);
  });

  it("a cash-on-delivery order's parcels collect each seller's lines and own shipping; a rejection drops its parcel's shipping", async () => {
    const { a, b, shopper, addressId } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const created = await shopper.agent
      .post('/api/shop/order/create')
      .send({ addressId, paymentMethod: 'cod' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = created.body.orderId as string;
    const otp = /(\d{6})/.exec(ctx.deps.sms.sent.at(-1)!.text)![1]!;
    const confirmed = await shopper.agent.post('/api/shop/order/cod/confirm').send({ orderId, otp });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const parcels = async () =>
      new Map(
        (await ctx.db.select().from(codParcels).where(eq(codParcels.orderId, orderId))).map((p) => [
          p.sellerId,
          p.amountPaise,
        ]),
      );
    // shoes ₹300 + its ₹140 parcel; two rings ₹400 + its ₹30 parcel: together the order's total
    expect(await parcels()).toEqual(
      new Map([
        [a.sellerId, 44_000],
        [b.sellerId, 43_000],
      ]),
    );
    expect((await readOrder(ctx.db, orderId)).totalPaise).toBe(87_000);
    const rej = await a.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock' });
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    // A's parcel is not sent and its shipping is owed no more; B's parcel collects what it did
    expect(await parcels()).toEqual(
      new Map([
        [a.sellerId, 0],
        [b.sellerId, 43_000],
      ]),
    );
  });

  it("each seller's tax invoice carries its own sub-order's shipping line, not the whole order's on the first seller", async () => {
    const { a, b, shopper, addressId } = await twoSellerCart(
      { a: 30_000, b: 20_000 },
      { a: '27AAPFU0939F1ZV', b: '29AAGCB7383J1Z4' },
    );
    const paid = await sandboxCheckout(shopper.agent, addressId);
    for (const s of [a, b]) {
      const res = await s.agent
        .put(`/api/seller/orders/update/${paid.orderId}`)
        .send({ orderStatus: 'inShipping' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const docs = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, paid.orderId));
    const shippingLine = (sellerId: string) => {
      const doc = docs.find((d) => d.sellerId === sellerId && d.kind === 'invoice')!;
      const lines = (doc.content as { lines: { description: string; totalPaise: number }[] }).lines;
      return lines.filter((l) => l.description === 'Shipping charge').map((l) => l.totalPaise);
    };
    expect(shippingLine(a.sellerId)).toEqual([14_000]);
    expect(shippingLine(b.sellerId)).toEqual([3_000]);
  });

  it('quotes the cart per seller (store, date, charge) and the totals checkout then charges', async () => {
    const { a, b, shopper, addressId } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const res = await shopper.agent.get(`/api/shop/delivery/quote?addressId=${addressId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.data;
    expect(q).toMatchObject({ pincode: '560004', deliverable: true });
    const of = (id: string) => q.sellers.find((s: { sellerId: string }) => s.sellerId === id);
    expect(of(a.sellerId)).toMatchObject({
      deliverable: true,
      cod: true,
      zone: 'C',
      charge: 140,
      subtotal: 300,
    });
    expect(of(b.sellerId)).toMatchObject({ deliverable: true, zone: 'A', charge: 30, subtotal: 400 });
    expect(of(a.sellerId).promise).toMatch(/^Get it by \w{3}, \d{1,2} \w{3}$/);
    expect(q.totals).toMatchObject({ shippingCharge: 170, total: 870 });
    // the order charges exactly what the quote said
    const paid = await sandboxCheckout(shopper.agent, addressId);
    expect(await readOrder(ctx.db, paid.orderId)).toMatchObject({
      shippingPaise: 17_000,
      totalPaise: 87_000,
    });
  });

  it('quotes a buy-now item alone (not the cart) with the shipping its order is then charged', async () => {
    const { a, shopper, addressId } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const bag = await insertProduct(ctx.db, {
      sellerId: a.sellerId,
      pricePaise: 25_000,
      category: 'footwear',
    });
    const res = await shopper.agent.get(
      `/api/shop/delivery/quote?addressId=${addressId}&productId=${bag.id}&quantity=2`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.data;
    expect(q.sellers).toHaveLength(1);
    expect(q.sellers[0]).toMatchObject({ sellerId: a.sellerId, deliverable: true, zone: 'C', subtotal: 500 });
    const created = await shopper.agent
      .post('/api/shop/order/create')
      .send({ addressId, buyNow: { productId: bag.id, quantity: 2 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = await readOrder(ctx.db, created.body.orderId);
    expect(order.shippingPaise).toBe(q.sellers[0].charge * 100);
    expect(order.totalPaise).toBe(q.totals.total * 100);
    expect(q.totals).toMatchObject({ subtotal: 500 });
  });

  it('quotes a seller that cannot reach the PIN code as not deliverable, with the reason; a bad PIN code is 400', async () => {
    const { a, shopper } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const far = await shopper.agent.get('/api/shop/delivery/quote?pincode=744003');
    expect(far.status, JSON.stringify(far.body)).toBe(200);
    expect(far.body.data.deliverable).toBe(false);
    const sa = far.body.data.sellers.find((s: { sellerId: string }) => s.sellerId === a.sellerId);
    expect(sa).toMatchObject({ deliverable: false, promise: null, charge: 0 });
    expect(sa.reason).toContain('744003');
    const bad = await shopper.agent.get('/api/shop/delivery/quote?pincode=12345');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_PINCODE');
    const none = await shopper.agent.get('/api/shop/delivery/quote');
    expect(none.status).toBe(400);
    expect((await ctx.anon().get('/api/shop/delivery/quote?pincode=560004')).status).toBe(401);
  });

  it('checking out again after leaving the payment page charges the lines that come back from the unpaid order', async () => {
    const { a, b, shopper, addressId } = await twoSellerCart({ a: 30_000, b: 20_000 });
    const first = await createOrder(shopper.agent, addressId);
    // the cart is empty now (its lines are held by the unpaid order); placing again releases them into this order
    const paid = await sandboxCheckout(shopper.agent, addressId);
    expect(paid.orderId).not.toBe(first.orderId);
    const rows = await bySeller(paid.orderId);
    expect([rows.get(a.sellerId)?.shippingPaise, rows.get(b.sellerId)?.shippingPaise]).toEqual([
      14_000, 3_000,
    ]);
    expect(await readOrder(ctx.db, paid.orderId)).toMatchObject({
      shippingPaise: 17_000,
      capturedPaise: 87_000,
    });
  });
});
