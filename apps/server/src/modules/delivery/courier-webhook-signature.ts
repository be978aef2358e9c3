/**
 * The courier's tracking webhook (docs/delivery.md, "Tracking"): the body is signed with HMAC-SHA256 of its raw
 * bytes under COURIER_WEBHOOK_SECRET, hex in `X-Courier-Signature`. A body whose signature does not match, or
 * that does not name an AWB, a known status and a time, is refused before anything is read from the database.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { trackingStateOf, type CourierEvent } from './courier-provider';

export function signatureValid(raw: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The event a signed body reports, or a reason it is refused; a status that is no state change is `ignored`. */
export function parseCourierWebhook(
  raw: Buffer,
): { kind: 'event'; event: CourierEvent } | { kind: 'ignored' } | { kind: 'invalid'; reason: string } {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { kind: 'invalid', reason: 'The body is not JSON' };
  }
  const awb = typeof body.awb === 'string' || typeof body.awb === 'number' ? String(body.awb) : '';
  const at = new Date(String(body.current_timestamp ?? ''));
  if (!awb || Number.isNaN(at.getTime()))
    return { kind: 'invalid', reason: 'awb and current_timestamp are required' };
  const state = trackingStateOf(String(body.current_status ?? ''));
  if (!state) return { kind: 'ignored' };
  return {
    kind: 'event',
    event: {
      eventId: body.event_id ? String(body.event_id) : null,
      awb,
      state,
      at: at.toISOString(),
      location: body.location ? String(body.location) : null,
    },
  };
}
