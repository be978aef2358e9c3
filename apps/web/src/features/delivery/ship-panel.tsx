/**
 * The seller's shipment of its part of an order (docs/delivery.md, "Shipments"): "Mark ready to ship" queues the
 * shipment with the courier ("Creating shipment" until the AWB comes), then the label PDF can be printed. Or the
 * seller ships it itself ("Own shipping"): delivered then needs the shopper's delivery code; otherwise the courier's
 * tracking sets delivered.
 */
import { useState } from 'react';
import type { ParcelDto } from '@mp/shared';
import { pathOf, routes } from '@mp/shared/routes';
import { Button } from '../../components/ui';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { DeliverWithCodeForm, ShipMyselfForm } from './own-delivery';
import { useShipOrderMutation } from './seller-delivery-api';

export function ShipPanel({ orderId }: { orderId: string }) {
  const [ship, { isLoading }] = useShipOrderMutation();
  const [parcel, setParcel] = useState<ParcelDto | undefined>();
  const [own, setOwn] = useState(false);
  async function markReady() {
    const result = await ship({ orderId });
    if (result.error) toast.error(errorMessage(result.error, 'The shipment could not be queued'));
    else {
      toast.success(result.data.message);
      setParcel(result.data.data);
    }
  }
  return (
    <div className="grid gap-3 text-sm" data-testid="ship-panel">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" onClick={() => void markReady()} loading={isLoading}>
          Mark ready to ship
        </Button>
        <a
          className="font-medium text-brand-700 underline"
          href={pathOf(routes.shipmentLabel.path, { orderId })}
          target="_blank"
          rel="noreferrer"
        >
          Print label
        </a>
        {parcel && (
          <span data-testid="parcel-status">
            {parcel.stateLabel}
            {parcel.awb && ` · AWB ${parcel.awb}`}
          </span>
        )}
        <Button type="button" size="sm" variant="link" onClick={() => setOwn((o) => !o)} aria-expanded={own}>
          I deliver it myself
        </Button>
      </div>
      {own && (
        <div className="grid gap-2 rounded border border-gray-200 p-2">
          <ShipMyselfForm orderId={orderId} onDone={setParcel} />
          <DeliverWithCodeForm orderId={orderId} onDone={setParcel} />
        </div>
      )}
    </div>
  );
}
