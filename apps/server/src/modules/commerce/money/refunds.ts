/**
 * Refunds (docs/money.md). A refund is decided inside the transaction that decides it (order row locked), written
 * as a `pending` row with its ledger entry, and only then sent to the provider; the provider's answer completes it,
 * a failure leaves it pending and visible, retried by the refund sweeper. The order's refundable amount is what
 * was captured minus every refund not abandoned, read under the order's lock, so racing refunds never give back
 * more than was taken.
 */
import { and, asc, eq, like, lte, sql } from 'drizzle-orm';
import { isId } from '@mp/shared';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { refunds } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import { startIntervalJob } from '../../../lib/interval-job';
import { enqueueRefundMail } from '../../mail';
import type { OrderRow } from '../orders/order.mapper';
import { addRefunded, lockOrder } from '../orders/order.repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { recordMoneyEvent, type Actor } from './ledger';
import { issueCreditNotesIn } from '../../tax/credit-notes';

export type RefundKind =
  | 'shopper_cancel'
  | 'seller_reject'
  | 'admin'
  | 'late_capture'
  | 'amount_mismatch'
  | 'cancelled_order'
  /** a second, different payment for an order another payment settled (docs/money.md, "Capture") */
  | 'second_payment'
  /** a prepaid parcel returned to the seller undelivered (docs/delivery.md, "RTO") */
  | 'courier_rto'
  /** delivered units the shopper returned (docs/returns.md) */
  | 'return';

export interface RefundDecision {
  amountPaise: number;
  kind: RefundKind;
  reason: string;
  /** one refund per decision: the same key again answers the refund already made */
  dedupeKey: string;
  actor: Actor;
  /** the capture to refund; defaults to the order's */
  captureId?: string;
  /** a refund of one seller's sub-order (a return): its credit note is against that seller's invoice only */
  sellerId?: string | null;
  /** a refund of known lines (a return): what its credit note takes off each (order line id → paise) */
  creditLines?: ReadonlyMap<string, number>;
}

/** What may still be given back: captured minus every refund pending or completed (caller holds the order lock). */
export async function refundableIn(tx: DbOrTx, order: OrderRow): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  return order.capturedPaise - Number(row?.sum ?? 0);
}

/** The refund a decision already made (its dedupe key), if any. */
export async function refundByDedupeKey(tx: DbOrTx, dedupeKey: string): Promise<string | undefined> {
  const [same] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.dedupeKey, dedupeKey))
    .limit(1);
  return same?.id;
}

/** The refund of a capture this order refused (settle-capture.ts), if any. */
export async function captureRefundOf(tx: DbOrTx, orderId: string): Promise<string | undefined> {
  const [earlier] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), like(refunds.dedupeKey, 'capture:%')))
    .limit(1);
  return earlier?.id;
}

/**
 * Inside the caller's transaction, with the order row locked FOR UPDATE: records a pending refund and its ledger
 * entry. Answers the refund id and whether this call made it (false: the same decision was already made).
 */
export async function requestRefundIn(
  tx: Tx,
  order: OrderRow,
  currency: string,
  d: RefundDecision,
): Promise<{ refundId: string; created: boolean }> {
  const same = await refundByDedupeKey(tx, d.dedupeKey);
  if (same) return { refundId: same, created: false };
  const captureId = d.captureId ?? order.captureId;
  if (!captureId) throw new AppError(409, 'NOT_REFUNDABLE', 'This order has no captured payment to refund');
  if (!Number.isInteger(d.amountPaise) || d.amountPaise <= 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Refund amount must be more than 0');
  }
  const refundable = await refundableIn(tx, order);
  if (d.amountPaise > refundable) {
    throw new AppError(
      409,
      'REFUND_EXCEEDS_CAPTURED',
      refundable > 0
        ? `At most ₹${(refundable / 100).toFixed(2)} of this order can still be refunded`
        : 'Nothing of this order is left to refund',
      undefined,
      { refundable: refundable / 100 },
    );
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amountPaise: d.amountPaise,
      kind: d.kind,
      reason: d.reason,
      dedupeKey: d.dedupeKey,
      captureId,
      actorUserId: d.actor.userId,
      actorRole: d.actor.role,
    })
    .returning({ id: refunds.id });
  await recordMoneyEvent(tx, {
    orderId: order.id,
    type: 'refund_requested',
    amountPaise: d.amountPaise,
    currency,
    providerId: captureId,
    refundId: row!.id,
    actor: d.actor,
    reason: d.reason || d.kind,
  });
  // a refund after invoicing has its GST credit notes (docs/tax.md)
  await issueCreditNotesIn(
    tx,
    order.id,
    row!.id,
    d.creditLines ?? d.amountPaise,
    d.reason || d.kind,
    d.sellerId,
  );
  return { refundId: row!.id, created: true };
}

const BACKOFF_MAX_MS = 60 * 60_000;
const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

/** What the refund lifecycle needs. */
export interface RefunderDeps {
  db: Db;
  provider: PaymentProvider;
  logger: Logger;
  currency: string;
}

/** The provider confirmed the refund: completed once, the order's refunded total raised, the shopper mailed. */
async function complete(
  deps: RefunderDeps,
  refundId: string,
  providerRefundId: string | null,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [r0] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!r0) return false;
    await lockOrder(tx, r0.orderId);
    const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!r || r.status === 'completed') return false;
    await tx
      .update(refunds)
      .set({
        status: 'completed',
        providerRefundId: providerRefundId ?? r.providerRefundId,
        completedAt: sql`now()`,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, refundId));
    await addRefunded(tx, r.orderId, r.amountPaise);
    await recordMoneyEvent(tx, {
      orderId: r.orderId,
      type: 'refund_completed',
      amountPaise: r.amountPaise,
      currency: deps.currency,
      providerId: providerRefundId ?? r.providerRefundId,
      refundId,
      actor: { userId: r.actorUserId, role: r.actorRole },
      reason: r.reason || r.kind,
    });
    await enqueueRefundMail(tx, {
      refundId,
      orderId: r.orderId,
      amountPaise: r.amountPaise,
      ...(r.reason ? { reason: r.reason } : {}),
    });
    return true;
  });
}

type RefundRow = typeof refunds.$inferSelect;

/** The provider failed: the refund stays pending with the error, a next attempt time and a ledger entry. */
async function recordFailure(deps: RefunderDeps, r: RefundRow, err: unknown): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  deps.logger.warn(
    { err, refundId: r.id, orderId: r.orderId },
    'refund failed at the provider; it stays pending',
  );
  await deps.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({
        attempts: sql`${refunds.attempts} + 1`,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoffMs(r.attempts + 1)),
        updatedAt: sql`now()`,
      })
      .where(and(eq(refunds.id, r.id), eq(refunds.status, 'pending')));
    await recordMoneyEvent(tx, {
      orderId: r.orderId,
      type: 'refund_failed',
      amountPaise: r.amountPaise,
      currency: deps.currency,
      providerId: r.captureId,
      refundId: r.id,
      actor: { userId: null, role: 'system' },
      reason: message.slice(0, 500),
    });
  });
}

/**
 * Asks the provider for a pending refund (idempotent by the refund id). Answers the refund's status after the
 * attempt; never throws for a provider failure: the refund stays pending with the error and a next attempt time.
 */
async function send(deps: RefunderDeps, refundId: string): Promise<'completed' | 'pending'> {
  const [r] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!r) throw new AppError(404, 'NOT_FOUND', 'Refund not found');
  if (r.status === 'completed') return 'completed';
  try {
    const res = await deps.provider.refund({
      captureId: r.captureId,
      amountPaise: r.amountPaise,
      requestId: r.id,
    });
    if (res.status === 'COMPLETED') {
      await complete(deps, r.id, res.providerRefundId);
      return 'completed';
    }
    // the provider settles it later and tells the webhook; ask again in a while in case the event is lost
    await deps.db
      .update(refunds)
      .set({
        providerRefundId: res.providerRefundId,
        attempts: sql`${refunds.attempts} + 1`,
        nextAttemptAt: sql`now() + interval '1 hour'`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(refunds.id, r.id), eq(refunds.status, 'pending')));
    return 'pending';
  } catch (err) {
    await recordFailure(deps, r, err);
    return 'pending';
  }
}

/** Sends every pending refund whose next attempt is due; answers how many completed. */
async function retryDue(deps: RefunderDeps, now: Date = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(100);
  let n = 0;
  for (const { id } of due) if ((await send(deps, id)) === 'completed') n++;
  return n;
}

/** The provider's webhook says a refund completed: find ours by its id or request id and complete it. */
async function reconcile(
  deps: RefunderDeps,
  providerRefundId: string,
  requestId: string | null,
): Promise<boolean> {
  const [r] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      isId(requestId)
        ? sql`${refunds.providerRefundId} = ${providerRefundId} or ${refunds.id} = ${requestId}`
        : eq(refunds.providerRefundId, providerRefundId),
    )
    .limit(1);
  if (!r) return false;
  await complete(deps, r.id, providerRefundId);
  return true;
}

/** The refund lifecycle (send, retry, reconcile, complete), and its sweeper. */
export function createRefunder(deps: RefunderDeps) {
  return {
    send: (refundId: string) => send(deps, refundId),
    retryDue: (now?: Date) => retryDue(deps, now),
    reconcile: (providerRefundId: string, requestId: string | null) =>
      reconcile(deps, providerRefundId, requestId),
    complete: (refundId: string, providerRefundId: string | null) =>
      complete(deps, refundId, providerRefundId),
    startSweeper(opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}): () => void {
      return startIntervalJob(() => retryDue(deps), {
        intervalMs: opts.intervalMs ?? 60_000,
        onError: opts.onError,
      });
    },
  };
}

export type Refunder = ReturnType<typeof createRefunder>;
