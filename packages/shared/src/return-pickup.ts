/**
 * A return's reverse pickup through the courier (docs/delivery.md, "Reverse pickup"): queued when the return is
 * approved, booked with the courier (scheduled, with its AWB), picked up, delivered back to the seller; `failed`
 * when the courier refused the booking (the admin sees why); `cancelled` when the shopper cancelled the return first.
 */
import { z } from 'zod';

export const RETURN_PICKUP_STATES = [
  'queued',
  'scheduled',
  'pickedUp',
  'delivered',
  'failed',
  'cancelled',
] as const;
export type ReturnPickupState = (typeof RETURN_PICKUP_STATES)[number];

export const returnPickupDtoSchema = z
  .object({
    state: z.enum(RETURN_PICKUP_STATES),
    awb: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  })
  .meta({ id: 'ReturnPickup' });
export type ReturnPickupDto = z.infer<typeof returnPickupDtoSchema>;
