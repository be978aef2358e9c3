/**
 * What returns ask of other capabilities (docs/returns.md), as ports injected in deps.ts: the courier's reverse
 * pickup and the refund of a cash-on-delivery return to a UPI id or bank account. Both are called inside the
 * transaction that decides them and must only record durable work there (a row a worker sends after commit).
 */
import type { RefundPayoutDto, RefundToInput, ReturnPickupDto } from '@mp/shared';
import type { Tx } from '../../../db/client';

export interface ReturnPickups {
  /** the return was approved: book the courier's reverse pickup (its events come back through courier-steps.ts) */
  request(tx: Tx, returnId: string): Promise<void>;
  /** the shopper cancelled before pickup: call the booked pickup off */
  cancel?(tx: Tx, returnId: string): Promise<void>;
  /** where these returns' pickups stand, for their answers */
  viewOf?(returnIds: string[]): Promise<Map<string, ReturnPickupDto>>;
}

export interface CodReturnRefunds {
  /** send `amountPaise` to the shopper's UPI id or bank account, once per return; answers the payout's id */
  send(
    tx: Tx,
    r: { returnId: string; refundTo: RefundToInput; amountPaise: number },
  ): Promise<{ refundId: string | null }>;
  /** the return's payout failed: make it again to this destination (false when it has none that failed) */
  payAgain?(tx: Tx, r: { returnId: string; refundTo: RefundToInput }): Promise<boolean>;
  /** where these returns' payouts stand, for their answers */
  viewOf?(returnIds: string[]): Promise<Map<string, RefundPayoutDto>>;
}
