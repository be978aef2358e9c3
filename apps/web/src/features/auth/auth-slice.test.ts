import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { answer, fail, server } from '../../testing/msw';
import { authApi } from './auth-api';
import { LOGIN_FAILED, loginErrorMessage } from './auth-slice';

const user = {
  id: 'u1',
  _id: 'u1',
  username: 'asha',
  email: 'a@b.in',
  role: 'seller' as const,
  phone: null,
  fullName: null,
  gender: null,
  dob: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('login', () => {
  afterEach(() => localStorage.clear());

  it("when the server refuses the credentials, then the error reads 'Login failed. Please check credentials.' and the user is cleared", async () => {
    server.use(fail('login', 401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }));
    const store = makeStore();
    const r = await store.dispatch(
      authApi.endpoints.login.initiate({ email: 'a@b.test', password: 'wrong-pass' }),
    );
    expect(loginErrorMessage(r.error)).toBe(LOGIN_FAILED);
    expect(LOGIN_FAILED).toBe('Login failed. Please check credentials.');
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('when the server rate-limits the login, then its own message is shown instead', async () => {
    server.use(
      fail('login', 429, { code: 'RATE_LIMITED', message: 'Too many attempts, try again in a minute' }),
    );
    const r = await makeStore().dispatch(
      authApi.endpoints.login.initiate({ email: 'a@b.test', password: 'wrong-pass' }),
    );
    expect(loginErrorMessage(r.error)).toBe('Too many attempts, try again in a minute');
  });

  it('when the login succeeds, then the user is signed in and kept in localStorage', async () => {
    server.use(answer('login', { success: true, message: 'Logged in', data: { role: 'seller' }, user }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.in', password: 'secret-pass' }));
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ username: 'asha' });
  });
});

describe('checkAuth', () => {
  afterEach(() => localStorage.clear());

  it('when an anonymous visitor opens the shop, then the 200 "no session" answer clears the stored user without an error', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 'stale', username: 'old' }));
    server.use(answer('checkAuth', { success: true, authenticated: false, user: null }));
    const store = makeStore();
    const r = await store.dispatch(authApi.endpoints.checkAuth.initiate());
    expect(r.isSuccess).toBe(true);
    const auth = store.getState().auth;
    expect(auth.user).toBeNull();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.checked).toBe(true);
    expect(auth.isLoading).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('when the session is valid, then the user and the seller record are kept and the visitor is authenticated', async () => {
    const seller = { _id: 's1', isapproved: true } as never;
    server.use(answer('checkAuth', { success: true, authenticated: true, user, seller }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.checkAuth.initiate());
    const auth = store.getState().auth;
    expect(auth.user).toMatchObject({ username: 'asha' });
    expect(auth.seller).toMatchObject({ _id: 's1' });
    expect(auth.isAuthenticated).toBe(true);
  });
});

describe('an ended session', () => {
  afterEach(() => localStorage.clear());

  it('when any call needing a session answers 401 UNAUTHENTICATED, then the session is cleared (the guard then sends to login)', async () => {
    server.use(
      answer('checkAuth', { success: true, authenticated: true, user: { ...user, role: 'user' } }),
      fail('updateProfile', 401, { code: 'UNAUTHENTICATED', message: 'Please log in' }),
    );
    const store = makeStore();
    await store.dispatch(authApi.endpoints.checkAuth.initiate());
    expect(store.getState().auth.isAuthenticated).toBe(true);
    await store.dispatch(
      authApi.endpoints.updateProfile.initiate({ id: 'u1', input: { phone: '9876543210' } as never }),
    );
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
