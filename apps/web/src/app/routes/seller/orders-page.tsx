/**
 * Seller orders: the 'Order History' list (each parcel's state, AWB and late flag; "Late parcels only") and the
 * 'Order Details' modal with the status update and the shipment.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import type { SellerOrderStatus } from '@mp/shared';
import { OrderDetailsModal, SellerPartBadge } from '../../../features/seller/components/order-details-modal';
import { OrderHistoryTable } from '../../../components/orders/order-history-table';
import { Checkbox } from '../../../components/ui';
import { ReceiptIcon } from '../../../features/console/icons';
import { isLoading, remoteOf } from '../../../features/console/remote';
import {
  useSellerOrderDetailsQuery,
  useSellerOrdersQuery,
  useUpdateSellerOrderStatusMutation,
} from '../../../features/seller/seller-api';
import { errorMessage } from '../../../lib/api';
import { statusUpdatedMessage } from '../../../features/seller/status-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ShipPanel } from '../../../features/delivery/ship-panel';
import { hasLateParcel, ParcelBadges } from '../../../features/delivery/parcel-badges';

export default function SellerOrdersPage() {
  useDocumentTitle('Orders – Seller');
  const orders = remoteOf(useSellerOrdersQuery(undefined, { refetchOnMountOrArgChange: true }), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const [lateOnly, setLateOnly] = useState(false);
  // the open order only (another order's answer never shows); kept on screen while it is asked again
  const details = useSellerOrderDetailsQuery(openId ?? '', {
    skip: !openId,
    refetchOnMountOrArgChange: true,
  });
  const orderDetails = remoteOf({ ...details, data: details.currentData }, null);
  const [update] = useUpdateSellerOrderStatusMutation();

  const open = (id: string) => setOpenId(id);
  const close = () => setOpenId(null);
  async function updateStatus(orderStatus: SellerOrderStatus, reason?: string) {
    if (!openId) return;
    const result = await update({ id: openId, orderStatus, reason });
    if (!result.error) toast.success(statusUpdatedMessage(orderStatus, result.data?.data));
    else toast.error(errorMessage(result.error, 'Order status update failed'));
  }

  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-6">
      <h1 id="orders-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Order History
      </h1>
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <Checkbox label="Late parcels only" className="mb-3" checked={lateOnly} onChange={setLateOnly} />
        <OrderHistoryTable
          orders={lateOnly ? orders.data.filter(hasLateParcel) : orders.data}
          loading={isLoading(orders)}
          onView={(o) => open(o._id)}
          viewLabel="View Detail"
          emptyIcon={<ReceiptIcon className="h-10 w-10" />}
          renderStatus={(o) => (
            <div>
              <SellerPartBadge order={o} />
              <ParcelBadges parcels={o.parcels} />
            </div>
          )}
        />
      </div>
      <OrderDetailsModal
        open={openId !== null}
        onClose={close}
        order={orderDetails.data}
        loading={isLoading(orderDetails)}
        onUpdateStatus={updateStatus}
        extra={
          openId ? (
            <>
              <ShipPanel key={openId} orderId={openId} />
              <Link to={`/seller/returns?order=${openId}`} className="text-sm text-brand-700 underline">
                Returns of this order
              </Link>
            </>
          ) : null
        }
      />
    </section>
  );
}
