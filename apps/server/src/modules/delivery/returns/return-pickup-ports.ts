/**
 * What reverse pickup needs of the returns core (docs/delivery.md, "Reverse pickup"): which units of which order go
 * back (read in the approval transaction), and the return's steps the courier's news moves. Each step is
 * idempotent on the core's side: a replayed event or a retried booking may report the same step again.
 */
import type { Tx } from '../../../db/client';
import type { ReturnParcel } from './return-pickups.repository';

export interface ReturnSteps {
  /** the courier booked the pickup: the return is `pickup scheduled`, with its AWB and tracking page */
  pickupScheduled(returnId: string, awb: string, trackingUrl: string): Promise<unknown>;
  /** the courier collected the parcel at the shopper's */
  pickedUp(returnId: string): Promise<unknown>;
  /** the courier delivered it back to the seller (the refund's timer starts here) */
  courierDelivered(returnId: string, at: Date): Promise<unknown>;
}

/** The returned units of a return, read inside the caller's transaction. */
export type ReturnParcelSource = (tx: Tx, returnId: string) => Promise<ReturnParcel | undefined>;
