/**
 * Refunds of cash-on-delivery returns (docs/money.md, "Refunds of cash-on-delivery returns"): the shopper's UPI id
 * or bank account checked with the payout gateway when the return is requested (`check`), the returns core's
 * `CodReturnRefunds` port (a payout row in its refund transaction), the payout worker, the gateway's `payout.*`
 * webhook events, and the payouts' view for the returns' DTOs. Made once in deps.ts; off without a payout account.
 */
import { refundToInputSchema, type RefundToInput, type RefundPayoutDto } from '@mp/shared';
import type { Config } from '../../../config/env';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { startIntervalJob } from '../../../lib/interval-job';
import type { Logger } from '../../../lib/logger';
import {
  insertPayout,
  payAgain,
  payoutBacklog,
  payoutRowOf,
  payoutsOf,
} from './cod-refund-payouts.repository';
import { answered, ASK_AGAIN_MS, payDueRefunds, rowOfReference } from './pay-cod-refunds';
import { createRazorpayXPayouts, type PayoutGateway, type PayoutStatus } from './razorpayx-payouts';
import { COD_RETURNS_UNAVAILABLE, checkDestination } from './refund-destinations';

export { codReturnsAvailable, type DestinationCheck } from './refund-destinations';

export interface CodReturnRefundsDeps {
  db: Db;
  logger: Logger;
  /** the payout gateway; undefined: refunds of COD returns are off (production without a payout account) */
  gateway: PayoutGateway | undefined;
}

export function gatewayFor(config: Pick<Config, 'razorpay'>): PayoutGateway | undefined {
  const r = config.razorpay;
  return r?.payoutAccountNumber
    ? createRazorpayXPayouts({ ...r, payoutAccountNumber: r.payoutAccountNumber })
    : undefined;
}

export function createCodReturnRefunds(deps: CodReturnRefundsDeps) {
  const worker = { db: deps.db, gateway: deps.gateway, logger: deps.logger };
  const runQueue = () => payDueRefunds(worker);
  const kick = () =>
    void runQueue().catch((err: unknown) => deps.logger.error({ err }, 'refund payouts failed'));

  return {
    available: deps.gateway !== undefined,
    check: (refundTo: unknown) => checkDestination(deps.gateway, refundTo),
    /** check, as a 422 (or 503 when refunds of COD returns are off) for the returns core's request */
    async assertValid(refundTo: unknown): Promise<RefundToInput> {
      const r = await checkDestination(deps.gateway, refundTo);
      if (!r.ok) throw new AppError(r.code === COD_RETURNS_UNAVAILABLE ? 503 : 422, r.code, r.message);
      return refundToInputSchema.parse(refundTo);
    },
    /** The port: the return's payout, once, in the caller's refund transaction; paid after commit. */
    async send(
      tx: Tx,
      p: { returnId: string; refundTo: RefundToInput; amountPaise: number },
    ): Promise<{ refundId: string }> {
      const id = await insertPayout(tx, {
        returnId: p.returnId,
        amountPaise: p.amountPaise,
        destination: p.refundTo,
      });
      // the payout row names the refund (its credit note, docs/tax.md)
      return { refundId: id };
    },
    /**
     * The port: the return's failed payout made again to the shopper's new destination (checked first with
     * `assertValid`), in the caller's transaction; false when the return has no failed payout.
     */
    payAgain: (tx: Tx, p: { returnId: string; refundTo: RefundToInput }) =>
      payAgain(tx, p.returnId, p.refundTo),
    runQueue,
    /** pays at once after the caller's commit (the worker would within 15 s) */
    kick,
    /**
     * A `payout.*` event of the gateway's webhook (already verified and stored once): moves our row. The event may
     * come before the worker has recorded the payout's id (the gateway answers the call and sends the event at
     * once): then the payout's `reference_id` (our key, `{id}` or `{id}:{round}`) names the row, for its current
     * round only.
     */
    async applyPayoutEvent(entity: unknown): Promise<'applied' | 'unknown'> {
      const e = entity as
        { id?: unknown; status?: unknown; failure_reason?: unknown; reference_id?: unknown } | undefined;
      if (typeof e?.id !== 'string' || typeof e.status !== 'string') return 'unknown';
      const row =
        (await payoutRowOf(deps.db, { payoutId: e.id })) ??
        (await rowOfReference(deps.db, e.reference_id, e.id));
      if (!row) return 'unknown';
      const failureReason = typeof e.failure_reason === 'string' ? e.failure_reason : null;
      await answered(
        deps.db,
        row,
        { id: e.id, status: e.status as PayoutStatus, failureReason },
        ASK_AGAIN_MS,
      );
      return 'applied';
    },
    /** the payouts of these returns for their DTOs (one query; a return without one is absent) */
    async viewOf(returnIds: string[]): Promise<Map<string, RefundPayoutDto>> {
      const rows = await payoutsOf(deps.db, returnIds);
      return new Map(rows.map((r) => [r.returnId, { state: r.state, failureReason: r.failureReason }]));
    },
    backlog: () => payoutBacklog(deps.db),
    /** the payout queue every 15 s */
    start() {
      return startIntervalJob(runQueue, {
        intervalMs: 15_000,
        onError: (err) => deps.logger.error({ err }, 'refund payout queue failed'),
      });
    },
  };
}
export type CodReturnRefunds = ReturnType<typeof createCodReturnRefunds>;
