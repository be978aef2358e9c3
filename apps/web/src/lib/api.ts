/**
 * The web's data layer: one RTK Query API over the axios instance. Features add their endpoints with
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
import { AxiosError, type AxiosRequestConfig, type Method } from 'axios';
import { api } from './api-client';

export type ErrorCode = ApiErrorCode;

/** An answer without its `success` flag (each variant of a union), as `envelope: 'whole'` calls receive it. */
export type Whole<T> = T extends unknown ? Omit<T, 'success'> : never;

/** Every failed call, normalised. `status` 0: no answer (network down, time-out). */
export interface ApiError {
  status: number;
  code?: ErrorCode;
  message: string;
  /** the server's messages per input field (zod flattenError shape) */
  errors?: FieldErrors;
  /** facts per code (e.g. STALE_STOCK: `{ currentStock }`) */
  details?: Record<string, unknown>;
}

export interface ApiRequest {
  url: string;
  method?: Method;
  body?: unknown;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** 'data' (default): the answer's `data` field when it has one; 'whole': the answer without `success` */
  envelope?: 'data' | 'whole';
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

/** The ApiError inside anything a call may throw or hold (RTK Query error, `unwrap()` rejection, axios error). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof AxiosError) return fromAxios(err);
  if (isApiError(err)) return err;
  if (err instanceof Error) return { status: 0, message: err.message || UNEXPECTED_ERROR_MESSAGE };
  return { status: 0, message: UNEXPECTED_ERROR_MESSAGE };
}

/**
 * The text to show for a failure: the server's message when it sent one, the network/time-out text when no answer
 * came, else the fallback (the spec's wording).
 */
export function errorMessage(err: unknown, fallback: string): string {
  const e = toApiError(err);
  if (e.status === 0) return isNoAnswer(e) ? e.message : fallback;
  return e.message === UNEXPECTED_ERROR_MESSAGE ? fallback : e.message;
}

const isNoAnswer = (e: ApiError) => e.message === NETWORK_ERROR_MESSAGE || e.message === TIMEOUT_MESSAGE;

/** The error's code, if the failure is an ApiError with one. */
export function errorCode(err: unknown): ErrorCode | undefined {
  return err instanceof AxiosError || isApiError(err) ? toApiError(err).code : undefined;
}

function fromAxios(err: AxiosError): ApiError {
  const res = err.response;
  if (!res) {
    const timedOut = err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT';
    return { status: 0, message: timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE };
  }
  const body = (typeof res.data === 'object' && res.data !== null ? res.data : {}) as Partial<ApiErrorBody>;
  const error: ApiError = {
    status: res.status,
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

export const axiosBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError> = async (arg, baseApi) => {
  const req: ApiRequest = typeof arg === 'string' ? { url: arg } : arg;
  const config: AxiosRequestConfig = {
    url: req.url,
    method: req.method ?? 'GET',
    data: req.body,
    params: req.params,
    headers: req.headers,
    signal: baseApi.signal,
  };
  try {
    const res = await api.request(config);
    return { data: unwrap(res.data, req.envelope) };
  } catch (err) {
    const error = toApiError(err);
    if (error.status === 401 && error.code === 'UNAUTHENTICATED') baseApi.dispatch(sessionExpired());
    return { error };
  }
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
  'SellerOrders',
  'AdminProducts',
  'AdminOrders',
  'Earnings',
  'Payouts',
  'Dashboard',
  'ShopConfig',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
