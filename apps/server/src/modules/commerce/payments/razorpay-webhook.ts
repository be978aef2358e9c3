/**
 * The gateway's webhook (docs/money.md, "Gateway webhooks"): a delivery whose `X-Razorpay-Signature` is not ours
 * over the raw body is refused (400, logged, nothing stored); a genuine one is stored once per event id
 * (`gateway_events`, the only writer is this file) and answered at once; the stored row is then processed: a
 * payment event goes to the one completion (razorpay-completion.ts), a refund event completes our refund. Rows left
 * `received` (a crash, the gateway down) are processed again by the reconciler.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { gatewayEvents } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { completeGatewayPayment, type CompletionDeps } from './razorpay-completion';

const PROVIDER = 'razorpay';
/** the payment events that may mean money was taken */
const PAYMENT_EVENTS = new Set(['payment.authorized', 'payment.captured', 'order.paid']);

interface GatewayEventBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown } };
    refund?: { entity?: { id?: unknown; receipt?: unknown; notes?: { refund_id?: unknown } } };
    payout?: { entity?: unknown };
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length <= 200 ? v : null);

export interface WebhookDelivery {
  rawBody: Buffer | undefined;
  signature: string | undefined;
  eventId: string | undefined;
  body: unknown;
}

/** Verifies and stores a delivery; answers the stored row's id, or null when the event was stored before. */
export async function receiveWebhook(
  deps: Pick<CompletionDeps, 'db' | 'logger' | 'gateway'>,
  d: WebhookDelivery,
): Promise<string | null> {
  if (!d.rawBody || !deps.gateway.verifyWebhookSignature(d.rawBody, d.signature)) {
    deps.logger.warn({ eventId: d.eventId }, 'gateway webhook refused: bad or missing signature');
    throw badRequest('Webhook signature could not be verified', 'BAD_SIGNATURE');
  }
  const body = d.body as GatewayEventBody;
  const eventType = str(body?.event);
  if (!eventType) throw badRequest('Not a gateway webhook event');
  // the gateway names each event in a header; a delivery without one is known by its body
  const eventId = str(d.eventId) ?? `body:${createHash('sha256').update(d.rawBody).digest('hex')}`;
  const [row] = await deps.db
    .insert(gatewayEvents)
    .values({
      provider: PROVIDER,
      eventId,
      eventType,
      paymentId: str(body.payload?.payment?.entity?.id),
      payload: body,
    })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return row?.id ?? null;
}

type EventRow = typeof gatewayEvents.$inferSelect;

async function finish(db: Db, id: string, status: EventRow['status'], error?: string): Promise<void> {
  await db
    .update(gatewayEvents)
    .set({
      status,
      attempts: sql`${gatewayEvents.attempts} + 1`,
      lastError: error ?? null,
      processedAt: status === 'received' ? null : sql`now()`,
    })
    .where(eq(gatewayEvents.id, id));
}

/** Acts on one stored event (idempotent: the completion is keyed on the payment id). */
export async function processEvent(deps: CompletionDeps, row: EventRow): Promise<void> {
  try {
    if (PAYMENT_EVENTS.has(row.eventType) && row.paymentId) {
      const done = await completeGatewayPayment(deps, row.paymentId);
      if (done.outcome === 'unknown_order') {
        deps.logger.warn(
          { eventId: row.eventId, gatewayOrderId: done.gatewayOrderId },
          'webhook for no order of ours',
        );
        return finish(deps.db, row.id, 'unknown_order');
      }
      return finish(deps.db, row.id, 'processed');
    }
    if (row.eventType === 'refund.processed') {
      const refund = (row.payload as GatewayEventBody).payload?.refund?.entity;
      const refundId = str(refund?.id);
      const ours = str(refund?.notes?.refund_id) ?? str(refund?.receipt);
      if (refundId) await deps.money.refunder.reconcile(refundId, ours);
      return finish(deps.db, row.id, 'processed');
    }
    // a refund of a COD return paid out (docs/money.md, "Refunds of cash-on-delivery returns")
    if (row.eventType.startsWith('payout.') && deps.payouts) {
      await deps.payouts.applyPayoutEvent((row.payload as GatewayEventBody).payload?.payout?.entity);
      return finish(deps.db, row.id, 'processed');
    }
    return finish(deps.db, row.id, 'ignored');
  } catch (err) {
    deps.logger.error({ err, eventId: row.eventId }, 'gateway webhook processing failed; retried later');
    await finish(deps.db, row.id, 'received', err instanceof Error ? err.message : String(err));
  }
}

export async function processStoredEvent(deps: CompletionDeps, id: string): Promise<void> {
  const [row] = await deps.db.select().from(gatewayEvents).where(eq(gatewayEvents.id, id));
  if (row?.status === 'received') await processEvent(deps, row);
}

/** Events stored but not processed (older than `olderThanMs`): processed again, oldest first. */
export async function processLeftEvents(
  deps: CompletionDeps,
  olderThanMs: number,
  limit = 100,
): Promise<number> {
  const rows = await deps.db
    .select()
    .from(gatewayEvents)
    .where(
      and(
        eq(gatewayEvents.status, 'received'),
        lt(gatewayEvents.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(gatewayEvents.createdAt))
    .limit(limit);
  for (const row of rows) await processEvent(deps, row);
  return rows.length;
}
