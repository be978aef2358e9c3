import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { api } from '../../lib/api-client';
import { checkAuth, LOGIN_FAILED, loginUser } from './auth-slice';

function httpError(status: number, message: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = {
    status,
    statusText: '',
    headers: {},
    config,
    data: { success: false, message, code: status === 429 ? 'RATE_LIMITED' : 'INVALID_CREDENTIALS' },
  } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', config, {}, response);
}

describe('loginUser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("when the server refuses the credentials, then the error reads the spec's 'Login failed. Please check credentials.' and the user is cleared", async () => {
    vi.spyOn(api, 'post').mockRejectedValue(httpError(401, 'Invalid email or password'));
    const store = makeStore();
    const r = await store.dispatch(loginUser({ email: 'a@b.test', password: 'wrong-pass' }));
    expect(loginUser.rejected.match(r)).toBe(true);
    expect(r.payload).toBe(LOGIN_FAILED);
    expect(LOGIN_FAILED).toBe('Login failed. Please check credentials.');
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('when the server rate-limits the login, then its own message is shown instead', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(httpError(429, 'Too many attempts, try again in a minute'));
    const r = await makeStore().dispatch(loginUser({ email: 'a@b.test', password: 'wrong-pass' }));
    expect(r.payload).toBe('Too many attempts, try again in a minute');
  });
});

describe('checkAuth', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('when an anonymous visitor opens the shop, then the 200 "no session" answer clears the stored user without an error', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 'stale', username: 'old' }));
    vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, authenticated: false, user: null } });
    const store = makeStore();
    const r = await store.dispatch(checkAuth());
    expect(checkAuth.fulfilled.match(r)).toBe(true);
    const auth = store.getState().auth;
    expect(auth.user).toBeNull();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.checked).toBe(true);
    expect(auth.isLoading).toBe(false);
  });

  it('when the session is valid, then the user and the seller record are kept and the visitor is authenticated', async () => {
    const user = { id: 'u1', _id: 'u1', username: 'asha', email: 'a@b.in', role: 'seller' };
    const seller = { _id: 's1', isapproved: true };
    vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, authenticated: true, user, seller } });
    const store = makeStore();
    await store.dispatch(checkAuth());
    const auth = store.getState().auth;
    expect(auth.user).toMatchObject({ username: 'asha' });
    expect(auth.seller).toMatchObject({ _id: 's1' });
    expect(auth.isAuthenticated).toBe(true);
  });
});
