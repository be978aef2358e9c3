/**
 * Delivery in the consoles (docs/delivery.md, "Own shipping", "Tracking", "Late parcels"): own shipping with the
 * shopper's delivery code (a wrong code changes nothing, five in a row lock it, the right one delivers once through
 * the courier's path: earnings, tax invoice, mail; the code reaches the shopper by mail and on its order only), the
 * out-for-delivery mail once per parcel, and each parcel's state and late flag in the seller's and admin's lists.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courierTestContext } from './courier-context';
import { mailOutbox, orders, orderShipments, taxDocuments, trackingEvents } from '../../../db/schema';
import { ledgerOf, readOrder } from '../../commerce/__tests__/helpers';

const SECRET = 'courier-webhook-secret-2';
const { fake, ctx, deliverSent, paidOrder } = await courierTestContext(SECRET);

const mailsTo = (to: string, kind: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

const ledgerRows = async (sellerId: string) => (await ledgerOf(ctx.db, sellerId)).length;

const invoices = async (orderId: string) =>
  (await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).length;

describe('own shipping with the delivery code', () => {
  it('sends the shopper a code; a wrong code changes nothing; the right one delivers once', async () => {
    const { seller, shopper, orderId } = await paidOrder();
    const ship = await seller.agent
      .post(`/api/seller/orders/${orderId}/ship`)
      .send({ mode: 'self', carrier: 'Own van', trackingRef: 'VAN-7' });
    expect(ship.status, JSON.stringify(ship.body)).toBe(200);
    expect(ship.body.data).toMatchObject({
      mode: 'self',
      state: 'shipped',
      courierName: 'Own van',
      trackingRef: 'VAN-7',
    });
    // the seller never sees the code
    expect(ship.body.data.deliveryCode).toBeNull();
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('inShipping');
    // no courier label for a parcel the seller carries
    expect((await seller.agent.get(`/api/seller/orders/${orderId}/label`)).status).toBe(409);

    // the code reaches the shopper: by mail, once, and on its order's parcel
    const mails = await mailsTo(shopper.email, 'delivery-code');
    expect(mails).toHaveLength(1);
    const code = (mails[0]!.payload as { code: string }).code;
    expect(code).toMatch(/^\d{6}$/);
    const tracking = await shopper.agent.get(`/api/shop/order/${orderId}/tracking`);
    expect(tracking.body.data.parcels[0]).toMatchObject({
      mode: 'self',
      deliveryCode: code,
      state: 'shipped',
    });
    // the admin sees the parcel, not the code; the code is stored only hashed
    const admin = await ctx.loginAs('admin');
    const adminView = await admin.agent.get(`/api/shop/order/${orderId}/tracking`);
    expect(adminView.body.data.parcels[0].deliveryCode).toBeNull();
    const [row] = await ctx.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    expect(row!.deliveryCodeHash).not.toContain(code);
    // shipping again changes nothing and sends no second code
    expect(
      (await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({ mode: 'self' })).status,
    ).toBe(200);
    expect(await mailsTo(shopper.email, 'delivery-code')).toHaveLength(1);

    // the seller's PUT of delivered is still refused
    const put = await seller.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'delivered' });
    expect(put.status).toBe(409);
    expect(put.body.code).toBe('DELIVERY_BY_COURIER');

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code: wrongCode });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'DELIVERY_CODE_WRONG', details: { triesLeft: 4 } });
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('inShipping');
    expect(await ledgerRows(seller.sellerId)).toBe(0);
    const malformed = await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code: '12' });
    expect(malformed.status).toBe(400);

    const invoicesBefore = await invoices(orderId);
    const right = await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data).toMatchObject({ state: 'delivered', deliveryCode: null });
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('delivered');
    const earned = await ledgerRows(seller.sellerId);
    expect(earned).toBeGreaterThan(0);
    // delivered once: asking again changes nothing
    const again = await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/already/);
    expect(await ledgerRows(seller.sellerId)).toBe(earned);
    // the invoice was issued when it shipped, and once
    expect(invoicesBefore).toBe(1);
    expect(await invoices(orderId)).toBe(1);
    expect(await mailsTo(shopper.email, 'line-status')).toHaveLength(2); // shipped, delivered
    const after = await shopper.agent.get(`/api/shop/order/${orderId}/tracking`);
    expect(after.body.data.parcels[0]).toMatchObject({ state: 'delivered', deliveryCode: null });
    expect(after.body.data.parcels[0].events.map((e: { state: string }) => e.state)).toEqual([
      'shipped',
      'delivered',
    ]);
  });

  it('five wrong codes in a row lock the code (429); the right one is refused too until then', async () => {
    const { seller, shopper, orderId } = await paidOrder();
    await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({ mode: 'self' });
    const code = ((await mailsTo(shopper.email, 'delivery-code'))[0]!.payload as { code: string }).code;
    const wrongCode = code === '999999' ? '999998' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code: wrongCode })).status,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const locked = await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('DELIVERY_CODE_LOCKED');
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('inShipping');
    expect(await ledgerRows(seller.sellerId)).toBe(0);
    // an hour later the tries start again
    await ctx.db
      .update(orderShipments)
      .set({ deliveryCodeTriedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orderShipments.orderId, orderId));
    expect((await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code })).status).toBe(
      200,
    );
  });

  it('a cash-on-delivery order cannot be shipped by the seller itself: 409, nothing changes', async () => {
    const { seller, orderId } = await paidOrder();
    await ctx.db.update(orders).set({ paymentMethod: 'cod' }).where(eq(orders.id, orderId));
    const res = await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({ mode: 'self' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DELIVERY_BY_COURIER');
    const [row] = await ctx.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    expect(row).toMatchObject({ mode: 'courier', status: 'awaiting', deliveryCodeHash: null });
  });

  it('a courier parcel cannot be delivered with a code (409); another seller cannot reach it (404)', async () => {
    const { seller, orderId } = await paidOrder();
    expect((await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({})).status).toBe(200);
    const res = await seller.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code: '123456' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DELIVERY_BY_COURIER');
    const other = await ctx.loginAsSeller();
    expect(
      (await other.agent.post(`/api/seller/orders/${orderId}/deliver`).send({ code: '123456' })).status,
    ).toBe(404);
    expect((await other.agent.post(`/api/seller/orders/${orderId}/ship`).send({ mode: 'self' })).status).toBe(
      404,
    );
  });
});

describe('parcel mails', () => {
  it('out for delivery is mailed once per parcel, however often the courier says it', async () => {
    const { seller, shopper, orderId } = await paidOrder();
    expect((await seller.agent.post(`/api/seller/orders/${orderId}/ship`).send({})).status).toBe(200);
    await ctx.deps.delivery.runQueue();
    const [s] = await ctx.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    const awb = s!.awb!;
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb); // picked up
    await fake.controls.advance(awb); // in transit
    await fake.controls.advance(awb); // out for delivery
    await fake.controls.duplicate(awb);
    expect(await deliverSent(from)).toEqual([200, 200, 200, 200]);
    const events = await ctx.db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, s!.id));
    expect(events.map((e) => e.state)).toContain('outForDelivery');
    const ofd = await mailsTo(shopper.email, 'parcel-out-for-delivery');
    expect(ofd).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `line-status:${orderId}:%`)),
    ).toHaveLength(1);
  });
});

describe('late parcels in the consoles', () => {
  it("the seller's and admin's lists show each parcel's state and AWB, and flag the late ones; admin filters late", async () => {
    const late = await paidOrder();
    const onTime = await paidOrder();
    expect((await late.seller.agent.post(`/api/seller/orders/${late.orderId}/ship`).send({})).status).toBe(
      200,
    );
    await ctx.deps.delivery.runQueue();
    // the late parcel was promised yesterday or before (IST); the other is promised in the future
    await ctx.db
      .update(orderShipments)
      .set({ promisedDate: '2020-01-06' })
      .where(eq(orderShipments.orderId, late.orderId));

    const sellerList = await late.seller.agent.get('/api/seller/orders/get');
    expect(sellerList.status).toBe(200);
    const [row] = sellerList.body.data;
    expect(row.parcels).toHaveLength(1);
    expect(row.parcels[0]).toMatchObject({ late: true, shipment: 'created', sellerId: late.seller.sellerId });
    expect(row.parcels[0].awb).toMatch(/\w+/);
    const other = await onTime.seller.agent.get('/api/seller/orders/get');
    expect(other.body.data[0].parcels[0]).toMatchObject({ late: false, shipment: 'awaiting', awb: null });

    const admin = await ctx.loginAs('admin');
    const all = await admin.agent.get('/api/admin/orders?limit=100');
    const ids = (body: { data: { _id: string }[] }) => body.data.map((o) => o._id);
    expect(ids(all.body)).toEqual(expect.arrayContaining([late.orderId, onTime.orderId]));
    const lateOnly = await admin.agent.get('/api/admin/orders?late=true&limit=100');
    expect(lateOnly.status).toBe(200);
    expect(ids(lateOnly.body)).toContain(late.orderId);
    expect(ids(lateOnly.body)).not.toContain(onTime.orderId);
    const lateOrder = lateOnly.body.data.find((o: { _id: string }) => o._id === late.orderId);
    expect(lateOrder.parcels[0]).toMatchObject({ late: true, stateLabel: 'Ready for pickup' });
    expect((await admin.agent.get('/api/admin/orders?late=maybe')).status).toBe(400);

    // delivered is never late, and leaves the filter
    await ctx.db
      .update(orderShipments)
      .set({ trackingState: 'delivered' })
      .where(eq(orderShipments.orderId, late.orderId));
    expect(ids((await admin.agent.get('/api/admin/orders?late=true&limit=100')).body)).not.toContain(
      late.orderId,
    );
  });
});
