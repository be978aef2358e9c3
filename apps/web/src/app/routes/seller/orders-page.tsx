/** Seller orders: 'Order History' (decisions.md) and the 'Order Details' modal with the status update. */
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { SellerOrderStatus } from '@mp/shared';
import { OrderDetailsModal } from '../../../features/seller/components/order-details-modal';
import { OrderHistoryTable } from '../../../components/orders/order-history-table';
import { ReceiptIcon } from '../../../features/admin/shared/icons';
import { isLoading } from '../../../features/admin/shared/remote';
import {
  fetchSellerOrderDetails,
  fetchSellerOrders,
  orderDetailsCleared,
  selectSellerConsole,
  updateSellerOrderStatus,
} from '../../../features/seller/seller-slice';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerOrdersPage() {
  useDocumentTitle('Orders – Seller');
  const dispatch = useAppDispatch();
  const { orders, orderDetails } = useAppSelector(selectSellerConsole);
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(fetchSellerOrders());
  }, [dispatch]);

  function open(id: string) {
    setOpenId(id);
    void dispatch(fetchSellerOrderDetails(id));
  }
  function close() {
    setOpenId(null);
    dispatch(orderDetailsCleared());
  }
  async function updateStatus(orderStatus: SellerOrderStatus) {
    if (!openId) return;
    const result = await dispatch(updateSellerOrderStatus({ id: openId, orderStatus }));
    if (updateSellerOrderStatus.fulfilled.match(result)) toast.success('Order status updated!');
    else toast.error((result.payload as string | undefined) ?? 'Order status update failed');
  }

  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-6">
      <h1 id="orders-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Order History
      </h1>
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <OrderHistoryTable
          orders={orders.data}
          loading={isLoading(orders)}
          onView={(o) => open(o._id)}
          viewLabel="View Detail"
          emptyIcon={<ReceiptIcon className="h-10 w-10" />}
        />
      </div>
      <OrderDetailsModal
        open={openId !== null}
        onClose={close}
        order={orderDetails.data}
        loading={isLoading(orderDetails)}
        onUpdateStatus={updateStatus}
      />
    </section>
  );
}
