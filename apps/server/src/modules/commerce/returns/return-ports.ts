/**
 * What returns ask of other capabilities (docs/returns.md), as ports injected in deps.ts: the courier's reverse
 * pickup and the refund of a cash-on-delivery return to a UPI id or bank account. Both are called inside the
 * transaction that decides them and must only record durable work there (a row a worker sends after commit).
 */
import type { RefundToInput } from '@mp/shared';
import type { Tx } from '../../../db/client';
import type { Logger } from '../../../lib/logger';

export interface ReturnPickups {
  /** the return was approved: book the courier's reverse pickup (its events come back through courier-steps.ts) */
  request(tx: Tx, returnId: string): Promise<void>;
  /** the shopper cancelled before pickup: call the booked pickup off */
  cancel?(tx: Tx, returnId: string): Promise<void>;
}

export interface CodReturnRefunds {
  /** send `amountPaise` to the shopper's UPI id or bank account, once per return; answers the payout's id */
  send(
    tx: Tx,
    r: { returnId: string; refundTo: RefundToInput; amountPaise: number },
  ): Promise<{ refundId: string | null }>;
}

/** Until the courier's reverse pickup is wired, an approved return stays approved (the seller marks it received). */
export const noReversePickup = (logger: Logger): ReturnPickups => ({
  async request(_tx, returnId) {
    logger.info({ returnId }, 'return approved; no reverse pickup is wired, it stays approved');
  },
});

/**
 * Until the UPI/bank payout is wired, a cash-on-delivery return's refund is recorded (ledger, credit note, the
 * return refunded) but no money is sent: logged, so it is visible.
 */
export const unsentCodRefunds = (logger: Logger): CodReturnRefunds => ({
  async send(_tx, r) {
    logger.warn(
      { returnId: r.returnId, amountPaise: r.amountPaise },
      'cash-on-delivery return refund recorded; no UPI/bank payout is wired to send it',
    );
    return { refundId: null };
  },
});
