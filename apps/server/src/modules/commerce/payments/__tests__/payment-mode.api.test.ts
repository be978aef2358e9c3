/** docs/security.md "No sandbox in production": which provider takes the money, and what pages are told. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { addAddress, addToCart, insertProduct, readProduct, sandboxCheckout } from '../../__tests__/helpers';

// production with no PayPal keys: the documented docker compose default
const production = { NODE_ENV: 'production', COOKIE_SECURE: 'false' };
const bare = await createTestContext(production);
const allowed = await createTestContext({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' });
const dev = await createTestContext();

describe('payments in production without a provider', () => {
  it('when a shopper checks out, then 503 PAYMENTS_NOT_CONFIGURED, no order and no stock held', async () => {
    const s = await bare.loginAs('user');
    const addressId = await addAddress(s.agent);
    const p = await insertProduct(bare.db, { totalStock: 4, pricePaise: 9_999_800 });
    await addToCart(s.agent, p.id, 1);
    const res = await s.agent.post('/api/shop/order/create').send({ addressId });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'PAYMENTS_NOT_CONFIGURED' });
    expect(res.body.message).toMatch(/not set up/);
    expect(await bare.db.select().from(orders).where(eq(orders.userId, s.userId))).toHaveLength(0);
    expect((await readProduct(bare.db, p.id)).totalStock).toBe(4);
  });

  it('when anyone opens or posts to a sandbox payment page, then 404 and nothing is paid', async () => {
    const s = await bare.loginAs('user');
    expect((await s.agent.get('/api/payments/sandbox/SBX-ABC')).status).toBe(404);
    expect((await s.agent.post('/api/payments/sandbox/SBX-ABC/approve')).status).toBe(404);
  });

  it('when a page asks for the shop config, then it says there is no provider and no test mode', async () => {
    const res = await bare.anon().get('/api/shop/config');
    expect(res.status).toBe(200);
    // no SMS gateway and no courier configured: cash on delivery is not offered either
    expect(res.body.data).toEqual({ payments: { provider: 'none', testMode: false, methods: [] } });
  });

  it('when a shopper asks for cash on delivery with no SMS gateway nor courier, then 422 and nothing is held', async () => {
    const s = await bare.loginAs('user');
    const addressId = await addAddress(s.agent);
    const p = await insertProduct(bare.db, { totalStock: 4, pricePaise: 50_000 });
    await addToCart(s.agent, p.id, 1);
    const res = await s.agent.post('/api/shop/order/create').send({ addressId, paymentMethod: 'cod' });
    expect([res.status, res.body.code]).toEqual([422, 'PAYMENT_METHOD_UNAVAILABLE']);
    expect(await bare.db.select().from(orders).where(eq(orders.userId, s.userId))).toHaveLength(0);
    expect((await readProduct(bare.db, p.id)).totalStock).toBe(4);
  });
});

describe('payments in production with ALLOW_SANDBOX_PAYMENTS=true', () => {
  it('when a shopper checks out, then the sandbox takes it, pages say test mode and it is no revenue', async () => {
    expect((await allowed.anon().get('/api/shop/config')).body.data).toEqual({
      payments: { provider: 'sandbox', testMode: true, methods: ['paypal'] },
    });
    const admin = await allowed.loginAs('admin');
    const before = (await admin.agent.get('/api/admin/dashboard')).body.data;
    const s = await allowed.loginAs('user');
    const addressId = await addAddress(s.agent);
    const p = await insertProduct(allowed.db, { totalStock: 4, pricePaise: 9_999_800 });
    await addToCart(s.agent, p.id, 1);
    const paid = await sandboxCheckout(s.agent, addressId);
    expect(paid.order).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'sandbox' });
    const after = (await admin.agent.get('/api/admin/dashboard')).body.data;
    expect(after).toMatchObject({
      revenue: before.revenue,
      orders: before.orders,
      testOrders: before.testOrders + 1,
      testRevenue: before.testRevenue + 99_998,
    });
  });
});

describe('payments in development', () => {
  it('when nothing is configured, then the sandbox is on and pages say test mode', async () => {
    expect((await dev.anon().get('/api/shop/config')).body.data).toEqual({
      payments: { provider: 'sandbox', testMode: true, methods: ['paypal', 'cod'] },
    });
  });
});
