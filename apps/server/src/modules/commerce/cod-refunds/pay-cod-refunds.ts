/**
 * Refunds of cash-on-delivery returns are paid out from a durable queue (docs/money.md, "Refunds of
 * cash-on-delivery returns"): the returns core's refund transaction commits a `cod_refund_payouts` row; this worker
 * makes its payout after the commit with the row id as the idempotency key, so a retry after a time-out or a crash
 * is the same payout and the amount never leaves twice. The gateway down: tried again with back-off (30 s,
 * doubling, at most an hour). A payout on its way is asked about again until processed, reversed or failed (the
 * webhook usually tells first). A refusal, reversal or failure leaves the row failed with its reason, until the
 * shopper gives another destination (`payAgain`: a new round with a key of its own).
 */
import { idSchema } from '@mp/shared';
import type { Db, Tx } from '../../../db/client';
import { retryDelayMs } from '../../../db/durable-queue';
import type { Logger } from '../../../lib/logger';
import { RazorpayRefused } from '../payments/razorpay-provider';
import {
  claimDuePayouts,
  payoutAnswered,
  payoutRowOf,
  payoutAttemptFailed,
  setFundAccount,
  type CodRefundPayoutRow,
} from './cod-refund-payouts.repository';
import type { Payout, PayoutGateway } from './razorpayx-payouts';
import { enqueueReturnMail } from '../../mail/return-mails';

export interface PayoutWorkerDeps {
  db: Db;
  gateway: PayoutGateway | undefined;
  logger: Logger;
}

/** a claimed row is not tried by another worker for this long */
const LEASE_MS = 120_000;
/** a payout on its way is asked about again after this long */
export const ASK_AGAIN_MS = 5 * 60_000;

async function payOne(deps: PayoutWorkerDeps & { gateway: PayoutGateway }, row: CodRefundPayoutRow) {
  try {
    let payout;
    if (row.payoutId) {
      payout = await deps.gateway.fetchPayout(row.payoutId);
    } else {
      const key = keyOf(row);
      const fundAccountId = row.fundAccountId ?? (await deps.gateway.fundAccount(row.destination, key));
      if (!row.fundAccountId) await setFundAccount(deps.db, row.id, fundAccountId);
      payout = await deps.gateway.payout({
        key,
        fundAccountId,
        amountPaise: row.amountPaise,
        upi: row.destination.kind === 'upi',
        reference: key,
      });
    }
    const state = await answered(deps.db, row, payout, ASK_AGAIN_MS);
    if (state === 'failed')
      deps.logger.warn({ payoutRow: row.id, reason: payout.failureReason }, 'refund payout failed');
  } catch (err) {
    // a refusal will not change by asking again; the gateway down is retried with the same idempotency key
    const delay = err instanceof RazorpayRefused ? null : retryDelayMs(row.attempts);
    deps.logger.warn({ err, payoutRow: row.id, retry: delay }, 'paying a return refund out failed');
    await deps.db.transaction(async (tx) => {
      const failed = await payoutAttemptFailed(tx, row.id, (err as Error).message, delay);
      if (failed && delay === null) await tellShopper(tx, row, (err as Error).message);
    });
  }
}

/** A payout's idempotency key and reference: a round after a failed payout (another destination) has its own. */
const keyOf = (row: Pick<CodRefundPayoutRow, 'id' | 'round'>) =>
  row.round > 0 ? `${row.id}:${row.round}` : row.id;

/**
 * The row a payout's reference names, while that payout is its current round's: not recorded yet, or recorded as
 * this very payout (the worker may record it between the caller's look-up by payout id and this one).
 */
export async function rowOfReference(db: Db, reference: unknown, payoutId: string) {
  // our key is the row's id, then `:{round}` after the first round (keyOf)
  const id = idSchema.safeParse(typeof reference === 'string' ? reference.split(':')[0] : undefined);
  if (!id.success) return undefined;
  const row = await payoutRowOf(db, { id: id.data });
  const ours = row?.payoutId === null || row?.payoutId === payoutId;
  return row && ours && keyOf(row) === reference ? row : undefined;
}

/** The shopper hears that the refund did not reach the account, and why: once per round (return-mails.ts). */
const tellShopper = (tx: Tx, row: CodRefundPayoutRow, reason: string | null) =>
  enqueueReturnMail(tx, row.returnId, 'refund_failed', {
    detail: reason,
    refundPaise: row.amountPaise,
    round: row.round,
  });

/** The gateway's word on a payout (the worker's call or its webhook); a payout that fails now is mailed. */
export async function answered(db: Db, row: CodRefundPayoutRow, payout: Payout, askAgainMs: number) {
  return db.transaction(async (tx) => {
    const state = await payoutAnswered(tx, row.id, payout, askAgainMs);
    if (state === 'failed') await tellShopper(tx, row, payout.failureReason);
    return state;
  });
}

/** Pays (or asks about) every due payout once; answers how many were tried. */
export async function payDueRefunds(deps: PayoutWorkerDeps): Promise<number> {
  const gateway = deps.gateway;
  if (!gateway) return 0;
  const due = await claimDuePayouts(deps.db, LEASE_MS);
  for (const row of due) await payOne({ ...deps, gateway }, row);
  return due.length;
}
