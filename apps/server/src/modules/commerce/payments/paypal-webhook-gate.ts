/**
 * What the PayPal webhook refuses before asking PayPal to verify a signature (docs/money.md, "PayPal webhook"):
 * every verification is an outgoing call, so an event that cannot be genuine, or that would change nothing here,
 * costs no call.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { isId } from '@mp/shared';
import type { Db } from '../../../db/client';
import { orders, refunds } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import type { WebhookHeaders } from './payment-provider';

/** the event types the shop acts on; PayPal's others are acknowledged and ignored */
export const HANDLED_WEBHOOK_EVENTS = ['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED'] as const;
/** PayPal redelivers an event for up to 3 days; a transmission time outside that (or ahead of us) is no delivery */
const MAX_AGE_MS = 3 * 24 * 3_600_000 + 3_600_000;
const MAX_AHEAD_MS = 5 * 60_000;

/** https on paypal.com or one of its sub-domains (api.paypal.com, api.sandbox.paypal.com …), or the API we call */
function isPayPalCertUrl(certUrl: string, apiBase: string): boolean {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    return false;
  }
  if (url.host === new URL(apiBase).host) return true; // a local stand-in for PayPal (tests, development)
  return url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'));
}

/** 400 when the delivery's headers cannot come from PayPal. */
export function checkWebhookHeaders(h: WebhookHeaders, apiBase: string): void {
  if (!h.transmissionId || !h.transmissionTime || !h.transmissionSig || !h.certUrl || !h.authAlgo) {
    throw badRequest('Not a PayPal webhook delivery: PayPal transmission headers are missing');
  }
  if (!isPayPalCertUrl(h.certUrl, apiBase)) {
    throw badRequest('Not a PayPal webhook delivery: the certificate is not on PayPal');
  }
  const sent = Date.parse(h.transmissionTime);
  const now = Date.now();
  if (!Number.isFinite(sent) || sent > now + MAX_AHEAD_MS || sent < now - MAX_AGE_MS) {
    throw badRequest('Not a PayPal webhook delivery: the transmission time is out of range');
  }
}

type Resource = {
  id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
};

/** What a handled event is about: the order a capture pays, or a refund of ours. */
export type WebhookSubject = { kind: 'capture'; orderId: string } | { kind: 'refund' };

/**
 * What the event is about, when it could change anything here: a handled type, about a PayPal order or a refund
 * of ours. When it is about nothing of ours (null), it is acknowledged without asking PayPal.
 */
export async function webhookSubject(
  db: Db,
  event: { event_type: string; resource?: Record<string, unknown> | undefined },
): Promise<WebhookSubject | null> {
  if (!(HANDLED_WEBHOOK_EVENTS as readonly string[]).includes(event.event_type)) return null;
  const resource = (event.resource ?? {}) as Resource;
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
    const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
    if (typeof paypalOrderId !== 'string') return null;
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.paymentId, paypalOrderId), eq(orders.paymentMethod, 'paypal')))
      .limit(1);
    return order ? { kind: 'capture', orderId: order.id } : null;
  }
  if (typeof resource.id !== 'string') return null;
  // our refund's id, when the event names one: anything else must not reach the uuid column
  const requestId = isId(resource.invoice_id) ? resource.invoice_id : undefined;
  const [refund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      requestId
        ? or(eq(refunds.providerRefundId, resource.id), sql`${refunds.id} = ${requestId}`)
        : eq(refunds.providerRefundId, resource.id),
    )
    .limit(1);
  return refund ? { kind: 'refund' } : null;
}
