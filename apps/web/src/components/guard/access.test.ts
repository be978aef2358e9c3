import { describe, expect, it } from 'vitest';
import { resolveAccess, type AccessState } from './access';

const anon: AccessState = { isAuthenticated: false, role: null, seller: null };
const shopper: AccessState = { isAuthenticated: true, role: 'user', seller: null };
const admin: AccessState = { isAuthenticated: true, role: 'admin', seller: null };
const pendingSeller: AccessState = { isAuthenticated: true, role: 'seller', seller: { isapproved: false } };
const seller: AccessState = { isAuthenticated: true, role: 'seller', seller: { isapproved: true } };

describe('resolveAccess', () => {
  it.each([
    '/',
    '/shop/listing',
    '/shop/listing/search',
    '/shop/cart',
    '/product/abc',
    '/auth/login',
    '/unauth-page',
  ])('when anonymous on %s, then stays', (p) => expect(resolveAccess(p, anon)).toBeNull());

  it('when anonymous on /admin or /seller paths, then goes to login', () => {
    expect(resolveAccess('/admin/dashboard', anon)).toEqual({ to: '/auth/login' });
    expect(resolveAccess('/seller/products', anon)).toEqual({ to: '/auth/login' });
  });

  it('when anonymous on checkout or account, then goes to login remembering the origin', () => {
    expect(resolveAccess('/shop/checkout', anon)).toEqual({ to: '/auth/login', rememberFrom: true });
    expect(resolveAccess('/shop/account/orders', anon)).toEqual({ to: '/auth/login', rememberFrom: true });
  });

  it('when anonymous on an unknown path, then stays (the not-found page shows)', () => {
    expect(resolveAccess('/no/such/page', anon)).toBeNull();
  });

  it('when a shopper opens /admin or /seller, then lands on /unauth-page', () => {
    expect(resolveAccess('/admin/products', shopper)).toEqual({ to: '/unauth-page' });
    expect(resolveAccess('/seller/dashboard', shopper)).toEqual({ to: '/unauth-page' });
    expect(resolveAccess('/seller/dashboard', admin)).toEqual({ to: '/unauth-page' });
  });

  it('when an admin or seller opens /, then goes to their dashboard; an admin on /shop too', () => {
    expect(resolveAccess('/', admin)).toEqual({ to: '/admin/dashboard' });
    expect(resolveAccess('/', seller)).toEqual({ to: '/seller/dashboard' });
    expect(resolveAccess('/shop/listing', admin)).toEqual({ to: '/admin/dashboard' });
    expect(resolveAccess('/shop/listing', shopper)).toBeNull();
  });

  it('when logged in on an auth page, then goes to the role home', () => {
    expect(resolveAccess('/auth/login', shopper)).toEqual({ to: '/' });
    expect(resolveAccess('/auth/register', admin)).toEqual({ to: '/admin/dashboard' });
  });

  it('when an unapproved seller opens any seller page but pending, then goes to /seller/pending', () => {
    expect(resolveAccess('/seller/dashboard', pendingSeller)).toEqual({ to: '/seller/pending' });
    expect(resolveAccess('/seller/orders', pendingSeller)).toEqual({ to: '/seller/pending' });
    expect(resolveAccess('/seller/pending', pendingSeller)).toBeNull();
    expect(resolveAccess('/seller/orders', seller)).toBeNull();
  });
});
