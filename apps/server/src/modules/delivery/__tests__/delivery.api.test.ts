/**
 * Delivery end to end on the API (docs/delivery.md): pickup settings, the estimate and its cache, holidays,
 * shipments from the queue with the courier down and back, signed tracking webhooks (forged, duplicated,
 * reordered), delivered only by the courier, earnings on delivery, the shopper's tracking.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestAgent } from '../../../../test/app';
import { courierTestContext } from './courier-context';
import { codParcels, orders, orderShipments, refunds, trackingEvents } from '../../../db/schema';
import {
  codCheckout,
  insertProduct,
  ledgerOf,
  readOrder,
  readProduct,
  shopperWithCart,
  type Purchase,
} from '../../commerce/__tests__/helpers';

const SECRET = 'courier-webhook-secret-1';
const { fake, ctx, deliverSent, sellerWithPickup, paidOrderOf } = await courierTestContext(SECRET);

/** A new shopper at PIN `pincode` with a new product of `seller` in the cart tries to order it: 422 naming the seller. */
async function unserviceable(seller: { sellerId: string }, pincode: string, product: Purchase = {}) {
  const shopper = await shopperWithCart(
    ctx,
    [{ sellerId: seller.sellerId, pricePaise: 40_000, ...product }],
    {
      pincode,
    },
  );
  const res = await shopper.agent.post('/api/shop/order/create').send({ addressId: shopper.addressId });
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ code: 'UNSERVICEABLE', details: { sellerId: seller.sellerId } });
  return { shopper, res, product: shopper.products[0]! };
}

const shipment = async (orderId: string) =>
  (await ctx.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)))[0]!;

async function shipAndMake(agent: TestAgent, orderId: string) {
  const res = await agent.post(`/api/seller/orders/${orderId}/ship`).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await ctx.deps.delivery.runQueue();
  return (await shipment(orderId)).awb!;
}

describe('pickup settings and the estimate', () => {
  it('refuses a malformed pickup PIN code (naming the field) and an unknown one (naming it), changing nothing', async () => {
    const seller = await ctx.loginAsSeller();
    const put = (pin: string) =>
      seller.agent
        .put('/api/seller/delivery/settings')
        .send({ pickupAddress: '4 Chandni Chowk', pickupPincode: pin, dispatchDays: 1, cutoff: '14:00' });
    const malformed = await put('01234');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.fieldErrors.pickupPincode).toBeDefined();
    const unknown = await put('999999');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_PINCODE', details: { pincode: '999999' } });
    expect(unknown.body.message).toContain('999999');
    expect((await seller.agent.get('/api/seller/delivery/settings')).body.data.pickupPincode).toBeNull();
  });

  it('answers deliverable, COD, the promised date and the charge; 400 for a bad PIN code', async () => {
    const seller = await sellerWithPickup();
    const p = await insertProduct(ctx.db, {
      sellerId: seller.sellerId,
      pricePaise: 40_000,
      category: 'footwear',
    });
    const res = await ctx.anon().get(`/api/shop/delivery/estimate?pincode=560004&productId=${p.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ deliverable: true, cod: true, zone: 'C' });
    expect(res.body.data.promise).toMatch(/^Get it by \w{3}, \d{1,2} \w{3}$/);
    // what checkout charges this one unit as its seller's parcel: ₹400 is under the free-delivery threshold, so
    // zone C's rate for a 33×22×12 cm box (1.743 kg billed, 4 slabs): ₹50 + 3 × ₹30
    expect(res.body.data.charge).toBe(140);
    // a seller that does not take cash on delivery: no COD, whatever the route allows
    expect((await seller.agent.put('/api/seller/cod').send({ acceptsCod: false })).status).toBe(200);
    const noCod = await ctx.anon().get(`/api/shop/delivery/estimate?pincode=560004&productId=${p.id}`);
    expect(noCod.body.data).toMatchObject({ deliverable: true, cod: false });
    for (const bad of ['12345', 'abcdef', '999999']) {
      const r = await ctx.anon().get(`/api/shop/delivery/estimate?pincode=${bad}&productId=${p.id}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INVALID_PINCODE');
      expect(r.body.message).toContain(bad);
    }
    const far = await ctx.anon().get(`/api/shop/delivery/estimate?pincode=744003&productId=${p.id}`);
    expect(far.body.data).toMatchObject({ deliverable: false, promise: null });
  });

  it('caches the courier answer per seller and PIN code, and forgets it when the seller moves', async () => {
    const seller = await sellerWithPickup('110001');
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, pricePaise: 100_000 });
    const ask = () => ctx.anon().get(`/api/shop/delivery/estimate?pincode=110005&productId=${p.id}`);
    expect((await ask()).body.data.zone).toBe('A');
    expect((await ask()).body.data.zone).toBe('A');
    await seller.agent.put('/api/seller/delivery/settings').send({
      pickupAddress: 'MG Road, Bengaluru',
      pickupPincode: '560004',
      dispatchDays: 1,
      cutoff: '14:00',
    });
    expect((await ask()).body.data.zone).toBe('C');
  });

  it('an admin holiday moves the promised date', async () => {
    const seller = await sellerWithPickup();
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, pricePaise: 100_000 });
    const ask = async () =>
      (await ctx.anon().get(`/api/shop/delivery/estimate?pincode=560004&productId=${p.id}`)).body.data
        .promisedDate as string;
    const before = await ask();
    const admin = await ctx.loginAs('admin');
    expect(
      (await admin.agent.put(`/api/admin/delivery/holidays/${before}`).send({ name: 'Test day' })).status,
    ).toBe(200);
    expect(await ask()).not.toBe(before);
    expect((await admin.agent.delete(`/api/admin/delivery/holidays/${before}`)).status).toBe(200);
    expect(await ask()).toBe(before);
  });
});

describe('checkout', () => {
  it('a seller without a pickup address is named with the reason: 422, nothing held', async () => {
    const seller = await ctx.loginAsSeller();
    const { res, product } = await unserviceable(seller, '560004', { totalStock: 5 });
    expect(res.body.message).toContain('has not set its pickup address');
    expect((await readProduct(ctx.db, product.id)).totalStock).toBe(5);
  });

  it("blocks a seller's items the address cannot be served for with 422 naming the seller, before any hold", async () => {
    const seller = await sellerWithPickup();
    const { res, shopper } = await unserviceable(seller, '744003');
    expect(res.body.message).toContain('744003');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, shopper.userId))).toEqual([]);
  });

  it('stores each seller sub-order its promised date with the order', async () => {
    const seller = await sellerWithPickup();
    const { orderId } = await paidOrderOf(seller);
    const s = await shipment(orderId);
    expect(s).toMatchObject({ status: 'awaiting', zone: 'C', deliveryPincode: '560004' });
    expect(s.promisedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('shipments and tracking', () => {
  it('a seller cannot set delivered itself: 409 naming the rule', async () => {
    const seller = await sellerWithPickup();
    const { orderId } = await paidOrderOf(seller);
    const res = await seller.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'delivered' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DELIVERY_BY_COURIER');
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('confirmed');
  });

  it('the courier down when the seller marks ready: "creating shipment", made on a later try', async () => {
    const seller = await sellerWithPickup();
    const { orderId } = await paidOrderOf(seller);
    fake.controls.failCreates(1);
    const res = await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Creating shipment');
    // the mark-ready call starts the queue at once; the courier is down
    await expect.poll(async () => (await shipment(orderId)).attempts).toBe(1);
    let s = await shipment(orderId);
    expect(s).toMatchObject({ status: 'creating', attempts: 1, awb: null });
    await ctx.db
      .update(orderShipments)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(orderShipments.id, s.id));
    await ctx.deps.delivery.runQueue();
    s = await shipment(orderId);
    expect(s.status).toBe('created');
    expect(s.awb).toMatch(/^FX/);
    const again = await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({});
    expect(again.body.data.awb).toBe(s.awb);
    const label = await seller.agent.get(`/api/seller/orders/${orderId}/label`).buffer(true);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toContain('application/pdf');
  });

  it('a forged webhook is 400 and changes nothing', async () => {
    const seller = await sellerWithPickup();
    const { orderId } = await paidOrderOf(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    const body = JSON.stringify({
      awb,
      current_status: 'DELIVERED',
      current_timestamp: new Date().toISOString(),
    });
    const forged = createHmac('sha256', 'not-the-secret').update(body).digest('hex');
    for (const sig of [forged, undefined]) {
      const req = ctx.anon().post('/api/couriers/webhook').set('content-type', 'application/json');
      const res = await (sig ? req.set('x-courier-signature', sig) : req).send(body);
      expect(res.status).toBe(400);
    }
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('inProcess');
    const s = await shipment(orderId);
    expect(await ctx.db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, s.id))).toEqual([]);
    expect((await shipment(orderId)).trackingState).toBeNull();
  });

  it('duplicated and reordered events give one timeline; only delivery earns the seller', async () => {
    const seller = await sellerWithPickup();
    const { orderId, shopper } = await paidOrderOf(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    const earned = async () => (await ledgerOf(ctx.db, seller.sellerId)).length;
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb); // picked up
    await fake.controls.duplicate(awb);
    await fake.controls.reorder(awb, ['IN TRANSIT', 'OUT FOR DELIVERY']);
    expect(await deliverSent(from)).toEqual([200, 200, 200, 200]);
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('inShipping');
    expect(await earned()).toBe(0);
    const before = fake.controls.sent.length;
    await fake.controls.advance(awb); // delivered
    await fake.controls.duplicate(awb);
    await deliverSent(before);
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('delivered');
    expect(await earned()).toBeGreaterThan(0);
    const tracking = await shopper.agent.get(`/api/shop/order/${orderId}/tracking`);
    expect(tracking.status).toBe(200);
    const parcel = tracking.body.data.parcels[0];
    expect(parcel).toMatchObject({ awb, state: 'delivered', stateLabel: 'Delivered', late: false });
    expect(parcel.events.map((e: { state: string }) => e.state)).toEqual([
      'shipped',
      'inTransit',
      'outForDelivery',
      'delivered',
    ]);
    // the polling safety net finds nothing new
    expect(await ctx.deps.delivery.poll()).toBe(0);
    // another shopper does not see it
    const other = await ctx.loginAs('user');
    expect((await other.agent.get(`/api/shop/order/${orderId}/tracking`)).status).toBe(404);
  });

  it('a webhook the server missed is found by polling', async () => {
    const seller = await sellerWithPickup();
    const { orderId } = await paidOrderOf(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    await fake.controls.advance(awb); // sent nowhere
    expect(await ctx.deps.delivery.poll()).toBeGreaterThanOrEqual(1);
    expect((await shipment(orderId)).trackingState).toBe('shipped');
  });
});

describe('RTO', () => {
  it('a prepaid parcel back at the seller is refunded in full, once, with the stock back', async () => {
    const seller = await sellerWithPickup();
    const { orderId, product } = await paidOrderOf(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb); // picked up
    await fake.controls.advance(awb, 'RTO INITIATED');
    await fake.controls.advance(awb); // RTO DELIVERED
    await fake.controls.duplicate(awb);
    await deliverSent(from);
    const order = await readOrder(ctx.db, orderId);
    expect(order.refundedPaise).toBe(order.capturedPaise);
    expect(order.orderStatus).toBe('rejected');
    expect((await shipment(orderId)).trackingState).toBe('rtoDelivered');
    expect(
      await ctx.db.select({ kind: refunds.kind }).from(refunds).where(eq(refunds.orderId, orderId)),
    ).toEqual([{ kind: 'courier_rto' }]);
    expect((await readProduct(ctx.db, product.id)).unitsSold).toBe(0);
  });

  it('a parcel returning for more than 10 days is refunded without waiting for the seller', async () => {
    const seller = await sellerWithPickup();
    const { orderId } = await paidOrderOf(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb, 'RTO INITIATED');
    await deliverSent(from);
    expect(await ctx.deps.delivery.refundLateRtos()).toBe(0);
    const s = await shipment(orderId);
    await ctx.db
      .update(orderShipments)
      .set({ trackingAt: sql`now() - interval '11 days'` })
      .where(eq(orderShipments.id, s.id));
    expect(await ctx.deps.delivery.refundLateRtos()).toBe(1);
    expect(await ctx.deps.delivery.refundLateRtos()).toBe(0);
    const order = await readOrder(ctx.db, orderId);
    expect(order.refundedPaise).toBe(order.capturedPaise);
  });
});

describe('cash on delivery through the courier', () => {
  async function codOrder(seller: { sellerId: string }) {
    const made = await codCheckout(ctx, [{ sellerId: seller.sellerId, pricePaise: 100_000 }], {
      pincode: '560004',
    });
    expect(made.res.status, JSON.stringify(made.res.body)).toBe(201);
    const otp = /(\d{6})/.exec(ctx.deps.sms.sent.at(-1)!.text)![1]!;
    const placed = await made.agent.post('/api/shop/order/cod/confirm').send({ orderId: made.orderId, otp });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return made.orderId;
  }
  const parcel = async (orderId: string) =>
    (await ctx.db.select().from(codParcels).where(eq(codParcels.orderId, orderId)))[0]!;

  it("the shipment's AWB names the parcel the courier's remittance pays for", async () => {
    const seller = await sellerWithPickup();
    const orderId = await codOrder(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    expect((await parcel(orderId)).awb).toBe(awb);
    const from = fake.controls.sent.length;
    for (let i = 0; i < 4; i++) await fake.controls.advance(awb); // picked up … delivered
    await deliverSent(from);
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('delivered');
    const admin = await ctx.loginAs('admin');
    const total = (await readOrder(ctx.db, orderId)).totalPaise / 100;
    const res = await admin.agent
      .post('/api/admin/cod/remittances')
      .send({ csv: `awb,amount,date,reference\n${awb},${total.toFixed(2)},2026-11-20,REM-AWB` });
    expect(res.body.data.map((r: { outcome: string }) => r.outcome)).toEqual(['matched']);
    expect((await parcel(orderId)).state).toBe('remitted');
  });

  it('a refused parcel back at the seller counts as a refusal and refunds nothing', async () => {
    const seller = await sellerWithPickup();
    const orderId = await codOrder(seller);
    const awb = await shipAndMake(seller.agent, orderId);
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb); // picked up
    await fake.controls.advance(awb, 'RTO INITIATED');
    await fake.controls.advance(awb); // RTO DELIVERED
    await deliverSent(from);
    expect((await parcel(orderId)).state).toBe('refused');
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
  });
});
