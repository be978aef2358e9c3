/**
 * Each parcel of an order in the seller's and admin's order lists (docs/delivery.md, "Late parcels"): its state,
 * its AWB and a "Late" flag when it is past its promised date and not delivered.
 */
import type { ParcelSummary } from '@mp/shared';

export function ParcelBadges({ parcels }: { parcels: ParcelSummary[] | undefined }) {
  if (!parcels?.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs text-gray-700" aria-label="Parcels">
      {parcels.map((p) => (
        <li key={p.sellerId} data-testid="parcel-summary">
          {p.stateLabel}
          {p.awb && <span className="text-gray-600"> · AWB {p.awb}</span>}
          {p.mode === 'self' && <span className="text-gray-600"> · own delivery</span>}
          {p.late && <span className="ml-1 rounded bg-red-100 px-1 font-medium text-red-800">Late</span>}
        </li>
      ))}
    </ul>
  );
}

/** Whether an order has a late parcel: the seller's list filters on it (the admin's asks the server). */
export const hasLateParcel = (o: { parcels?: ParcelSummary[] }) => (o.parcels ?? []).some((p) => p.late);
