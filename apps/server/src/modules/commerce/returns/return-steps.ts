/**
 * The steps of a return inside a transaction (docs/returns.md, "States"), each checking the state it starts from:
 * approve (then the reverse pickup is booked through its port), reject (its units may be returned again), cancel,
 * dispute, and the locking every step runs under — the order's row, then the return's, as every money use case
 * locks the order first.
 */
import {
  maskRefundTo,
  RETURN_CANCELLABLE_STATES,
  RETURN_REJECTABLE_STATES,
  type RefundToInput,
  type ReturnState,
} from '@mp/shared';
import type { Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { enqueueReturnMail } from '../../mail/return-mails';
import type { OrderRow } from '../orders/order.mapper';
import { lockOrder, releaseReturnUnits, reserveReturnUnits } from '../orders/order.repository';
import { inTransaction, type Touched } from '../unit-of-work';
import type { ReturnsContext } from './returns-context';
import {
  findReturn,
  linesOfReturn,
  lockReturnRow,
  tryLockOrderRow,
  updateReturn,
  type ReturnRow,
  type ReturnStep,
} from './returns.repository';

export const stateConflict = (ret: ReturnRow, what: string) =>
  new AppError(
    409,
    'RETURN_STATE_CONFLICT',
    `This return is ${ret.state.replace('_', ' ')}: ${what}`,
    undefined,
    {
      state: ret.state,
    },
  );

export const isIn = (state: ReturnState, states: readonly ReturnState[]) => states.includes(state);

/**
 * Runs `work` on a return with its order's row and its own locked. `skipLocked` (the timers): an order another
 * transaction holds is left for the next round (undefined). A missing return throws 404.
 */
export async function withLockedReturn<T>(
  ctx: ReturnsContext,
  returnId: string,
  work: (tx: Tx, order: OrderRow, ret: ReturnRow, touched: Touched) => Promise<T>,
  opts: { skipLocked?: boolean } = {},
): Promise<T | undefined> {
  const head = await findReturn(ctx.db, returnId);
  if (!head) throw notFound('Return');
  // a unit of work: stock put back by a step is published once it commits
  return inTransaction(ctx.db, ctx.changes, async (tx, touched) => {
    if (opts.skipLocked && !(await tryLockOrderRow(tx, head.orderId))) return undefined;
    const order = await lockOrder(tx, head.orderId);
    const ret = await lockReturnRow(tx, returnId);
    if (!order || !ret) throw notFound('Return');
    return work(tx, order, ret, touched);
  });
}

/** Approved: the reverse pickup is asked for in the same transaction (its port records durable work only). */
export async function approveIn(ctx: ReturnsContext, tx: Tx, ret: ReturnRow, step: ReturnStep, patch = {}) {
  const row = await updateReturn(tx, ret.id, { ...patch, state: 'approved' }, { ...step, kind: 'approved' });
  await ctx.pickups.request(tx, ret.id);
  await enqueueReturnMail(tx, ret.id, 'approved');
  return row;
}

/** Rejected with a reason: its units may be asked for again. */
export async function rejectIn(tx: Tx, ret: ReturnRow, reason: string, step: ReturnStep, patch = {}) {
  if (!isIn(ret.state, RETURN_REJECTABLE_STATES)) throw stateConflict(ret, 'it can no longer be rejected');
  await releaseUnits(tx, ret);
  const row = await updateReturn(
    tx,
    ret.id,
    { ...patch, state: 'rejected', sellerReason: reason },
    { ...step, kind: 'rejected', note: reason },
  );
  await enqueueReturnMail(tx, ret.id, 'rejected', { detail: reason });
  return row;
}

/** Cancelled by the shopper before the courier has the parcel (a booked pickup is called off). */
export async function cancelIn(ctx: ReturnsContext, tx: Tx, ret: ReturnRow, step: ReturnStep) {
  if (!isIn(ret.state, RETURN_CANCELLABLE_STATES)) throw stateConflict(ret, 'it can no longer be cancelled');
  await releaseUnits(tx, ret);
  // approved: the pickup may be queued or booked already (its worker drops a cancelled return's row)
  if (ret.state === 'pickup_scheduled' || ret.state === 'approved') await ctx.pickups.cancel?.(tx, ret.id);
  return updateReturn(tx, ret.id, { state: 'cancelled' }, { ...step, kind: 'cancelled' });
}

/** The shopper contests a rejection: the admin decides (the dispute stays open until then). */
export async function disputeIn(tx: Tx, ret: ReturnRow, note: string, step: ReturnStep) {
  if (ret.state !== 'rejected') throw stateConflict(ret, 'only a rejected return can be contested');
  if (ret.disputedAt) throw stateConflict(ret, 'it is already contested');
  return updateReturn(
    tx,
    ret.id,
    { disputeNote: note, disputedAt: step.at },
    { ...step, kind: 'disputed', note },
  );
}

/**
 * The refund's payout to the shopper's UPI id or bank account failed: the shopper gives another (checked with the
 * gateway before this transaction) and the payout is made again to it (docs/money.md, "Refunds of
 * cash-on-delivery returns"). Only a refunded return whose payout failed.
 */
export async function refundToAgainIn(
  ctx: ReturnsContext,
  tx: Tx,
  ret: ReturnRow,
  refundTo: RefundToInput,
  step: ReturnStep,
) {
  const again =
    ret.state === 'refunded' &&
    ret.refundTo !== null &&
    (await ctx.codRefunds.payAgain?.(tx, { returnId: ret.id, refundTo }));
  if (!again) throw stateConflict(ret, 'its refund is not waiting for another account');
  const display = maskRefundTo(refundTo).display;
  return updateReturn(
    tx,
    ret.id,
    { refundTo, refundToDisplay: display },
    { ...step, kind: 'refund_to_changed', note: display },
  );
}

async function releaseUnits(tx: Tx, ret: ReturnRow) {
  for (const rl of await linesOfReturn(tx, ret.id)) await releaseReturnUnits(tx, rl.orderLineId, rl.quantity);
}

/** A rejected return taken up again (the admin's decision): its units are reserved again, if still free. */
export async function reserveAgainIn(tx: Tx, ret: ReturnRow) {
  for (const rl of await linesOfReturn(tx, ret.id)) {
    if (await reserveReturnUnits(tx, rl.orderLineId, rl.quantity)) continue;
    throw new AppError(
      409,
      'RETURN_QUANTITY_EXCEEDED',
      'These units were asked for in another return since; decide that one instead',
      undefined,
      { lineId: rl.orderLineId },
    );
  }
}
