import { describe, expect, it } from 'vitest';
import { endpointList, errorStatuses, matchEndpoint, openApiPath, pathOf } from './endpoints';

describe('the endpoint table', () => {
  it('when a path names parameters, then its params schema declares exactly those (and no others)', () => {
    const wrong = endpointList.filter((e) => {
      const inPath = (e.path.match(/:(\w+)/g) ?? []).map((m) => m.slice(1)).sort();
      const declared = Object.keys(e.params?.shape ?? {}).sort();
      return inPath.join() !== declared.join();
    });
    expect(wrong.map((e) => e.path)).toEqual([]);
  });

  it('when the table is read, then every route is unique and has an answer for success', () => {
    const keys = endpointList.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of endpointList) {
      expect(
        Object.keys(e.responses).some((s) => Number(s) < 400),
        e.id,
      ).toBe(true);
      expect(e.path.startsWith('/api/'), e.id).toBe(true);
    }
  });

  it('when a request path is matched, then literal segments win over parameters', () => {
    expect(matchEndpoint('GET', '/api/seller/orders/get')?.id).toBe('sellerOrders');
    expect(matchEndpoint('GET', '/api/seller/orders/5a8f3b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')?.id).toBe(
      'sellerOrdersOf',
    );
    expect(matchEndpoint('GET', '/api/auth/user/seller-info')?.id).toBe('sellerInfo');
    expect(matchEndpoint('DELETE', '/api/shop/cart/a/b')?.id).toBe('removeFromCart');
    expect(matchEndpoint('PATCH', '/api/shop/cart/a/b')).toBeUndefined();
    expect(matchEndpoint('GET', '/api/nothing/here')).toBeUndefined();
  });

  it('when error statuses are derived, then guarded writes get 401/403/413 and public reads only 400/500/503', () => {
    const byId = Object.fromEntries(endpointList.map((e) => [e.id, e]));
    expect(errorStatuses(byId.adminEditProduct!)).toEqual([400, 401, 403, 404, 409, 413, 415, 500, 503]);
    expect(errorStatuses(byId.listProducts!)).toEqual([400, 500, 503]);
    expect(errorStatuses(byId.listBanners!)).toEqual([500, 503]);
    // a page route documents its own 401/404 pages, not the JSON envelope
    expect(errorStatuses(byId.sandboxPaymentPage!)).toEqual([400, 500, 503]);
    // any write may be refused as cross-site (403) or as not JSON (415)
    expect(errorStatuses(byId.logout!)).toEqual([400, 403, 413, 415, 500, 503]);
  });

  it('when paths are written for OpenAPI or filled, then parameters become {name} or encoded values', () => {
    expect(openApiPath('/api/shop/cart/:userId/:productId')).toBe('/api/shop/cart/{userId}/{productId}');
    expect(pathOf('/api/shop/product/search/search-product/:keyword', { keyword: 'red shoe/x' })).toBe(
      '/api/shop/product/search/search-product/red%20shoe%2Fx',
    );
    expect(() => pathOf('/api/auth/user/:id')).toThrow(/missing path parameter id/);
  });
});
