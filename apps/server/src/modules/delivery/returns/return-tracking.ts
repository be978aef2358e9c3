/**
 * The courier's events for a return's AWB (docs/delivery.md, "Reverse pickup"), from the same signed webhook and
 * polling as forward parcels: picked up → the return's `pickedUp`, delivered (to the seller) → `courierDelivered`.
 * Forward only and once: a replay or an older event changes nothing; a return AWB never touches a forward parcel.
 */
import type { Db } from '../../../db/client';
import type { CourierEvent } from '../courier-provider';
import type { ReturnSteps } from './return-pickup-ports';
import { advancePickup, pickupByAwb } from './return-pickups.repository';

const ORDER = ['queued', 'scheduled', 'pickedUp', 'delivered'];

/** Applies one event to the return pickup of its AWB; 'unknown' when no return pickup has it. */
export async function applyReturnEvent(
  deps: { db: Db; steps: ReturnSteps },
  e: CourierEvent,
): Promise<'applied' | 'seen' | 'unknown'> {
  const pickup = await pickupByAwb(deps.db, e.awb);
  if (!pickup) return 'unknown';
  // shipped and in transit mean collected; delivered means back at the seller; other states are not a return's
  const target =
    e.state === 'delivered'
      ? 'delivered'
      : e.state === 'shipped' || e.state === 'inTransit'
        ? 'pickedUp'
        : undefined;
  // a cancelled or failed pickup, or an event not after its state, changes nothing
  if (!target || !ORDER.includes(pickup.state) || ORDER.indexOf(pickup.state) >= ORDER.indexOf(target))
    return 'seen';
  // the return's steps before our row: a crash between them is reported again by the courier's retry or the poll
  if (pickup.state === 'scheduled') await deps.steps.pickedUp(pickup.returnId);
  if (target === 'delivered') await deps.steps.courierDelivered(pickup.returnId, new Date(e.at));
  await advancePickup(deps.db, pickup.id, target, e.at);
  return 'applied';
}
