/**
 * The PayPal webhook's decisions (docs/money.md, "PayPal webhook"): what is answered without asking PayPal to
 * verify the signature (a delivery that cannot be genuine, an event seen before, one about nothing of ours), and
 * what a verified event does (a capture settles its order; a refund completes ours). Each event is recorded once.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paymentEvents } from '../../../db/schema';
import type { Logger } from '../../../lib/logger';
import type { MoneyService } from '../money/money.service';
import type { WebhookHeaders } from './payment-provider';
import { parsePayPalAmount } from './paypal-amount';
import { checkWebhookHeaders, webhookSubject, type WebhookSubject } from './paypal-webhook-gate';

export interface WebhookEvent {
  id: string;
  event_type: string;
  resource?: Record<string, unknown> | undefined;
}

interface WebhookDeps {
  db: Db;
  logger: Logger;
  money: MoneyService;
}

/**
 * Before any call to PayPal: 400 for a delivery that cannot be PayPal's; an answer for an event that would change
 * nothing (seen before, or about nothing of ours); else what the event is about.
 */
export async function gateWebhook(
  { db, logger }: Omit<WebhookDeps, 'money'>,
  event: WebhookEvent,
  headers: WebhookHeaders,
  apiBase: string,
): Promise<{ answer: string } | { subject: WebhookSubject }> {
  checkWebhookHeaders(headers, apiBase);
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, 'paypal'), eq(paymentEvents.eventId, event.id)))
    .limit(1);
  if (seen) return { answer: 'Event already processed' };
  const subject = await webhookSubject(db, event);
  if (subject) return { subject };
  logger.info({ eventId: event.id, eventType: event.event_type }, 'webhook about nothing of ours: ignored');
  return { answer: 'Event ignored' };
}

/** A verified event: a capture settles its order (verified like the return page's), a refund completes ours. */
export async function actOnWebhook(
  { db, logger, money }: WebhookDeps,
  event: WebhookEvent,
  subject: WebhookSubject,
): Promise<void> {
  let orderId: string | null = null;
  if (subject.kind === 'capture') {
    orderId = subject.orderId;
    await settleWebhookCapture({ logger, money }, event, orderId);
  } else {
    // a refund PayPal settled later (or confirmed again): complete ours, found by its id or our request id
    const resource = event.resource as { id?: string; invoice_id?: string } | undefined;
    if (resource?.id) {
      const found = await money.refunder.reconcile(resource.id, resource.invoice_id ?? null);
      if (!found)
        logger.warn({ eventId: event.id, refundId: resource.id }, 'webhook refund we did not ask for');
    }
  }
  await db
    .insert(paymentEvents)
    .values({ provider: 'paypal', eventId: event.id, eventType: event.event_type, orderId })
    .onConflictDoNothing();
}

/** The same verification as the return page: amount and currency must equal the order's total. */
async function settleWebhookCapture(
  { logger, money }: Omit<WebhookDeps, 'db'>,
  event: WebhookEvent,
  orderId: string,
): Promise<void> {
  const resource = event.resource as
    { id?: string; amount?: { value?: string; currency_code?: string } } | undefined;
  const settled = await money.settleCapture(orderId, {
    status: 'COMPLETED',
    captureId: resource?.id ?? null,
    payerId: null,
    amountPaise: parsePayPalAmount(resource?.amount?.value),
    currency: resource?.amount?.currency_code ?? null,
  });
  if (settled.outcome === 'refunded') {
    logger.error({ orderId, eventId: event.id, code: settled.code }, 'webhook capture refused and refunded');
  }
}
