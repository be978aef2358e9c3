/**
 * The typed client of packages/client (generated from the OpenAPI document) against the running server over real
 * HTTP: what an integrator would do.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMarketplaceClient } from '@mp/client';
import { createTestContext, TEST_PASSWORD } from '../../../test/app';
import { insertProduct } from '../commerce/__tests__/helpers';

const ctx = await createTestContext();
const server = ctx.app.listen(0, '127.0.0.1');
await new Promise<void>((ready) => server.once('listening', () => ready()));
afterAll(() => new Promise<void>((done) => server.close(() => done())));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('the typed client against the running server', () => {
  it('when an integrator lists and reads products, then the answers arrive typed', async () => {
    const seller = await ctx.loginAsSeller('approved');
    const { id } = await insertProduct(ctx.db, {
      sellerId: seller.sellerId,
      title: 'Client Kurta',
      totalStock: 7,
    });
    const api = createMarketplaceClient({ baseUrl });

    const list = await api.GET('/api/shop/products/get', {
      params: { query: { category: ['men'], limit: 5 } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data?.pagination.limit).toBe(5);
    expect(list.data?.data.map((p) => p._id)).toContain(id);

    const one = await api.GET('/api/shop/products/get/{id}', { params: { path: { id } } });
    expect(one.data?.data).toMatchObject({ _id: id, title: 'Client Kurta', totalStock: 7 });

    const missing = await api.GET('/api/shop/products/get/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('when an integrator logs in and uses the session cookie, then guarded calls work and bad input is a typed 400', async () => {
    const shopper = await ctx.loginAs('user');
    const api = createMarketplaceClient({ baseUrl });
    const login = await api.POST('/api/auth/login', {
      body: { email: shopper.email, password: TEST_PASSWORD },
    });
    expect(login.data && 'user' in login.data && login.data.user.id).toBe(shopper.userId);
    const cookie = login.response.headers.get('set-cookie')!.split(';')[0]!;

    const authed = createMarketplaceClient({ baseUrl, headers: { Cookie: cookie } });
    const me = await authed.GET('/api/auth/check-auth');
    expect(me.data).toMatchObject({ authenticated: true, user: { email: shopper.email } });

    const bad = await authed.POST('/api/shop/address/add', {
      body: { address: '', city: 'Pune', pincode: '12', phone: '98765 43210', notes: 'x', place: 'home' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.error?.errors?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['address', 'pincode']),
    );

    const anon = await api.GET('/api/shop/cart/get/{userId}', {
      params: { path: { userId: shopper.userId } },
    });
    expect(anon.response.status).toBe(401);
    expect(anon.error?.code).toBe('UNAUTHENTICATED');
  });
});
