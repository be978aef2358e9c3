/**
 * The return timers (docs/returns.md, "Timers"): a request the seller left unanswered past its decision time is
 * approved; a parcel the courier brought back 48 hours ago, not contested, is refunded. Due returns are selected by
 * their stored deadlines, so a restart loses nothing; each is acted on under its order's lock taken with SKIP
 * LOCKED (another instance or a person acting on it now: left for the next round) and its state read again, so
 * no return is approved or refunded twice.
 */
import { startIntervalJob } from '../../../lib/interval-job';
import { refundReturnIn } from './refund-return';
import { approveIn, withLockedReturn } from './return-steps';
import type { ReturnsContext } from './returns-context';
import { dueReturns } from './returns.repository';

const SYSTEM = { userId: null, role: 'system' };

async function autoApprove(ctx: ReturnsContext, returnId: string, now: Date): Promise<boolean> {
  const done = await withLockedReturn(
    ctx,
    returnId,
    async (tx, _order, ret) => {
      if (ret.state !== 'requested' || ret.decisionDueAt > now) return false;
      await approveIn(ctx, tx, ret, {
        kind: 'approved',
        actor: 'system',
        note: 'The seller did not answer in 48 hours',
        at: now,
      });
      return true;
    },
    { skipLocked: true },
  );
  return done ?? false;
}

async function autoRefund(ctx: ReturnsContext, returnId: string, now: Date): Promise<string | null | false> {
  const out = await withLockedReturn(
    ctx,
    returnId,
    async (tx, order, ret) => {
      if (ret.state !== 'picked_up' || !ret.refundDueAt || ret.refundDueAt > now || ret.disputedAt)
        return false;
      const r = await refundReturnIn(
        ctx,
        tx,
        order,
        ret,
        { kind: 'refunded', actor: 'system', at: now },
        SYSTEM,
      );
      return r.refunded ? r.sendRefundId : false;
    },
    { skipLocked: true },
  );
  return out ?? false;
}

/** One round: every due return acted on; answers how many were approved and refunded. */
export async function runDueReturns(ctx: ReturnsContext): Promise<{ approved: number; refunded: number }> {
  const now = ctx.now();
  const due = await dueReturns(ctx.db, now);
  let approved = 0;
  let refunded = 0;
  for (const { id } of due.decide) if (await autoApprove(ctx, id, now)) approved++;
  for (const { id } of due.refund) {
    const sent = await autoRefund(ctx, id, now);
    if (sent === false) continue;
    refunded++;
    if (sent) await ctx.money.sendAll([sent]);
  }
  return { approved, refunded };
}

export function startReturnTimers(ctx: ReturnsContext, opts: { intervalMs?: number } = {}): () => void {
  return startIntervalJob(() => runDueReturns(ctx), {
    intervalMs: opts.intervalMs ?? 60_000,
    onError: (err) => ctx.logger.error({ err }, 'return timers failed'),
  });
}
