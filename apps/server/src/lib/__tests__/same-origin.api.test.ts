/** docs/security.md "No cross-site writes": Origin / Sec-Fetch-Site checks and JSON-only bodies. */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/app';
import {
  addAddress,
  addToCart,
  createOrder,
  insertProduct,
  readOrder,
} from '../../modules/commerce/__tests__/helpers';

const PUBLIC_URL = 'https://shop.example.in';
const ctx = await createTestContext({ PUBLIC_URL });

async function cartLines(agent: Awaited<ReturnType<typeof ctx.loginAs>>) {
  const res = await agent.agent.get(`/api/shop/cart/get/${agent.userId}`);
  return (res.body.data?.items ?? []) as unknown[];
}

describe('cross-site writes', () => {
  it('when another site posts a form to cart add with the shopper cookie, then 403 and the cart is unchanged', async () => {
    const s = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    const res = await s.agent
      .post('/api/shop/cart/add')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ userId: s.userId, productId: p.id, quantity: '1' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
    expect(await cartLines(s)).toHaveLength(0);
  });

  it('when only Sec-Fetch-Site says cross-site (no Origin), then 403 even for a JSON body', async () => {
    const s = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    const res = await s.agent
      .post('/api/shop/cart/add')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ productId: p.id, quantity: 1 });
    expect(res.status).toBe(403);
    expect(await cartLines(s)).toHaveLength(0);
  });

  it('when a same-site subdomain, or a null origin no Sec-Fetch-Site vouches for, writes, then 403', async () => {
    const s = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    for (const headers of [{ 'Sec-Fetch-Site': 'same-site' }, { Origin: 'null' }]) {
      const res = await s.agent
        .post('/api/shop/cart/add')
        .set(headers)
        .send({ productId: p.id, quantity: 1 });
      expect(res.status).toBe(403);
    }
    expect(await cartLines(s)).toHaveLength(0);
  });

  it('when the shop itself writes JSON (PUBLIC_URL or the addressed host), then it works', async () => {
    const s = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    const own = await s.agent
      .post('/api/shop/cart/add')
      .set('Origin', PUBLIC_URL)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ productId: p.id, quantity: 1 });
    expect(own.status).toBe(201);
    const viaHost = await s.agent
      .post('/api/shop/cart/add')
      .set('Host', '192.168.1.20:3000')
      .set('Origin', 'http://192.168.1.20:3000')
      .send({ productId: p.id, quantity: 1 });
    expect(viaHost.status).toBe(201);
  });
});

describe('JSON-only bodies', () => {
  it('when a write sends a form-encoded or text body from the shop itself, then 415 and nothing changes', async () => {
    const s = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    const form = await s.agent
      .post('/api/shop/cart/add')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ productId: p.id, quantity: '1' });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text = await s.agent
      .post('/api/shop/cart/add')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ productId: p.id, quantity: 1 }));
    expect(text.status).toBe(415);
    expect(await cartLines(s)).toHaveLength(0);
  });

  it('when a body-less write (logout) is sent, then it still works', async () => {
    const s = await ctx.loginAs('user');
    expect((await s.agent.post('/api/auth/logout').set('Origin', PUBLIC_URL)).status).toBe(200);
  });
});

async function pendingSandboxOrder() {
  const s = await ctx.loginAs('user');
  const addressId = await addAddress(s.agent);
  const p = await insertProduct(ctx.db);
  await addToCart(s.agent, p.id);
  return { s, created: await createOrder(s.agent, addressId) };
}

describe('the sandbox payment page forms', () => {
  it('when the shopper approves on the sandbox page (same-origin form post), then 303 to the return page', async () => {
    const { s, created } = await pendingSandboxOrder();
    // a browser's form post with no fields: urlencoded, empty body, from the page's own origin; the page says
    // Referrer-Policy: no-referrer, so Chromium sends Origin: null (with Sec-Fetch-Site: same-origin)
    const res = await s.agent
      .post(`${created.approvalURL}/approve`)
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send('');
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/shop\/paypal-return\?paymentId=/);
  });

  it('when another site posts the approve form, then 403 and the payment is not approved', async () => {
    const { s, created } = await pendingSandboxOrder();
    const res = await s.agent
      .post(`${created.approvalURL}/approve`)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('x=1');
    expect(res.status).toBe(403);
    expect((await readOrder(ctx.db, created.orderId)).payerId).toBeNull();
  });
});
