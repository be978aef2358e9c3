/** The single axios instance: same origin, cookies sent, JSON. */
import axios, { AxiosError } from 'axios';
import type { ApiErrorBody } from '@mp/shared';

export const api = axios.create({ baseURL: '/', withCredentials: true, timeout: 20_000 });

/** The server's message when there is one, else the fallback (the spec's wording). */
export function apiErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof AxiosError) {
    const body = err.response?.data as Partial<ApiErrorBody> | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (err.code === 'ECONNABORTED') return 'The server took too long to answer. Please try again.';
    if (!err.response) return 'Network error: check your connection and try again.';
  }
  return fallback;
}

export function apiErrorCode(err: unknown): ApiErrorBody['code'] | undefined {
  return err instanceof AxiosError
    ? (err.response?.data as Partial<ApiErrorBody> | undefined)?.code
    : undefined;
}

/** The `details` of an error answer (facts per code, e.g. STALE_STOCK: `{ currentStock }`). */
export function apiErrorDetails(err: unknown): Record<string, unknown> | undefined {
  return err instanceof AxiosError
    ? (err.response?.data as Partial<ApiErrorBody> | undefined)?.details
    : undefined;
}
