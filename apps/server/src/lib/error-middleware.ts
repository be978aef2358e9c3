/**
 * The one place that turns failures into the error envelope:
 * AppError → its status; body-parser and multer errors → 4xx; the database unreachable or timed out, or a full or
 * read-only disk → 503 SERVICE_UNAVAILABLE with Retry-After (docs/operations.md); anything else → 500 INTERNAL,
 * logged, masked.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiErrorBody } from '@mp/shared';
import { AppError } from './errors';
import { isDatabaseUnavailable } from './db-errors';

/** Seconds a client is asked to wait after a 503 (the database is usually back within a few seconds). */
export const RETRY_AFTER_SECONDS = 5;

const DISK_CODES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the data folder is read-only',
  EACCES: 'the data folder is not writable',
  EPERM: 'the data folder is not writable',
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  expose?: boolean;
  message?: string;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = err as HttpishError;
  if (e?.type === 'entity.parse.failed')
    return new AppError(400, 'MALFORMED_JSON', 'Request body is not valid JSON');
  if (e?.type === 'entity.too.large')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (e?.code === 'LIMIT_FILE_SIZE')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'File is too large (5 MB at most)');
  if (typeof e?.code === 'string' && e.code.startsWith('LIMIT_')) {
    return new AppError(400, 'VALIDATION_FAILED', `Upload refused: ${e.message ?? e.code}`);
  }
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && e?.expose !== false) {
    return new AppError(
      status,
      status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
      e.message ?? 'Bad request',
    );
  }
  return undefined;
}

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  const requestId = String(req.id ?? '');
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    return;
  }
  const unavailable = (message: string, retryAfterSeconds: number) => {
    res.setHeader('Retry-After', String(retryAfterSeconds));
    const body: ApiErrorBody = { success: false, message, code: 'SERVICE_UNAVAILABLE', requestId };
    res.status(503).json(body);
  };
  if (!appError && isDatabaseUnavailable(err)) {
    req.log?.warn({ err }, 'database unavailable');
    unavailable('The shop is briefly unavailable. Please try again in a few seconds.', RETRY_AFTER_SECONDS);
    return;
  }
  const diskProblem = DISK_CODES[String((err as HttpishError)?.code)];
  if (!appError && diskProblem && (err as { syscall?: string }).syscall) {
    req.log?.error({ err }, `cannot store a file: ${diskProblem}`);
    unavailable('The server cannot store files right now. Please try again later.', RETRY_AFTER_SECONDS * 12);
    return;
  }
  if (appError) {
    const body: ApiErrorBody = { success: false, message: appError.message, code: appError.code, requestId };
    if (appError.errors) body.errors = appError.errors;
    if (appError.details) body.details = appError.details;
    res.status(appError.status).json(body);
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  const body: ApiErrorBody = {
    success: false,
    message: 'Something went wrong on our side. Please try again.',
    code: 'INTERNAL',
    requestId,
  };
  res.status(500).json(body);
};

export const apiNotFound: RequestHandler = (req, res) => {
  const body: ApiErrorBody = {
    success: false,
    message: `No API route for ${req.method} ${req.path}`,
    code: 'NOT_FOUND',
    requestId: String(req.id ?? ''),
  };
  res.status(404).json(body);
};
