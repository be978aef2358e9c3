/**
 * Answers through the endpoint table of @mp/shared (docs/api-contract.md): the handler hands over the answer's
 * fields, typed by the endpoint's success schema, and this adds the `{ success: true }` envelope and the status.
 * The API tests check every answer against the OpenAPI document generated from the same table.
 */
import type { Response } from 'express';
import type { EndpointDef, EndpointAnswer, EndpointPayload, JsonStatus } from '@mp/shared';

const envelopeOf = new WeakMap<EndpointDef, Map<number, boolean>>();

/** Whether the endpoint's answer for this status is a `{ success: true, … }` envelope (health is not). */
function isEnvelope(endpoint: EndpointDef, status: number): boolean {
  let byStatus = envelopeOf.get(endpoint);
  if (!byStatus) envelopeOf.set(endpoint, (byStatus = new Map()));
  let known = byStatus.get(status);
  if (known === undefined) {
    const answer = endpoint.responses[status];
    const schema = answer?.kind === 'json' ? (answer.schema as { shape?: object; options?: unknown[] }) : {};
    // an object, or a union of objects (e.g. signed in or not), each with `success`
    const shapes = (schema.options ?? [schema]).map((o) => (o as { shape?: object }).shape);
    known = shapes.length > 0 && shapes.every((shape) => !!shape && 'success' in shape);
    byStatus.set(status, known);
  }
  return known;
}

const defaultStatuses = new WeakMap<EndpointDef, number>();

/** The lowest JSON success status of the endpoint (201 for creations, else 200), worked out once per endpoint. */
function defaultStatus(endpoint: EndpointDef): number {
  let status = defaultStatuses.get(endpoint);
  if (status === undefined) defaultStatuses.set(endpoint, (status = lowestSuccess(endpoint)));
  return status;
}

function lowestSuccess(endpoint: EndpointDef): number {
  const statuses = Object.entries(endpoint.responses)
    .filter(([, a]) => a.kind === 'json')
    .map(([s]) => Number(s))
    .filter((s) => s < 300);
  if (!statuses.length) throw new Error(`${endpoint.method} ${endpoint.path} has no JSON success answer`);
  return Math.min(...statuses);
}

/** The whole answer body for the endpoint (envelope included), e.g. to cache it as JSON text. */
export function answerBody<E extends EndpointDef, S extends JsonStatus<E> = JsonStatus<E>>(
  endpoint: E,
  payload: EndpointPayload<E, S>,
  status?: S,
): EndpointAnswer<E, S> {
  const code = status ?? defaultStatus(endpoint);
  return (isEnvelope(endpoint, code) ? { success: true, ...payload } : payload) as EndpointAnswer<E, S>;
}

/** Sends the endpoint's answer with its status (default: its lowest JSON success status). */
export function send<E extends EndpointDef, S extends JsonStatus<E> = JsonStatus<E>>(
  res: Response,
  endpoint: E,
  payload: EndpointPayload<E, S>,
  status?: S,
): void {
  const code = status ?? defaultStatus(endpoint);
  res.status(code).json(answerBody(endpoint, payload, status));
}

/** Sends an answer already serialised by answerBody (a cache hit). */
export function sendJsonText(res: Response, text: string): void {
  res.type('application/json').send(text);
}
