/**
 * The seller's shipment of its part of an order (docs/delivery.md, "Shipments"): "Mark ready to ship" queues the
 * shipment with the courier ("Creating shipment" until the AWB comes), then the label PDF can be printed.
 * Delivered is never the seller's to set: the courier's tracking sets it.
 */
import type { ParcelDto } from '@mp/shared';
import { pathOf, routes } from '@mp/shared/routes';
import { Button } from '../../components/ui';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { useShipOrderMutation } from './seller-delivery-api';

export function ShipPanel({ orderId }: { orderId: string }) {
  const [ship, { data, isLoading }] = useShipOrderMutation();
  const parcel: ParcelDto | undefined = data?.data;
  async function markReady() {
    const result = await ship(orderId);
    if (result.error) toast.error(errorMessage(result.error, 'The shipment could not be queued'));
    else toast.success(result.data.message);
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="ship-panel">
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
    </div>
  );
}
