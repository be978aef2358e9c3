/**
 * Reverse pickups are booked with the courier from a durable queue (docs/delivery.md, "Reverse pickup"): the
 * return's approval commits a `return_pickups` row; this worker books each after the commit through the courier's
 * return-order API with our row id as the order reference, so a retry after a time-out finds the same return
 * shipment and never books a second. A courier that is down is tried again with back-off (30 s, doubling, at most an
 * hour), as is a returns step that failed; a refusal leaves the row `failed` with the courier's reason for the admin.
 * A booked pickup whose return the shopper cancelled is called off the same way (Shiprocket's cancel by AWB).
 */
import type { Db } from '../../../db/client';
import type { Logger } from '../../../lib/logger';
import { CourierRefusedError, type ReturnCourier } from '../courier-provider';
import { retryDelayMs } from '../../../db/durable-queue';
import type { ReturnSteps } from './return-pickup-ports';
import {
  cancelAttempted,
  claimDueCancels,
  claimDuePickups,
  dropCancelledReturns,
  pickupAttemptFailed,
  pickupBooked,
  type ReturnPickupRow,
} from './return-pickups.repository';

export interface PickupWorkerDeps {
  db: Db;
  courier: ReturnCourier | undefined;
  steps: ReturnSteps;
  logger: Logger;
}

/** a claimed row is not tried by another worker for this long (longer than one booking's calls) */
const LEASE_MS = 120_000;

async function bookOne(deps: PickupWorkerDeps & { courier: ReturnCourier }, p: ReturnPickupRow) {
  if (!p.toPincode || !p.toAddress) {
    await pickupAttemptFailed(deps.db, p.id, 'the seller has no pickup address', null);
    return;
  }
  try {
    const made = await deps.courier.createReturnShipment({
      reference: p.id,
      from: {
        name: p.fromName,
        phone: p.fromPhone,
        address: p.fromAddress,
        city: p.fromCity,
        state: p.fromState,
        pin: p.fromPincode,
      },
      to: { name: p.toName, phone: p.toPhone, address: p.toAddress, city: '', state: '', pin: p.toPincode },
      items: p.items,
      weightGrams: p.weightGrams,
      box: p.box,
    });
    // the return's step first, then our row: a crash between them books again (the same AWB) and reports again
    await deps.steps.pickupScheduled(p.returnId, made.awb, made.trackingUrl);
    await pickupBooked(deps.db, p.id, {
      courierShipmentId: made.shipmentId,
      awb: made.awb,
      courierName: made.courierName,
      trackingUrl: made.trackingUrl,
    });
  } catch (err) {
    // a refusal will not change by asking again; anything else (the courier down, the step failing) is retried
    const delay = err instanceof CourierRefusedError ? null : retryDelayMs(p.attempts);
    deps.logger.warn(
      { err, pickupId: p.id, retry: delay },
      'booking a return pickup with the courier failed',
    );
    await pickupAttemptFailed(deps.db, p.id, (err as Error).message, delay);
  }
}

/**
 * Calls off a booked pickup of a cancelled return with the courier, so nobody comes to the shopper's door: tried
 * again while the courier is down; a refusal (the courier has the parcel already) is left for the admin.
 */
async function callOff(deps: PickupWorkerDeps & { courier: ReturnCourier }, p: ReturnPickupRow) {
  try {
    await deps.courier.cancelReturnShipment(p.awb!);
    await cancelAttempted(deps.db, p.id, null);
    deps.logger.info({ pickupId: p.id, awb: p.awb }, 'booked return pickup called off with the courier');
  } catch (err) {
    const retryInMs = err instanceof CourierRefusedError ? null : retryDelayMs(p.attempts);
    deps.logger.warn(
      { err, pickupId: p.id, awb: p.awb, retry: retryInMs },
      'calling off a return pickup failed',
    );
    await cancelAttempted(deps.db, p.id, { error: (err as Error).message, retryInMs });
  }
}

/** Books every due pickup once and calls off the cancelled ones; answers how many were tried. */
export async function bookDuePickups(deps: PickupWorkerDeps): Promise<number> {
  const courier = deps.courier;
  if (!courier) return 0;
  // a return cancelled before its pickup was booked is not booked
  await dropCancelledReturns(deps.db);
  const due = await claimDuePickups(deps.db, LEASE_MS);
  for (const p of due) await bookOne({ ...deps, courier }, p);
  const cancels = await claimDueCancels(deps.db, LEASE_MS);
  for (const p of cancels) await callOff({ ...deps, courier }, p);
  return due.length + cancels.length;
}
