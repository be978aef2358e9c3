/** Issue 29 item 5: seller notifications, in the console and by e-mail (docs/seo-and-email.md). */
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestAgent, TestSeller } from '../../../../test/app';
import { createMailTestContext } from '../../../../test/smtp-inbox';
import { mailOutbox } from '../../../db/schema';
import {
  addToCart,
  courierDelivers,
  createOrder,
  insertProduct,
  menNotReturnable,
  paidOrder,
  readProduct,
  sandboxCheckout,
  shopperWithAddress,
  shopperWithCart,
} from '../../commerce/__tests__/helpers';
import { productBody } from '../../catalog/__tests__/catalog-fixtures';
import { mailWorkerFor } from '../../mail';
import { notifySeller } from '..';

const { inbox, ctx } = await createMailTestContext();
const admin = await ctx.loginAs('admin');
await menNotReturnable(admin);

beforeEach(() => inbox.clear());

async function noticesOf(agent: TestAgent, query = '') {
  const res = await agent.get(`/api/seller/notifications${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: { id: string; kind: string; title: string; body: string; link: string; read: boolean }[];
    unread: number;
    pagination: { total: number };
  };
}

const outboxOf = (seller: TestSeller, kind: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, seller.email), eq(mailOutbox.kind, kind)));

/** The seller has one low-stock notice, `title`, telling of 2 left under its alert at 3. */
async function expectOneLowStockNotice(seller: TestSeller, title: string) {
  const low = (await noticesOf(seller.agent)).data.filter((n) => n.kind === 'low_stock');
  expect(low).toHaveLength(1);
  expect(low[0]).toMatchObject({ title, body: '2 left (your alert is at 3).' });
}

/** Two sellers, a shopper paying one order with a line of each (₹1,200 × 2 of A's, ₹500 of B's). */
async function paidOrderOfTwo() {
  const [a, b] = [await ctx.loginAsSeller(), await ctx.loginAsSeller()];
  const shopper = await paidOrder(ctx, [
    { title: 'Banarasi Saree', sellerId: a.sellerId, pricePaise: 120_000, quantity: 2 },
    { title: 'Cotton Dupatta', sellerId: b.sellerId, pricePaise: 50_000 },
  ]);
  return { a, b, shopper, orderId: shopper.orderId };
}

describe('seller notifications', () => {
  it('when an order is paid, then each seller gets one new-order notice of its own lines, and its e-mail', async () => {
    const { a, b } = await paidOrderOfTwo();
    const ofA = await noticesOf(a.agent);
    expect(ofA.unread).toBe(1);
    expect(ofA.data).toHaveLength(1);
    expect(ofA.data[0]).toMatchObject({ kind: 'new_order', read: false, link: '/seller/orders' });
    expect(ofA.data[0]!.title).toMatch(/^New order HM-\d+$/);
    expect(ofA.data[0]!.body).toBe('2 items worth ₹2,400 to ship.');
    const ofB = await noticesOf(b.agent);
    expect(ofB.data.map((n) => n.body)).toEqual(['1 item worth ₹500 to ship.']);
    expect(await outboxOf(a, 'seller-new-order')).toHaveLength(1);
    expect(await outboxOf(b, 'seller-new-order')).toHaveLength(1);
  });

  it('when the shopper cancels, then each seller is told with the refund of its own lines; read marks work', async () => {
    const { a, b, shopper, orderId } = await paidOrderOfTwo();
    const cancel = await shopper.agent.post(`/api/shop/order/cancel/${orderId}`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const ofA = await noticesOf(a.agent);
    expect(ofA.unread).toBe(2);
    expect(ofA.data.map((n) => n.kind)).toEqual(['order_cancelled', 'new_order']);
    expect(ofA.data[0]!.body).toBe('Do not ship 2 items; the shopper is refunded ₹2,400 for them.');
    expect((await noticesOf(b.agent)).data[0]!.body).toContain('refunded ₹500');
    const [mail] = await outboxOf(a, 'seller-order-cancelled');
    expect(mail?.payload).toMatchObject({ refundPaise: 240_000 });

    // another seller cannot mark A's notice
    expect((await b.agent.post(`/api/seller/notifications/${ofA.data[0]!.id}/read`)).status).toBe(404);
    const one = await a.agent.post(`/api/seller/notifications/${ofA.data[0]!.id}/read`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ data: { read: true }, unread: 1 });
    const all = await a.agent.post('/api/seller/notifications/read-all');
    expect(all.body).toMatchObject({ success: true, unread: 0 });
    expect((await noticesOf(a.agent)).data.every((n) => n.read)).toBe(true);
    expect((await noticesOf(b.agent)).unread).toBe(2);

    const worker = mailWorkerFor(ctx.deps);
    for (let i = 0; i < 10 && !inbox.messages.some((m) => m.to.includes(a.email)); i++)
      await worker.runOnce();
    const sent = inbox.messages.find((m) => m.to.includes(a.email) && /cancelled/.test(m.subject));
    expect(sent?.text).toContain('the shopper is refunded ₹2,400');
  });

  it('when the admin refunds open lines, then each seller hears of it (line_rejected) with its own amount', async () => {
    const { a, b, orderId } = await paidOrderOfTwo();
    const refund = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ reason: 'price matched' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const [ofA] = (await noticesOf(a.agent)).data;
    expect(ofA).toMatchObject({ kind: 'line_rejected', title: expect.stringContaining('₹2,400') });
    expect(ofA!.body).toBe('On 2 items of yours: price matched');
    const [ofB] = (await noticesOf(b.agent)).data;
    expect(ofB).toMatchObject({ kind: 'line_rejected', title: expect.stringContaining('₹500 on order') });
    expect(await outboxOf(a, 'seller-notice')).toHaveLength(1);
  });

  it('when a refund is taken from the balance and a payout is made, then the seller is told of each', async () => {
    const { a, b, orderId } = await paidOrderOfTwo();
    for (const seller of [a, b]) await courierDelivers(ctx.deps, orderId, seller.sellerId);
    const payout = await admin.agent
      .post('/api/admin/payouts')
      .send({ sellerId: a.sellerId, amount: 500, reference: 'NEFT-77' });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    // everything back: each seller gives back its net on the line (the deductions return to it)
    await admin.agent.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'damaged' });
    expect((await noticesOf(b.agent)).data[0]).toMatchObject({
      kind: 'refund_debited',
      title: '₹438.12 taken from your balance', // its net: ₹500 less commission, its GST, TCS and TDS
    });
    const [debited, paid] = (await noticesOf(a.agent)).data;
    expect(paid).toMatchObject({
      kind: 'payout_made',
      title: 'Payout of ₹500 sent',
      link: '/seller/earnings',
    });
    expect(paid!.body).toContain('NEFT-77');
    // A was paid ₹500 of its ₹2,102.97 net: all of its net comes back (a debt), not only what is left
    expect(debited).toMatchObject({ kind: 'refund_debited', title: '₹2,102.97 taken from your balance' });
    expect(await outboxOf(a, 'seller-payout')).toHaveLength(1);
    expect(await outboxOf(a, 'seller-refund-charged')).toHaveLength(1);
  });

  it('when a checkout takes stock to the threshold, then the seller is told once per crossing; 0 turns it off', async () => {
    const seller = await ctx.loginAsSeller();
    const settings = await seller.agent.get('/api/seller/notifications/settings');
    expect(settings.body.data).toEqual({ lowStockThreshold: 5 });
    const set = await seller.agent.put('/api/seller/notifications/settings').send({ lowStockThreshold: 3 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // one in the cart, 5 → 4: above the threshold
    const shopper = await shopperWithCart(ctx, [
      { title: 'Kolhapuri Chappal', sellerId: seller.sellerId, totalStock: 5 },
    ]);
    const { addressId, products } = shopper;
    const product = products[0]!;
    await sandboxCheckout(shopper.agent, addressId);
    expect((await noticesOf(seller.agent)).data.map((n) => n.kind)).toEqual(['new_order']);
    await addToCart(shopper.agent, product.id, 2); // 4 → 2: crosses 3
    await sandboxCheckout(shopper.agent, addressId);
    await addToCart(shopper.agent, product.id, 1); // 2 → 1: still below, no new notice
    await sandboxCheckout(shopper.agent, addressId);
    expect((await readProduct(ctx.db, product.id)).totalStock).toBe(1);
    await expectOneLowStockNotice(seller, 'Low stock: Kolhapuri Chappal');
    expect(await outboxOf(seller, 'seller-notice')).toHaveLength(1);

    await seller.agent.put('/api/seller/notifications/settings').send({ lowStockThreshold: 0 });
    const other = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 2 });
    await addToCart(shopper.agent, other.id, 2);
    await createOrder(shopper.agent, addressId);
    expect((await noticesOf(seller.agent)).data.filter((n) => n.kind === 'low_stock')).toHaveLength(1);
  });

  it('when a checkout takes one size of a shirt to the threshold, then the notice names that variant; its product total is far above', async () => {
    const seller = await ctx.loginAsSeller();
    await seller.agent.put('/api/seller/notifications/settings').send({ lowStockThreshold: 3 });
    const add = await seller.agent.post('/api/seller/products/add').send(
      productBody({
        title: 'Linen kurta',
        price: undefined,
        totalStock: undefined,
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { optionValues: ['S'], price: 899, stock: 20 },
          { optionValues: ['M'], price: 899, stock: 4 },
        ],
      }),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const product = add.body.data as { _id: string; variants: { _id: string; optionValues: string[] }[] };
    const [s, m] = ['S', 'M'].map((v) => product.variants.find((x) => x.optionValues[0] === v)!._id);
    const shopper = await shopperWithAddress(ctx);
    const { addressId } = shopper;
    const buy = async (variantId: string, quantity: number) => {
      const res = await shopper.agent
        .post('/api/shop/cart/add')
        .send({ productId: product._id, variantId, quantity });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await sandboxCheckout(shopper.agent, addressId);
    };

    await buy(s!, 2); // S 20 → 18: nothing
    await buy(m!, 2); // M 4 → 2: crosses 3, while the product's total is 20
    expect((await readProduct(ctx.db, product._id)).totalStock).toBe(20);
    await expectOneLowStockNotice(seller, 'Low stock: Linen kurta (Size: M)');
  });

  it('when brands and bulk uploads raise their notices, then they read well and are mailed', async () => {
    const seller = await ctx.loginAsSeller();
    const finished = { jobId: 'j1', created: 997, updated: 0, failed: 3 };
    await ctx.db.transaction(async (tx) => {
      const brand = { productId: 'p1', productTitle: 'Banarasi Saree', brand: 'Weaves of Varanasi' };
      await notifySeller(tx, seller.sellerId, 'brand_accepted', brand, 'seller-brand-accepted:p1');
      // the same event twice adds nothing
      for (let i = 0; i < 2; i++) {
        await notifySeller(tx, seller.sellerId, 'import_finished', finished, 'seller-import-finished:j1');
      }
    });
    const { data } = await noticesOf(seller.agent);
    expect(data.map((n) => n.title).sort()).toEqual([
      'Brand Weaves of Varanasi accepted',
      'Bulk upload finished',
    ]);
    expect(data.find((n) => n.kind === 'import_finished')!.body).toBe(
      '997 created, 0 updated, 3 with errors.',
    );
    const worker = mailWorkerFor(ctx.deps);
    // earlier tests' mails may be due too: send until this seller's are out
    for (let i = 0; i < 10 && inbox.messages.filter((m) => m.to.includes(seller.email)).length < 2; i++) {
      await worker.runOnce();
    }
    const mails = inbox.messages.filter((m) => m.to.includes(seller.email));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringContaining('Brand Weaves of Varanasi accepted'),
      expect.stringContaining('Bulk upload finished'),
    ]);
    expect(mails.find((m) => /Bulk/.test(m.subject))!.text).toContain(
      'https://shop.example.in/seller/products',
    );
  });

  it('when the event’s transaction rolls back, then there is neither a notice nor an e-mail', async () => {
    const seller = await ctx.loginAsSeller();
    await expect(
      ctx.db.transaction(async (tx) => {
        await notifySeller(
          tx,
          seller.sellerId,
          'payout_made',
          { payoutId: 'x', amountPaise: 100, reference: 'NEFT-ROLLBACK' },
          'seller-payout:rollback',
        );
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await noticesOf(seller.agent)).pagination.total).toBe(0);
    expect(
      await ctx.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, '%rollback')),
    ).toHaveLength(0);
  });

  it('when a shopper, a pending seller or nobody asks, then they are refused; bad input is a 400', async () => {
    const shopper = await ctx.loginAs('user');
    expect((await shopper.agent.get('/api/seller/notifications')).status).toBe(403);
    const pending = await ctx.loginAsSeller('pending');
    expect((await pending.agent.get('/api/seller/notifications')).status).toBe(403);
    expect((await ctx.anon().get('/api/seller/notifications')).status).toBe(401);
    const seller = await ctx.loginAsSeller();
    const bad = await seller.agent.put('/api/seller/notifications/settings').send({ lowStockThreshold: -1 });
    expect(bad.status).toBe(400);
    expect((await seller.agent.get('/api/seller/notifications?limit=0')).status).toBe(400);
    expect((await seller.agent.post('/api/seller/notifications/not-an-id/read')).status).toBe(400);
  });
});
