/**
 * Returns after delivery through the API and on a fake clock (docs/returns.md): requests and their 404/409/422,
 * the units guard under concurrent requests, the window's end in IST, the seller's and admin's decisions, the
 * 48-hour timers, and one refund however the seller, the timer and the admin race. Run with DATABASE_URL for real
 * PostgreSQL.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { returnWindowEndsAt } from '@mp/shared';
import { mailOutbox, orderStatusHistory, refunds, returns, taxDocuments } from '../../../../db/schema';
import { createTestContext, type TestSeller } from '../../../../../test/app';
import { pngBytes } from '../../../catalog/__tests__/catalog-fixtures';
import { codCheckout, courierDelivers, ledgerOf, paidOrder } from '../../__tests__/helpers';
import { createReturns } from '../returns.service';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const HOUR = 3_600_000;

/** A returns service on a clock the test moves (the timers and the window read it); COD refunds it was asked for. */
let clock = new Date();
const codSent: { returnId: string; refundTo: unknown; amountPaise: number }[] = [];
const fake = createReturns({
  db: ctx.db,
  changes: ctx.deps.changes,
  logger: ctx.deps.logger,
  money: ctx.deps.money,
  earnings: ctx.deps.earnings,
  currency: ctx.config.paypalCurrency,
  // no courier here: an approved return waits for the seller to mark it received
  pickups: { request: async () => {} },
  codRefunds: {
    async send(_tx, r) {
      codSent.push(r);
      return { refundId: null };
    },
  },
  now: () => clock,
});

/** A shopper's paid order of `quantity` units at ₹1,000 of a `category` product, delivered by the courier. */
async function deliveredOrder(
  opts: { seller?: TestSeller; quantity?: number; category?: string; deliver?: boolean } = {},
) {
  const seller = opts.seller ?? (await ctx.loginAsSeller());
  const shopper = await paidOrder(ctx, [
    {
      sellerId: seller.sellerId,
      pricePaise: 100_000,
      quantity: opts.quantity ?? 2,
      totalStock: 50,
      gstRate: 0,
      category: opts.category ?? 'women',
    },
  ]);
  const { orderId, order } = shopper;
  if (opts.deliver !== false) await courierDelivers(ctx.deps, orderId, seller.sellerId);
  const lineId = order.cartItems[0]._id as string;
  return { seller, shopper, orderId, lineId };
}

const ask = (o: Awaited<ReturnType<typeof deliveredOrder>>, quantity = 1, reason = 'changed_mind') =>
  o.shopper.agent
    .post('/api/shop/returns')
    .send({ orderId: o.orderId, lines: [{ lineId: o.lineId, quantity }], reason });

const returnRow = async (id: string) => (await ctx.db.select().from(returns).where(eq(returns.id, id)))[0]!;
const refundsOfReturn = (id: string) =>
  ctx.db
    .select()
    .from(refunds)
    .where(eq(refunds.dedupeKey, `return:${id}`));

describe('return requests', () => {
  it('when a shopper returns one of two delivered units, then one return is requested and the line offers one more', async () => {
    const o = await deliveredOrder();
    const detail = await o.shopper.agent.get(`/api/shop/order/details/${o.orderId}`);
    expect(detail.body.data.cartItems[0]).toMatchObject({
      returnableQuantity: 2,
      returnWindowEndsAt: expect.any(String),
    });
    const res = await ask(o, 1, 'damaged');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body.data[0];
    expect(r).toMatchObject({
      orderId: o.orderId,
      sellerId: o.seller.sellerId,
      state: 'requested',
      reason: 'damaged',
      sellerFault: true,
      refundAmount: 1000,
      lines: [{ lineId: o.lineId, quantity: 1, refundAmount: 1000 }],
      history: [{ kind: 'requested', state: 'requested', actor: 'shopper' }],
    });
    expect(new Date(r.decisionDueAt).getTime() - new Date(r.createdAt).getTime()).toBe(48 * HOUR);
    const after = await o.shopper.agent.get(`/api/shop/order/details/${o.orderId}`);
    expect(after.body.data.cartItems[0].returnableQuantity).toBe(1);
    // the same units again, or more than are left: 409, and nothing changes
    const again = await ask(o, 2);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'RETURN_QUANTITY_EXCEEDED', details: { returnable: 1 } });
    const mine = await o.shopper.agent.get('/api/shop/returns');
    expect(mine.body.data).toHaveLength(1);
    const seller = await o.seller.agent.get('/api/seller/returns');
    expect(seller.body.data.map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it('when the line is not delivered, not returnable, someone else’s, or the order prepaid with a refund account, then it is refused', async () => {
    const undelivered = await deliveredOrder({ deliver: false });
    expect((await ask(undelivered)).body.code).toBe('NOT_DELIVERED');
    expect(
      (await admin.agent.put('/api/admin/return-policies/appliances').send({ windowDays: null })).status,
    ).toBe(200);
    const fixed = await deliveredOrder({ category: 'appliances' });
    const res = await ask(fixed);
    expect([res.status, res.body.code]).toEqual([409, 'NOT_RETURNABLE']);
    const o = await deliveredOrder();
    const other = await ctx.loginAs('user');
    const theirs = await other.agent
      .post('/api/shop/returns')
      .send({ orderId: o.orderId, lines: [{ lineId: o.lineId, quantity: 1 }], reason: 'damaged' });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'NOT_FOUND']);
    const withAccount = await o.shopper.agent.post('/api/shop/returns').send({
      orderId: o.orderId,
      lines: [{ lineId: o.lineId, quantity: 1 }],
      reason: 'damaged',
      refundTo: { kind: 'upi', vpa: 'asha@okhdfc' },
    });
    expect([withAccount.status, withAccount.body.code]).toEqual([422, 'REFUND_DESTINATION_NOT_ALLOWED']);
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(returns)
      .where(eq(returns.orderId, o.orderId));
    expect(count!.n).toBe(0);
  });

  it('when two requests race for the last returnable unit, then exactly one return is made', async () => {
    const o = await deliveredOrder({ quantity: 1 });
    const answers = await Promise.all([ask(o), ask(o), ask(o)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const rows = await ctx.db.select().from(returns).where(eq(returns.orderId, o.orderId));
    expect(rows).toHaveLength(1);
  });

  it('when the window ends (the end of its last day in IST), then a request a moment later is refused', async () => {
    const o = await deliveredOrder();
    const [h] = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.orderId), eq(orderStatusHistory.toStatus, 'delivered')));
    const ends = returnWindowEndsAt(h!.createdAt, 7);
    // midnight in India (UTC+05:30)
    expect((ends.getTime() + 330 * 60_000) % (24 * HOUR)).toBe(0);
    const body = {
      orderId: o.orderId,
      lines: [{ lineId: o.lineId, quantity: 1 }],
      reason: 'size_fit' as const,
    };
    clock = new Date(ends.getTime());
    await expect(fake.request(o.shopper.userId, body)).rejects.toMatchObject({
      code: 'RETURN_WINDOW_CLOSED',
    });
    clock = new Date(ends.getTime() - 1);
    expect((await fake.request(o.shopper.userId, body))[0]!.state).toBe('requested');
    clock = new Date();
  });
});

describe('photos', () => {
  it('when the shopper uploads photos and names them in the request, then the seller sees them on the return', async () => {
    const o = await deliveredOrder();
    const up = await o.shopper.agent
      .post('/api/shop/returns/photos')
      .attach('my_file', pngBytes(), 'dent.png');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const url = up.body.result.url as string;
    const asked = await o.shopper.agent.post('/api/shop/returns').send({
      orderId: o.orderId,
      lines: [{ lineId: o.lineId, quantity: 1 }],
      reason: 'damaged',
      photos: [url],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const queue = (await o.seller.agent.get('/api/seller/returns')).body.data;
    expect(queue.find((r: { id: string }) => r.id === asked.body.data[0].id).photos).toEqual([url]);
  });

  it('when a photo is not an image, or the request names a foreign URL or too many, then 400 and nothing is made', async () => {
    const o = await deliveredOrder();
    const text = await o.shopper.agent
      .post('/api/shop/returns/photos')
      .attach('my_file', Buffer.from('not a photo'), 'notes.txt');
    expect(text.status).toBe(400);
    for (const photos of [
      ['javascript:alert(1)'],
      Array.from({ length: 6 }, (_, i) => `/uploads/returns/${i}.webp`),
    ]) {
      const res = await o.shopper.agent
        .post('/api/shop/returns')
        .send({ orderId: o.orderId, lines: [{ lineId: o.lineId, quantity: 1 }], reason: 'damaged', photos });
      expect(res.status).toBe(400);
    }
    expect((await o.shopper.agent.get(`/api/shop/returns?orderId=${o.orderId}`)).body.data).toEqual([]);
  });
});

describe('decisions and the refund', () => {
  it('when the seller approves and marks received, then the paid share is refunded once and its net reversed', async () => {
    const o = await deliveredOrder();
    const { id } = (await ask(o)).body.data[0];
    const approve = await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' });
    expect([approve.status, approve.body.data.state]).toEqual([200, 'approved']);
    expect(
      (await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' })).body.code,
    ).toBe('RETURN_STATE_CONFLICT');
    const received = await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'received' });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data).toMatchObject({
      state: 'refunded',
      refundAmount: 1000,
      refundId: expect.any(String),
    });
    expect(received.body.data.history.map((e: { kind: string }) => e.kind)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
    expect((await refundsOfReturn(id)).map((r) => [r.amountPaise, r.status])).toEqual([
      [100_000, 'completed'],
    ]);
    // ₹1,000 of ₹2,000 back: the seller gives back its net on it (₹876) and the deductions come back
    const stmt = await o.seller.agent.get('/api/seller/earnings');
    expect(stmt.body.data).toMatchObject({ earned: 2000, refunded: 1000, balance: 876 });
    const order = await o.shopper.agent.get(`/api/shop/order/details/${o.orderId}`);
    expect(order.body.data.refundedAmount).toBe(1000);
    const mails = await ctx.db
      .select({ key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `return:${id}:%`));
    expect(mails.map((m) => m.key).sort()).toEqual(
      ['approved', 'refunded', 'requested'].map((s) => `return:${id}:${s}`),
    );
  });

  it('when a seller-fault return is refunded, then the seller is charged the reverse shipping too', async () => {
    const o = await deliveredOrder();
    const { id } = (await ask(o, 1, 'defective')).body.data[0];
    await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' });
    expect((await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'received' })).status).toBe(
      200,
    );
    const entries = (await ledgerOf(ctx.db, o.seller.sellerId)).filter((e) => e.type === 'return_shipping');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.deltaPaise).toBeLessThan(0);
    expect((await o.seller.agent.get('/api/seller/earnings')).body.data.returnShipping).toBe(
      -entries[0]!.deltaPaise / 100,
    );
    // the admin's Payouts page shows the charge beside the seller's balance
    const accounts = (await admin.agent.get('/api/admin/seller-accounts')).body.data as {
      sellerId: string;
    }[];
    expect(accounts.find((a) => a.sellerId === o.seller.sellerId)).toMatchObject({
      returnShipping: -entries[0]!.deltaPaise / 100,
      deliveryWaived: 0,
    });
  });

  it('when the seller marks received with restock, then the units are on sale again; without it the stock stays', async () => {
    const stockOf = async (productId: string) =>
      (await o.shopper.agent.get(`/api/shop/products/get/${productId}`)).body.data.totalStock as number;
    const o = await deliveredOrder({ quantity: 3 });
    const asked = (await ask(o, 2)).body.data[0];
    const productId = asked.lines[0].productId as string;
    expect(await stockOf(productId)).toBe(47);
    await o.seller.agent.put(`/api/seller/returns/${asked.id}`).send({ action: 'approve' });
    const bad = await o.seller.agent
      .put(`/api/seller/returns/${asked.id}`)
      .send({ action: 'received', restock: 'yes' });
    expect([bad.status, await stockOf(productId)]).toEqual([400, 47]);
    const received = await o.seller.agent
      .put(`/api/seller/returns/${asked.id}`)
      .send({ action: 'received', restock: true });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const restocked = received.body.data.history.find((e: { kind: string }) => e.kind === 'restocked');
    expect(restocked).toMatchObject({ actor: 'seller', note: '2 units back in stock' });
    // the shop shows it at once (the stock change is published after the commit)
    expect(await stockOf(productId)).toBe(49);
    // the last unit, returned without restock: the stock stays where it was
    const last = (await ask(o, 1)).body.data[0];
    await o.seller.agent.put(`/api/seller/returns/${last.id}`).send({ action: 'approve' });
    await o.seller.agent.put(`/api/seller/returns/${last.id}`).send({ action: 'received' });
    expect(await stockOf(productId)).toBe(49);
  });

  it('when the seller rejects, the shopper disputes and the admin approves, then the return goes on', async () => {
    const o = await deliveredOrder();
    const { id } = (await ask(o, 2)).body.data[0];
    const noReason = await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'reject' });
    expect(noReason.status).toBe(400);
    const rejected = await o.seller.agent
      .put(`/api/seller/returns/${id}`)
      .send({ action: 'reject', reason: 'The tags were removed' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', sellerReason: 'The tags were removed' });
    const disputed = await o.shopper.agent
      .put(`/api/shop/returns/${id}`)
      .send({ action: 'dispute', note: 'The tags came off in the box' });
    expect(disputed.body.data).toMatchObject({
      disputed: true,
      dispute: { note: 'The tags came off in the box' },
    });
    const open = await admin.agent.get('/api/admin/returns?disputed=true');
    expect(open.body.data.map((r: { id: string }) => r.id)).toContain(id);
    const decided = await admin.agent
      .put(`/api/admin/returns/${id}`)
      .send({ action: 'approve', note: 'Photos show the tags in the box' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data).toMatchObject({
      state: 'approved',
      disputed: false,
      dispute: { decision: 'approve', adminNote: 'Photos show the tags in the box' },
    });
    // its units are reserved again: nothing is left to ask for
    expect((await ask(o)).body.code).toBe('RETURN_QUANTITY_EXCEEDED');
  });

  it('when the shopper cancels before pickup, then its units may be asked for again; after pickup it cannot', async () => {
    const o = await deliveredOrder();
    const { id } = (await ask(o, 2)).body.data[0];
    const cancelled = await o.shopper.agent.put(`/api/shop/returns/${id}`).send({ action: 'cancel' });
    expect(cancelled.body.data.state).toBe('cancelled');
    const second = (await ask(o, 1)).body.data[0];
    await o.seller.agent.put(`/api/seller/returns/${second.id}`).send({ action: 'approve' });
    expect(await fake.pickupScheduled(second.id, 'RVP123', 'https://track.example/RVP123')).toBe(true);
    expect(await fake.pickupScheduled(second.id, 'RVP123', null)).toBe(false);
    expect(await fake.pickedUp(second.id)).toBe(true);
    const late = await o.shopper.agent.put(`/api/shop/returns/${second.id}`).send({ action: 'cancel' });
    expect([late.status, late.body.code]).toEqual([409, 'RETURN_STATE_CONFLICT']);
    const other = await deliveredOrder();
    expect(
      (await other.shopper.agent.put(`/api/shop/returns/${second.id}`).send({ action: 'cancel' })).status,
    ).toBe(404);
    expect(
      (await other.seller.agent.put(`/api/seller/returns/${second.id}`).send({ action: 'approve' })).status,
    ).toBe(404);
  });
});

describe('GST', () => {
  it('when an invoiced line is returned, then the refund has its credit note against that invoice', async () => {
    const seller = await ctx.loginAsSeller();
    const shopper = await paidOrder(ctx, [
      { sellerId: seller.sellerId, pricePaise: 105_000, quantity: 2, gstRate: 5, category: 'women' },
    ]);
    const { orderId, order } = shopper;
    const shipped = await seller.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'inShipping' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    await courierDelivers(ctx.deps, orderId, seller.sellerId);
    const asked = await shopper.agent
      .post('/api/shop/returns')
      .send({ orderId, lines: [{ lineId: order.cartItems[0]._id, quantity: 1 }], reason: 'size_fit' });
    const { id } = asked.body.data[0];
    await seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' });
    expect((await seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'received' })).status).toBe(
      200,
    );
    const docs = (await shopper.agent.get(`/api/shop/order/${orderId}/documents`)).body.data;
    const invoice = docs.find((d: { kind: string }) => d.kind === 'invoice');
    const notes = docs.filter((d: { kind: string }) => d.kind === 'creditNote');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ invoiceId: invoice._id, total: 1050 });
  });

  it('when the second line of an invoice is returned, then its credit note credits that line, not the first', async () => {
    const seller = await ctx.loginAsSeller();
    const shopper = await paidOrder(ctx, [
      { sellerId: seller.sellerId, pricePaise: 50_000, category: 'women' },
      { sellerId: seller.sellerId, pricePaise: 80_000, category: 'women' },
    ]);
    const { orderId, order } = shopper;
    const second = shopper.products[1]!;
    await seller.agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus: 'inShipping' });
    await courierDelivers(ctx.deps, orderId, seller.sellerId);
    const line = order.cartItems.find((l: { productId: string }) => l.productId === second.id);
    const asked = await shopper.agent
      .post('/api/shop/returns')
      .send({ orderId, lines: [{ lineId: line._id, quantity: 1 }], reason: 'size_fit' });
    const { id } = asked.body.data[0];
    await seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' });
    await seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'received' });
    const [note] = await ctx.db
      .select({ content: taxDocuments.content })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'creditNote')));
    const lines = (note!.content as { lines: { lineId?: string; totalPaise: number }[] }).lines;
    expect(lines.map((l) => [l.lineId, l.totalPaise])).toEqual([[line._id, 80_000]]);
  });
});

describe('cash on delivery', () => {
  it('when a COD order is returned, then a UPI id is required, shown masked, and the refund goes to it once', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codCheckout(ctx, [{ sellerId: seller.sellerId, pricePaise: 50_000, quantity: 2 }]);
    expect(o.res.status, JSON.stringify(o.res.body)).toBe(201);
    const otp = /(\d{6})/.exec(ctx.deps.sms.sent.at(-1)!.text)![1]!;
    expect((await o.agent.post('/api/shop/order/cod/confirm').send({ orderId: o.orderId, otp })).status).toBe(
      200,
    );
    await courierDelivers(ctx.deps, o.orderId, seller.sellerId);
    const order = (await o.agent.get(`/api/shop/order/details/${o.orderId}`)).body.data;
    const body = {
      orderId: o.orderId,
      lines: [{ lineId: order.cartItems[0]._id, quantity: 1 }],
      reason: 'wrong_item',
    };
    const bare = await o.agent.post('/api/shop/returns').send(body);
    expect([bare.status, bare.body.code]).toEqual([422, 'REFUND_DESTINATION_REQUIRED']);
    const badVpa = await o.agent
      .post('/api/shop/returns')
      .send({ ...body, refundTo: { kind: 'upi', vpa: 'nope' } });
    expect(badVpa.status).toBe(400);
    const res = await o.agent
      .post('/api/shop/returns')
      .send({ ...body, refundTo: { kind: 'upi', vpa: 'ramesh.k@okhdfc' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body.data[0];
    expect(r.refundTo).toEqual({ kind: 'upi', display: 'ra•••@okhdfc' });
    expect(JSON.stringify(res.body)).not.toContain('ramesh.k');
    await fake.sellerAction({ sellerId: seller.sellerId, userId: seller.userId }, r.id, {
      action: 'approve',
    });
    const done = await fake.sellerAction({ sellerId: seller.sellerId, userId: seller.userId }, r.id, {
      action: 'received',
    });
    expect(done).toMatchObject({ state: 'refunded', refundAmount: 500 });
    await expect(
      fake.sellerAction({ sellerId: seller.sellerId, userId: seller.userId }, r.id, { action: 'received' }),
    ).rejects.toMatchObject({ code: 'RETURN_STATE_CONFLICT' });
    expect(codSent.filter((c) => c.returnId === r.id)).toEqual([
      { returnId: r.id, refundTo: { kind: 'upi', vpa: 'ramesh.k@okhdfc' }, amountPaise: 50_000 },
    ]);
  });
});

describe('timers', () => {
  it('when the seller stays silent for 48 hours, then the return is approved by the timer', async () => {
    const o = await deliveredOrder();
    const { id } = (await ask(o)).body.data[0];
    clock = new Date(Date.now() + 47 * HOUR);
    await fake.runDue();
    expect((await returnRow(id)).state).toBe('requested');
    clock = new Date(Date.now() + 49 * HOUR);
    // two instances' timers at once, and a restarted one later: approved once
    await Promise.all([fake.runDue(), fake.runDue()]);
    await fake.runDue();
    const r = (await o.shopper.agent.get(`/api/shop/returns?orderId=${o.orderId}`)).body.data[0];
    expect(r.state).toBe('approved');
    expect(r.history.filter((e: { kind: string }) => e.kind === 'approved')).toEqual([
      expect.objectContaining({ actor: 'system' }),
    ]);
    clock = new Date();
  });

  it('when the seller’s “received”, the 48-hour timer and the admin race, then the return is refunded once', async () => {
    const o = await deliveredOrder();
    const { id } = (await ask(o)).body.data[0];
    await o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' });
    await fake.pickedUp(id);
    expect(await fake.courierDelivered(id, new Date(Date.now() - 49 * HOUR))).toBe(true);
    expect(await fake.courierDelivered(id, new Date())).toBe(false);
    clock = new Date();
    const [seller, , adminRes] = await Promise.all([
      o.seller.agent.put(`/api/seller/returns/${id}`).send({ action: 'received' }),
      fake.runDue(),
      admin.agent.put(`/api/admin/returns/${id}`).send({ action: 'refund', note: 'Refund now' }),
      fake.runDue(),
    ]);
    for (const res of [seller, adminRes]) expect([200, 409]).toContain(res.status);
    await fake.runDue();
    expect((await returnRow(id)).state).toBe('refunded');
    expect(await refundsOfReturn(id)).toHaveLength(1);
    const refundEntries = (await ledgerOf(ctx.db, o.seller.sellerId)).filter((e) => e.type === 'refund');
    expect(refundEntries.map((e) => e.deltaPaise)).toEqual([-100_000]);
    const refundedEvents = (await o.shopper.agent.get('/api/shop/returns')).body.data
      .find((r: { id: string }) => r.id === id)
      .history.filter((e: { kind: string }) => e.kind === 'refunded');
    expect(refundedEvents).toHaveLength(1);
  });
});
