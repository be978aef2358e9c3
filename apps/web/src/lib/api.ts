/**
 * The web's data layer: one RTK Query API over `fetch` (same origin, cookies sent, JSON, 20 s time-out; axios,
 * lib/api-client.ts, stays for the uploads that show progress, out of the storefront's first scripts:
 * docs/performance.md). Features add their endpoints with
 * `baseApi.injectEndpoints` in their own folder (console-only endpoints from the lazily loaded console chunks).
 *
 * The base query unwraps the success envelope (`{ success: true, data, ... }` → `data`, or the whole answer
 * without `success` when a call asks for `envelope: 'whole'`) and turns every failure into an `ApiError`:
 * the server's `code`, `message`, field `errors` and `details` (docs/api-contract.md's error envelope), status 0 with
 * a clear message when no answer came. Components switch on `error.code`, never on the message text.
 */
import { createAction } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiErrorBody, ApiErrorCode, FieldErrors } from '@mp/shared';
import { pathOf, type PathParams, type RouteDef } from '@mp/shared/routes';
import type { AxiosError } from 'axios';

export type ErrorCode = ApiErrorCode;

/** An answer without its `success` flag (each variant of a union), as `envelope: 'whole'` calls receive it. */
export type Whole<T> = T extends unknown ? Omit<T, 'success'> : never;

/** Every failed call, normalised. `status` 0: no answer (network down, time-out, told by `noAnswer`). */
export interface ApiError {
  status: number;
  code?: ErrorCode;
  message: string;
  /** why no answer came (status 0 only) */
  noAnswer?: 'network' | 'timeout';
  /** the server's messages per input field (zod flattenError shape) */
  errors?: FieldErrors;
  /** facts per code (e.g. STALE_STOCK: `{ currentStock }`) */
  details?: Record<string, unknown>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  url: string;
  method?: Method;
  body?: unknown;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** 'data' (default): the answer's `data` field when it has one; 'whole': the answer without `success` */
  envelope?: 'data' | 'whole';
}

/** A call's parts besides its route: path values (when the path has any), query, body, headers, envelope. */
export type CallOptions<R extends RouteDef> = Omit<ApiRequest, 'url' | 'method' | 'params'> & {
  /** query parameters (those left undefined or null are not sent) */
  query?: Record<string, unknown>;
} & (keyof PathParams<R['path']> extends never ? { params?: undefined } : { params: PathParams<R['path']> });
type CallArgs<R extends RouteDef> = keyof PathParams<R['path']> extends never
  ? [options?: CallOptions<R>]
  : [options: CallOptions<R>];

/**
 * The request for a route of the shared table (`routes` of @mp/shared/routes): its method, and its path with the
 * values filled in (encoded). No URL is written by hand (docs/api-contract.md, "URLs on the web").
 */
export function call<R extends RouteDef>(route: R, ...[options]: CallArgs<R>): ApiRequest {
  const { params, query, ...rest } = (options ?? {}) as CallOptions<RouteDef> & {
    params?: Record<string, string>;
  };
  return {
    ...rest,
    url: pathOf(route.path, params),
    method: route.method.toUpperCase() as Method,
    ...(query ? { params: query } : {}),
  };
}

export const NETWORK_ERROR_MESSAGE = 'Network error: check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * A call that needs a session was refused because there is none (any more). The auth slice clears the
 * session on it and the app returns to the login page with the way back.
 */
export const sessionExpired = createAction('api/sessionExpired');

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}

/** axios's errors carry this flag (checked without loading axios) */
const isAxiosError = (err: unknown): err is AxiosError =>
  typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;

/** The ApiError inside anything a call may throw or hold (RTK Query error, `unwrap()` rejection, axios error). */
export function toApiError(err: unknown): ApiError {
  if (isAxiosError(err)) return fromAxios(err);
  if (isApiError(err)) return err;
  if (err instanceof Error) return { status: 0, message: err.message || UNEXPECTED_ERROR_MESSAGE };
  return { status: 0, message: UNEXPECTED_ERROR_MESSAGE };
}

/**
 * The text to show for a failure: the server's message when it sent one, the network/time-out text when no answer
 * came, else the screen's own fallback (docs/web.md, "Texts").
 */
export function errorMessage(err: unknown, fallback: string): string {
  const e = toApiError(err);
  if (e.status === 0) return isNoAnswer(e) ? e.message : fallback;
  return e.message === UNEXPECTED_ERROR_MESSAGE ? fallback : e.message;
}

const isNoAnswer = (e: ApiError) => e.noAnswer !== undefined;

/** The error of a call that got no answer. */
const noAnswer = (timedOut: boolean): ApiError =>
  timedOut
    ? { status: 0, message: TIMEOUT_MESSAGE, noAnswer: 'timeout' }
    : { status: 0, message: NETWORK_ERROR_MESSAGE, noAnswer: 'network' };

/** The error's code, if the failure is an ApiError with one. */
export function errorCode(err: unknown): ErrorCode | undefined {
  return isAxiosError(err) || isApiError(err) ? toApiError(err).code : undefined;
}

function fromAxios(err: AxiosError): ApiError {
  const res = err.response;
  if (!res) {
    return noAnswer(err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT');
  }
  return fromAnswer(res.status, res.data);
}

/** A failed answer's ApiError: the error envelope's fields, or the generic text when the body has none. */
function fromAnswer(status: number, data: unknown): ApiError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Partial<ApiErrorBody>;
  const error: ApiError = {
    status,
    message: typeof body.message === 'string' && body.message ? body.message : UNEXPECTED_ERROR_MESSAGE,
  };
  if (body.code) error.code = body.code;
  if (body.errors) error.errors = body.errors;
  if (body.details) error.details = body.details;
  return error;
}

function unwrap(answer: unknown, envelope: ApiRequest['envelope']): unknown {
  if (typeof answer !== 'object' || answer === null) return answer;
  const { success: _success, ...rest } = answer as Record<string, unknown>;
  if (envelope === 'whole') return rest;
  return 'data' in rest ? rest.data : rest;
}

export const REQUEST_TIMEOUT_MS = 20_000;

/** The URL with its query parameters (those left undefined or null are not sent). */
function urlOf(req: ApiRequest): URL {
  const url = new URL(req.url, window.location.origin);
  for (const [k, v] of Object.entries(req.params ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.append(k, String(v));
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Aborted when either signal is, and a time-out signal: the browser's own where it has them (AbortSignal.any came
 * with Safari 17.4, AbortSignal.timeout with Safari 16), otherwise the same made by hand, so an older phone still
 * gets its answers.
 */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}
/** A signal aborted after `ms`, and `done` to call once the answer is in (clears the hand-made timer). */
function deadline(ms: number): { signal: AbortSignal; done: () => void } {
  if (typeof AbortSignal.timeout === 'function') return { signal: AbortSignal.timeout(ms), done: () => {} };
  const c = new AbortController();
  const timer = setTimeout(() => c.abort(new DOMException('The request timed out', 'TimeoutError')), ms);
  return { signal: c.signal, done: () => clearTimeout(timer) };
}

/** The base query of every endpoint (RTK Query's own `fetchBaseQuery` is not used: see above). */
export const baseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError> = async (arg, baseApi) => {
  const req: ApiRequest = typeof arg === 'string' ? { url: arg } : arg;
  const json = req.body !== undefined && !(req.body instanceof FormData);
  const timeout = deadline(REQUEST_TIMEOUT_MS);
  let res: Response;
  let data: unknown;
  try {
    res = await fetch(urlOf(req), {
      method: req.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(json ? { 'Content-Type': 'application/json' } : {}),
        ...req.headers,
      },
      body: json ? JSON.stringify(req.body) : (req.body as FormData | undefined),
      signal: eitherSignal(baseApi.signal, timeout.signal),
    });
    data = await readBody(res);
  } catch {
    return { error: noAnswer(timeout.signal.aborted) };
  } finally {
    timeout.done();
  }
  if (res.ok) return { data: unwrap(data, req.envelope) };
  const error = fromAnswer(res.status, data);
  if (error.status === 401 && error.code === 'UNAUTHENTICATED') baseApi.dispatch(sessionExpired());
  return { error };
};

export const TAG_TYPES = [
  'Session',
  'Products',
  'Product',
  'Home',
  'Banners',
  'Cart',
  'Wishlist',
  'Addresses',
  'Orders',
  'Reviews',
  'Sellers',
  'SellerProducts',
  'Store',
  'SellerOrders',
  'AdminProducts',
  'AdminOrders',
  'Earnings',
  'Payouts',
  'Notifications',
  'Dashboard',
  'ShopConfig',
  'Brands',
  'Tax',
  'Holidays',
  'ReturnPolicies',
  'Coupons',
  'Offers',
  'Returns',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
