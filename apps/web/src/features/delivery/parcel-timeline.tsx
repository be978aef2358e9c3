/**
 * An order's parcels as the shopper sees them (docs/delivery.md, "Tracking"): per seller, the courier and AWB, the
 * state ("Delivered"), the promised date (flagged when late) and the courier's timeline with dates; for a parcel the
 * seller brings itself, the shopper's delivery code until delivered.
 */
import { formatPromise } from '@mp/shared';
import { useOrderTrackingQuery } from './delivery-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

export function ParcelTimeline({ orderId }: { orderId: string }) {
  const { data } = useOrderTrackingQuery(orderId);
  if (!data || data.parcels.length === 0) return null;
  return (
    <section aria-labelledby={`parcels-${orderId}`} className="mt-3" data-testid="parcels">
      <h4 id={`parcels-${orderId}`} className="mb-2 font-medium text-gray-900">
        Delivery
      </h4>
      {data.parcels.map((p) => (
        <div key={p.sellerId} className="mb-3 rounded border border-gray-200 p-2 text-sm">
          <p className="font-semibold text-gray-900" data-testid="parcel-state">
            {p.stateLabel}
            {p.late && <span className="ml-2 rounded bg-red-100 px-1 text-xs text-red-800">Late</span>}
          </p>
          <p className="text-gray-700">
            {p.storeName}
            {p.awb && ` · ${p.courierName ?? 'Courier'} AWB ${p.awb}`}
            {p.promisedDate && ` · Promised by ${formatPromise(p.promisedDate)}`}
            {p.mode === 'self' &&
              ` · Delivered by the seller${p.trackingRef ? ` (ref. ${p.trackingRef})` : ''}`}
          </p>
          {p.deliveryCode && (
            <p className="mt-1 text-gray-900" data-testid="delivery-code">
              Delivery code: <strong className="font-mono tracking-widest">{p.deliveryCode}</strong>{' '}
              <span className="text-gray-600">(give it to the seller only when you have your parcel)</span>
            </p>
          )}
          {p.events.length > 0 && (
            <ol className="mt-1 border-l border-gray-300 pl-3">
              {p.events.map((e) => (
                <li key={e.state}>
                  <span className="font-medium">{e.label}</span>{' '}
                  <time dateTime={e.at} className="text-gray-600">
                    {when(e.at)}
                  </time>
                  {e.location && <span className="text-gray-600"> · {e.location}</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}
