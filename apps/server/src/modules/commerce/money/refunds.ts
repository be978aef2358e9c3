/**
 * Refunds (docs/money.md). A refund is decided inside the transaction that decides it (order row locked), written
 * as a `pending` row with its ledger entry, and only then sent to the provider; the provider's answer completes it,
 * a failure leaves it pending and visible, retried by the refund sweeper. The order's refundable amount is what
 * was captured minus every refund not abandoned, read under the order's lock, so racing refunds never give back
 * more than was taken.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { orders, refunds } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import { startIntervalJob } from '../../../lib/interval-job';
import { enqueueRefundMail } from '../../mail';
import type { OrderRow } from '../orders/order.mapper';
import type { PaymentProvider } from '../payments/payment-provider';
import { recordMoneyEvent, type Actor } from './ledger';

export type RefundKind =
  'shopper_cancel' | 'seller_reject' | 'admin' | 'late_capture' | 'amount_mismatch' | 'cancelled_order';

export interface RefundDecision {
  amountPaise: number;
  kind: RefundKind;
  reason: string;
  /** one refund per decision: the same key again answers the refund already made */
  dedupeKey: string;
  actor: Actor;
  /** the capture to refund; defaults to the order's */
  captureId?: string;
}

/** What may still be given back: captured minus every refund pending or completed (caller holds the order lock). */
export async function refundableIn(tx: DbOrTx, order: OrderRow): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  return order.capturedPaise - Number(row?.sum ?? 0);
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
  const [same] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.dedupeKey, d.dedupeKey))
    .limit(1);
  if (same) return { refundId: same.id, created: false };
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
  return { refundId: row!.id, created: true };
}

const BACKOFF_MAX_MS = 60 * 60_000;
const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

export function createRefunder(deps: {
  db: Db;
  provider: PaymentProvider;
  logger: Logger;
  currency: string;
}) {
  const { db, provider, logger, currency } = deps;

  /** The provider confirmed the refund: completed once, the order's refunded total raised, the shopper mailed. */
  async function complete(refundId: string, providerRefundId: string | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [r0] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
      if (!r0) return false;
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, r0.orderId)).for('update');
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
      await tx
        .update(orders)
        .set({ refundedPaise: sql`${orders.refundedPaise} + ${r.amountPaise}`, updatedAt: sql`now()` })
        .where(eq(orders.id, r.orderId));
      await recordMoneyEvent(tx, {
        orderId: r.orderId,
        type: 'refund_completed',
        amountPaise: r.amountPaise,
        currency,
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

  /**
   * Asks the provider for a pending refund (idempotent by the refund id). Answers the refund's status after the
   * attempt; never throws for a provider failure: the refund stays pending with the error and a next attempt time.
   */
  async function send(refundId: string): Promise<'completed' | 'pending'> {
    const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!r) throw new AppError(404, 'NOT_FOUND', 'Refund not found');
    if (r.status === 'completed') return 'completed';
    try {
      const res = await provider.refund({
        captureId: r.captureId,
        amountPaise: r.amountPaise,
        requestId: r.id,
      });
      if (res.status === 'COMPLETED') {
        await complete(r.id, res.providerRefundId);
        return 'completed';
      }
      // the provider settles it later and tells the webhook; ask again in a while in case the event is lost
      await db
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
      const message = err instanceof Error ? err.message : String(err);
      logger.warn(
        { err, refundId: r.id, orderId: r.orderId },
        'refund failed at the provider; it stays pending',
      );
      await db.transaction(async (tx) => {
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
          currency,
          providerId: r.captureId,
          refundId: r.id,
          actor: { userId: null, role: 'system' },
          reason: message.slice(0, 500),
        });
      });
      return 'pending';
    }
  }

  /** Sends every pending refund whose next attempt is due; answers how many completed. */
  async function retryDue(now: Date = new Date()): Promise<number> {
    const due = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
      .orderBy(asc(refunds.nextAttemptAt))
      .limit(100);
    let n = 0;
    for (const { id } of due) if ((await send(id)) === 'completed') n++;
    return n;
  }

  /** The provider's webhook says a refund completed: find ours by its id or request id and complete it. */
  async function reconcile(providerRefundId: string, requestId: string | null): Promise<boolean> {
    const [r] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        requestId && /^[0-9a-f-]{36}$/i.test(requestId)
          ? sql`${refunds.providerRefundId} = ${providerRefundId} or ${refunds.id} = ${requestId}`
          : eq(refunds.providerRefundId, providerRefundId),
      )
      .limit(1);
    if (!r) return false;
    await complete(r.id, providerRefundId);
    return true;
  }

  function startSweeper(opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}): () => void {
    return startIntervalJob(() => retryDue(), {
      intervalMs: opts.intervalMs ?? 60_000,
      onError: opts.onError,
    });
  }

  return { send, retryDue, reconcile, startSweeper, complete };
}

export type Refunder = ReturnType<typeof createRefunder>;
