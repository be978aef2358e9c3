/**
 * What each party does to a return (docs/returns.md): the shopper cancels or disputes, the seller approves,
 * rejects or marks the parcel received (which refunds it), the admin decides (a dispute mostly) with a note.
 * Each runs under the order's and the return's lock (return-steps.ts); a refund decided is sent after commit.
 */
import {
  RETURN_RECEIVABLE_STATES,
  type AdminReturnActionInput,
  type ReturnDto,
  type SellerReturnActionInput,
  type ShopReturnActionInput,
} from '@mp/shared';
import type { Tx } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { OrderRow } from '../orders/order.mapper';
import { refundReturnIn } from './refund-return';
import {
  approveIn,
  cancelIn,
  disputeIn,
  isIn,
  refundToAgainIn,
  rejectIn,
  reserveAgainIn,
  stateConflict,
  withLockedReturn,
} from './return-steps';
import { returnsById } from './return.mapper';
import type { ReturnsContext } from './returns-context';
import {
  addReturnStep,
  returnedStockLines,
  updateReturn,
  type ReturnRow,
  type ReturnStep,
} from './returns.repository';
import * as stock from '../stock/stock.repository';
import type { Touched } from '../unit-of-work';

type Outcome = { sendRefundId: string | null };
const NOTHING: Outcome = { sendRefundId: null };

/** Runs an action under the locks, sends the refund it decided, answers the return. */
async function act(
  ctx: ReturnsContext,
  returnId: string,
  work: (tx: Tx, order: OrderRow, ret: ReturnRow, touched: Touched) => Promise<Outcome>,
): Promise<ReturnDto> {
  const out = await withLockedReturn(ctx, returnId, work);
  if (out?.sendRefundId) await ctx.money.sendAll([out.sendRefundId]);
  return (await returnsById(ctx.db, [returnId], ctx))[0]!;
}

export function shopperAction(
  ctx: ReturnsContext,
  userId: string,
  returnId: string,
  body: ShopReturnActionInput,
) {
  return act(ctx, returnId, async (tx, _order, ret) => {
    if (ret.userId !== userId) throw notFound('Return');
    const step = { actor: 'shopper', actorUserId: userId, at: ctx.now() } as const;
    // paid by the payout worker, as the first payout was (docs/money.md)
    if (body.action === 'refundTo')
      await refundToAgainIn(ctx, tx, ret, body.refundTo, { ...step, kind: 'refund_to_changed' });
    else if (body.action === 'cancel')
      await cancelIn(ctx, tx, ret, { ...step, kind: 'cancelled', note: body.note ?? null });
    else await disputeIn(tx, ret, body.note, { ...step, kind: 'disputed' });
    return NOTHING;
  });
}

/**
 * The seller marks the parcel received: the refund follows in the same transaction. With `restock` the returned
 * units are sellable again (docs/returns.md, "Back in stock").
 */
async function receivedIn(
  ctx: ReturnsContext,
  at: { tx: Tx; touched: Touched; order: OrderRow; ret: ReturnRow },
  step: ReturnStep,
  restock: boolean,
) {
  const { tx, order, ret } = at;
  if (!isIn(ret.state, RETURN_RECEIVABLE_STATES))
    throw stateConflict(ret, 'it cannot be marked received now');
  const row = await updateReturn(tx, ret.id, { state: 'received' }, { ...step, kind: 'received' });
  if (restock) await restockIn(tx, at.touched, row, step);
  return refundReturnIn(ctx, tx, order, row, step, { userId: step.actorUserId ?? null, role: step.actor });
}

/** The returned units go back to their variants' stock (a deleted product's units stay out), as one step. */
async function restockIn(tx: Tx, touched: Touched, ret: ReturnRow, step: ReturnStep) {
  const lines = await returnedStockLines(tx, ret.id);
  await stock.giveBack(tx, touched, lines, { sold: true });
  const units = lines.filter((l) => l.variantId).reduce((n, l) => n + l.quantity, 0);
  const note = `${units} ${units === 1 ? 'unit' : 'units'} back in stock`;
  await addReturnStep(tx, ret, { ...step, kind: 'restocked', note });
}

export function sellerAction(
  ctx: ReturnsContext,
  seller: { sellerId: string; userId: string },
  returnId: string,
  body: SellerReturnActionInput,
) {
  return act(ctx, returnId, async (tx, order, ret, touched) => {
    if (ret.sellerId !== seller.sellerId) throw notFound('Return');
    const step: ReturnStep = { kind: 'approved', actor: 'seller', actorUserId: seller.userId, at: ctx.now() };
    if (body.action === 'received')
      return receivedIn(
        ctx,
        { tx, touched, order, ret },
        { ...step, note: body.reason ?? null },
        body.restock ?? false,
      );
    if (body.action === 'reject') await rejectIn(tx, ret, body.reason, step);
    else if (ret.state !== 'requested') throw stateConflict(ret, 'only a requested return can be approved');
    else await approveIn(ctx, tx, ret, { ...step, note: body.reason ?? null });
    return NOTHING;
  });
}

/** The admin's decision closes an open dispute, with its note. */
const closeDispute = (ret: ReturnRow, decision: AdminReturnActionInput['action'], note: string, at: Date) =>
  ret.disputedAt && !ret.disputeDecidedAt
    ? { disputeDecision: decision, disputeAdminNote: note, disputeDecidedAt: at }
    : {};

export function adminAction(
  ctx: ReturnsContext,
  adminId: string,
  returnId: string,
  body: AdminReturnActionInput,
) {
  return act(ctx, returnId, async (tx, order, ret) => {
    const at = ctx.now();
    const step: ReturnStep = {
      kind: 'dispute_decided',
      actor: 'admin',
      actorUserId: adminId,
      note: body.note,
      at,
    };
    const closing = closeDispute(ret, body.action, body.note, at);
    if (body.action === 'reject') {
      if (ret.state === 'rejected' && ret.disputedAt && !ret.disputeDecidedAt)
        await updateReturn(tx, ret.id, closing, step);
      else await rejectIn(tx, ret, body.note, step, closing);
      return NOTHING;
    }
    if (ret.state === 'refunded' || ret.state === 'cancelled')
      throw stateConflict(ret, 'nothing is left to decide');
    if (ret.state === 'rejected') await reserveAgainIn(tx, ret);
    if (body.action === 'approve') {
      if (ret.state !== 'requested' && ret.state !== 'rejected')
        throw stateConflict(ret, 'it is approved already');
      await approveIn(ctx, tx, ret, step, { ...closing, sellerReason: null });
      return NOTHING;
    }
    const row = Object.keys(closing).length ? await updateReturn(tx, ret.id, closing, step) : ret;
    return refundReturnIn(ctx, tx, order, row, step, { userId: adminId, role: 'admin' });
  });
}
