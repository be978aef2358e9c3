/**
 * The steps the courier's reverse shipment reports (docs/returns.md, "Pickup"), called by the courier events'
 * handling: pickup scheduled (AWB and tracking), picked up, delivered back to the seller (which starts the 48-hour
 * refund timer). Each is idempotent: the same event again, or one that does not fit the return's state, changes
 * nothing and is logged.
 */
import { RETURN_AUTO_REFUND_HOURS, type ReturnState } from '@mp/shared';
import { enqueueReturnMail } from '../../mail/return-mails';
import { withLockedReturn } from './return-steps';
import type { ReturnsContext } from './returns-context';
import { updateReturn } from './returns.repository';

const HOUR_MS = 3_600_000;

/** Runs a courier step when the return is in one of `from`; answers whether it changed the return. */
async function courierStep(
  ctx: ReturnsContext,
  returnId: string,
  name: string,
  from: readonly ReturnState[],
  apply: Parameters<typeof withLockedReturn<boolean>>[2],
): Promise<boolean> {
  const changed = await withLockedReturn(ctx, returnId, async (tx, order, ret, touched) => {
    if (!from.includes(ret.state)) {
      ctx.logger.info(
        { returnId, state: ret.state, step: name },
        'courier step ignored: not in a state it fits',
      );
      return false;
    }
    return apply(tx, order, ret, touched);
  });
  return changed ?? false;
}

export const pickupScheduled = (
  ctx: ReturnsContext,
  returnId: string,
  awb: string,
  trackingUrl: string | null,
) =>
  courierStep(ctx, returnId, 'pickup_scheduled', ['approved'], async (tx, _o, ret) => {
    const at = ctx.now();
    await updateReturn(
      tx,
      ret.id,
      { state: 'pickup_scheduled', pickupAwb: awb, pickupTrackingUrl: trackingUrl },
      { kind: 'pickup_scheduled', actor: 'courier', note: awb, at },
    );
    await enqueueReturnMail(tx, ret.id, 'pickup_scheduled', { detail: awb });
    return true;
  });

export const pickedUp = (ctx: ReturnsContext, returnId: string) =>
  courierStep(ctx, returnId, 'picked_up', ['approved', 'pickup_scheduled'], async (tx, _o, ret) => {
    await updateReturn(
      tx,
      ret.id,
      { state: 'picked_up' },
      { kind: 'picked_up', actor: 'courier', at: ctx.now() },
    );
    return true;
  });

/** The parcel is back with the seller: refunded by itself 48 h after `at` unless the seller acts first. */
export const courierDelivered = (ctx: ReturnsContext, returnId: string, at: Date) =>
  courierStep(
    ctx,
    returnId,
    'courier_delivered',
    ['approved', 'pickup_scheduled', 'picked_up'],
    async (tx, _o, ret) => {
      if (ret.courierDeliveredAt) return false;
      await updateReturn(
        tx,
        ret.id,
        {
          state: 'picked_up',
          courierDeliveredAt: at,
          refundDueAt: new Date(at.getTime() + RETURN_AUTO_REFUND_HOURS * HOUR_MS),
        },
        { kind: 'courier_delivered', actor: 'courier', at: ctx.now() },
      );
      return true;
    },
  );
