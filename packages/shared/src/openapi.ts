/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table (endpoints.ts) by zod-openapi: never
 * written by hand. Served at GET /api/openapi.json; packages/client's types are generated from it.
 * Not exported from the package index (the web does not need zod-openapi): import '@mp/shared/openapi'.
 */
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { apiErrorBodySchema } from './api';
import {
  API_TAGS,
  AUTH_ROLES,
  endpointList,
  errorStatuses,
  openApiPath,
  type AuthLevel,
  type Endpoint,
} from './endpoints';

export const SESSION_COOKIE_NAME = 'token';

const AUTH_TEXT: Record<AuthLevel, string> = {
  none: 'No session needed.',
  session: 'Needs a session (the `token` cookie set by login).',
  admin: 'Needs the session of the admin.',
  approvedSeller: 'Needs the session of an approved seller.',
  approvedSellerOrAdmin: 'Needs the session of an approved seller or of the admin.',
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED with field errors, MALFORMED_JSON, or a rule of the call)',
  401: 'No valid session (UNAUTHENTICATED) or wrong credentials (INVALID_CREDENTIALS)',
  402: 'The payment failed',
  403: 'Not allowed (FORBIDDEN, SELLER_NOT_APPROVED, OWN_PRODUCT), or a write from another site (CROSS_SITE_REQUEST)',
  404: 'Not found (NOT_FOUND, STORE_NOT_FOUND)',
  409: 'Conflicts with the current state (CONFLICT, OUT_OF_STOCK, ADDRESS_LIMIT, EMAIL_TAKEN, PAYMENT_FAILED, BRAND_EXISTS)',
  413: 'The body or file is too large (PAYLOAD_TOO_LARGE)',
  415: 'The body is not JSON (multipart on upload routes) or cannot be read (UNSUPPORTED_MEDIA_TYPE)',
  422: 'A limit of the call was exceeded (IMAGE_TOO_LARGE, IMAGE_TOO_SMALL, HOLD_LIMIT); see details',
  429: 'Too many requests (RATE_LIMITED, see the RateLimit headers; HOLD_COOLDOWN, UPLOAD_QUOTA, see Retry-After)',
  500: 'An unexpected failure on the server (INTERNAL); nothing was half-written',
  502: 'An outside service (payment provider, image host) failed',
  503: 'The database is out of reach (SERVICE_UNAVAILABLE, see Retry-After), or payments are not configured',
};

const errorResponse = (status: number) => ({
  description: ERROR_TEXT[status] ?? 'Error',
  content: { 'application/json': { schema: apiErrorBodySchema } },
});

function operation(e: Endpoint): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, answer] of Object.entries(e.responses)) {
    const key = status as `${1 | 2 | 3 | 4 | 5}${string}`;
    if (answer.kind === 'json') {
      responses[key] = {
        description: answer.description,
        content: { 'application/json': { schema: answer.schema } },
      };
    } else if (answer.kind === 'html' || answer.kind === 'text' || answer.kind === 'pdf') {
      const type = { html: 'text/html', text: 'text/plain', pdf: 'application/pdf' }[answer.kind];
      responses[key] = {
        description: answer.description,
        content: {
          [type]: { schema: { type: 'string', format: answer.kind === 'pdf' ? 'binary' : undefined } },
        },
      };
    } else {
      responses[key] = {
        description: answer.description,
        headers: { Location: { schema: { type: 'string' }, description: 'where the browser goes next' } },
      };
    }
  }
  for (const status of errorStatuses(e)) {
    responses[String(status) as `4${string}`] = { $ref: `#/components/responses/Error${status}` };
  }
  const requestParams: ZodOpenApiOperationObject['requestParams'] = {};
  if (e.params) requestParams.path = e.params;
  if (e.query) requestParams.query = e.query;
  if (e.headers) requestParams.header = e.headers;
  const roles = AUTH_ROLES[e.auth];
  return {
    operationId: e.id,
    summary: e.summary,
    description: [e.description, AUTH_TEXT[e.auth], e.rateLimited ? 'Rate limited per client address.' : '']
      .filter(Boolean)
      .join('\n\n'),
    tags: [e.tag],
    ...(e.auth === 'none' ? {} : { security: [{ sessionCookie: [] }] }),
    'x-auth': e.auth,
    ...(e.auth === 'none' ? {} : { 'x-roles': roles }),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(e.body
      ? {
          requestBody: {
            required: true,
            content:
              e.body.kind === 'json'
                ? { 'application/json': { schema: e.body.schema } }
                : { 'multipart/form-data': { schema: e.body.schema } },
          },
        }
      : {}),
    responses,
  };
}

export interface OpenApiOptions {
  /** the version shown in info.version */
  version?: string;
  /** server URLs to list (default: the same origin) */
  servers?: { url: string; description?: string }[];
}

/** The whole document; the same table always gives the same document. */
export function createOpenApiDocument(options: OpenApiOptions = {}) {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const e of endpointList) {
    const p = openApiPath(e.path);
    (paths[p] ??= {})[e.method] = operation(e);
  }
  const statuses = [...new Set(endpointList.flatMap(errorStatuses))].sort((a, b) => a - b);
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Haat Marketplace API',
      version: options.version ?? '1.0.0',
      description:
        'The JSON API of the marketplace. Every success answer is an envelope `{ success: true, … }`; every ' +
        'failure is `{ success: false, message, code, errors?, requestId }` — switch on `code`. Prices are ' +
        'in rupees. Writes from a browser need the session cookie set by `POST /api/auth/login`.',
    },
    servers: options.servers ?? [{ url: '/', description: 'This server' }],
    tags: API_TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The HTTP-only session cookie set by login and seller registration.',
        },
      },
      responses: Object.fromEntries(statuses.map((s) => [`Error${s}`, errorResponse(s)])),
    },
  });
}
