import { configureStore, type Middleware } from '@reduxjs/toolkit';
import type { Answer } from '@mp/shared';
import { AxiosError } from 'axios';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, fail, server } from '../testing/msw';
import { routes } from '@mp/shared/routes';
import {
  baseApi,
  call,
  errorCode,
  NETWORK_ERROR_MESSAGE,
  sessionExpired,
  TIMEOUT_MESSAGE,
  toApiError,
} from './api';

const testApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    cart: b.query<Answer<'getCart'>['data'], string>({
      query: (userId) => call(routes.getCart, { params: { userId } }),
    }),
    orders: b.query<Omit<Answer<'adminOrders'>, 'success'>, void>({
      query: () => call(routes.adminOrders, { envelope: 'whole' }),
    }),
    addAddress: b.mutation<unknown, { street: string }>({
      query: (body) => call(routes.addAddress, { body }),
    }),
  }),
});

function setup() {
  const actions: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push((action as { type: string }).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (g) => g().concat(baseApi.middleware, record),
  });
  return { store, actions };
}

const cart = { items: [], userId: 'u1' } as unknown as Answer<'getCart'>['data'];

describe('calls built from the route table', () => {
  it('takes the method and the path from the row, fills and encodes the path and keeps the query apart', () => {
    expect(call(routes.removeFromCart, { params: { userId: 'u 1', productId: 'p/2' } })).toEqual({
      url: '/api/shop/cart/u%201/p%2F2',
      method: 'DELETE',
    });
    expect(call(routes.searchSuggest, { query: { q: 'red' } })).toEqual({
      url: '/api/shop/search/suggest',
      method: 'GET',
      params: { q: 'red' },
    });
    expect(call(routes.addReview, { body: { reviewValue: 5 }, envelope: 'whole' })).toMatchObject({
      url: '/api/shop/review/add',
      method: 'POST',
      body: { reviewValue: 5 },
      envelope: 'whole',
    });
  });
});

describe('the base API', () => {
  it('unwraps the success envelope to its data', async () => {
    server.use(answer('getCart', { success: true, data: cart }));
    const { store } = setup();
    const r = await store.dispatch(testApi.endpoints.cart.initiate('u1'));
    expect(r.data).toEqual(cart);
  });

  it('answers in a browser without AbortSignal.any and AbortSignal.timeout (Safari before 17.4), and leaves no time-out timer behind', async () => {
    server.use(answer('getCart', { success: true, data: cart }));
    const { any, timeout } = AbortSignal;
    Object.assign(AbortSignal, { any: undefined, timeout: undefined });
    const started = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const { store } = setup();
      const r = await store.dispatch(testApi.endpoints.cart.initiate('u1'));
      expect(r.data).toEqual(cart);
      const deadline = started.mock.results[started.mock.calls.findIndex(([, ms]) => ms === 20_000)]?.value;
      expect(deadline).toBeDefined();
      expect(cleared).toHaveBeenCalledWith(deadline);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
      Object.assign(AbortSignal, { any, timeout });
    }
  });

  it('keeps the rest of the answer (pagination) when the call asks for the whole envelope', async () => {
    const pagination = { page: 2, limit: 10, total: 11, pages: 2 };
    server.use(answer('adminOrders', { success: true, data: [], pagination }));
    const { store } = setup();
    const r = await store.dispatch(testApi.endpoints.orders.initiate());
    expect(r.data).toEqual({ data: [], pagination });
  });

  it('normalises an error answer to its status, code, message and field errors', async () => {
    const errors = { formErrors: [], fieldErrors: { street: ['Street is required'] } };
    server.use(fail('addAddress', 400, { code: 'VALIDATION_FAILED', message: 'Street is required', errors }));
    const { store } = setup();
    const r = await store.dispatch(testApi.endpoints.addAddress.initiate({ street: '' }));
    expect('error' in r && r.error).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Street is required',
      errors,
    });
    expect(errorCode('error' in r ? r.error : undefined)).toBe('VALIDATION_FAILED');
  });

  it('reports a network failure as status 0 with a clear message', async () => {
    server.use(http.get('/api/shop/cart/get/:userId', () => HttpResponse.error()));
    const { store } = setup();
    const r = await store.dispatch(testApi.endpoints.cart.initiate('u2'));
    expect(r.error).toEqual({ status: 0, message: NETWORK_ERROR_MESSAGE, noAnswer: 'network' });
  });

  it('reports a time-out as status 0', () => {
    // axios raises ECONNABORTED when its timeout passes (MSW's XHR interceptor does not emulate timers)
    const timedOut = new AxiosError('timeout of 20000ms exceeded', 'ECONNABORTED');
    expect(toApiError(timedOut)).toEqual({ status: 0, message: TIMEOUT_MESSAGE, noAnswer: 'timeout' });
  });

  it('signals an ended session on a 401 UNAUTHENTICATED, not on refused credentials', async () => {
    server.use(fail('getCart', 401, { code: 'UNAUTHENTICATED', message: 'Please log in' }));
    const { store, actions } = setup();
    await store.dispatch(testApi.endpoints.cart.initiate('u4'));
    expect(actions).toContain(sessionExpired.type);

    const other = setup();
    server.use(fail('addAddress', 401, { code: 'INVALID_CREDENTIALS', message: 'nope' }));
    await other.store.dispatch(testApi.endpoints.addAddress.initiate({ street: 'x' }));
    expect(other.actions).not.toContain(sessionExpired.type);
  });

  it('reads an ApiError out of anything thrown', () => {
    expect(toApiError(new Error('boom'))).toEqual({ status: 0, message: 'boom' });
    expect(toApiError({ status: 409, code: 'CONFLICT', message: 'Taken' }).code).toBe('CONFLICT');
  });
});
