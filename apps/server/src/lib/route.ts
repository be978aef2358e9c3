/**
 * Routes from the endpoint table (docs/api-contract.md, "Declaring a route"): `route(api.addToCart, handler)`
 * registers the row's method and path, puts the guard of the row's `auth` in front (session.ts `createGuards`),
 * and hands the handler the request's params, query and body parsed with the row's schemas (on first read, so a
 * handler checks in the order it reads: the same 400 `VALIDATION_FAILED` as `parse`) and `reply`, which sends the
 * row's JSON answer (contract.ts `send`). Pages, files and redirects write `res` themselves. Guards that depend on
 * the resource (self or admin on `:userId`, a seller's own product) stay in the handler or the use case.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import {
  idempotencyKeySchema,
  type BodySpec,
  type EndpointDef,
  type EndpointParams,
  type EndpointPayload,
  type JsonStatus,
} from '@mp/shared';
import type { Db } from '../db/client';
import { send } from './contract';
import { parse } from './errors';
import { createGuards, currentUser } from './session';

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type ParsedBody<E extends EndpointDef> =
  E['body'] extends BodySpec<infer Z> ? (E['body']['kind'] extends 'json' ? z.output<Z> : never) : never;

/** What a handler is given: the request, parsed on first read, and the answer helper. */
export interface RouteContext<E extends EndpointDef> {
  req: Request;
  res: Response;
  /** the path parameters, parsed with the row's `params` */
  readonly params: EndpointParams<E>;
  /** the query, parsed with the row's `query` */
  readonly query: Parsed<E['query']>;
  /** a JSON body, parsed with the row's body schema */
  readonly body: ParsedBody<E>;
  /** the signed-in user (a 401 without one; public routes read `req.user`) */
  readonly user: Express.SessionUser;
  /** Sends the row's JSON answer with this status (default: its lowest JSON success status). */
  reply<S extends JsonStatus<E> = JsonStatus<E>>(payload: EndpointPayload<E, S>, status?: S): void;
}
export type RouteHandler<E extends EndpointDef> = (ctx: RouteContext<E>) => Promise<void> | void;

/** The Idempotency-Key header of a write, when sent (docs/api-contract.md, "Idempotent writes"). */
export function idempotencyKeyOf(req: Request): string | undefined {
  const header = req.get('Idempotency-Key');
  return header === undefined ? undefined : parse(idempotencyKeySchema, header);
}

function contextOf<E extends EndpointDef>(endpoint: E, req: Request, res: Response): RouteContext<E> {
  const parsed: { params?: unknown; query?: unknown; body?: unknown } = {};
  const body = endpoint.body?.kind === 'json' ? endpoint.body.schema : undefined;
  return {
    req,
    res,
    get params() {
      return (parsed.params ??= endpoint.params ? parse(endpoint.params, req.params) : {}) as never;
    },
    get query() {
      return (parsed.query ??= endpoint.query ? parse(endpoint.query, req.query) : {}) as never;
    },
    get body() {
      if (!body) throw new Error(`${endpoint.method} ${endpoint.path} declares no JSON body`);
      return (parsed.body ??= parse(body, req.body)) as never;
    },
    get user() {
      return currentUser(req);
    },
    reply: (payload, status) => send(res, endpoint, payload as never, status as never),
  };
}

/**
 * A router whose routes come from the endpoint table. `route(endpoint, ...middleware, handler)`: the middleware
 * (a rate limit, an upload) runs after the guard and before the handler.
 */
export function contractRouter(db: Db) {
  const router = Router();
  const guards = createGuards(db);
  function route<E extends EndpointDef>(
    endpoint: E,
    ...rest: [...middleware: RequestHandler[], handler: RouteHandler<E>]
  ): void {
    const handler = rest.pop() as RouteHandler<E>;
    // a row that answers its own 401 page (the sandbox payment pages) checks the session in its handler
    const guard = endpoint.responses[401]?.kind === 'html' ? undefined : guards[endpoint.auth];
    router[endpoint.method](
      endpoint.path,
      ...(guard ? [guard] : []),
      ...(rest as RequestHandler[]),
      async (req: Request, res: Response) => {
        await handler(contextOf(endpoint, req, res));
      },
    );
  }
  return { router, route };
}
export type Route = ReturnType<typeof contractRouter>['route'];
