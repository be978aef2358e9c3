import { useState } from 'react';
import { formatINR } from '@mp/shared/money';
import { deliveryAddressLines, type OrderDto } from '@mp/shared';
import { useAppSelector } from '../../../hooks';
import { Modal, paymentMethodLabel, Price, ProductThumb } from '../../../../components/ui';
import { useListOrdersQuery } from '../../../../features/orders/orders-api';
import { CancelOrder } from '../../../../features/orders/cancel-order';
import { ParcelTimeline } from '../../../../features/delivery/parcel-timeline';
import { OrderHistoryTable } from '../../../../components/orders/order-history-table';
import { FulfilmentTimeline } from '../../../../components/orders/fulfilment-timeline';
import {
  LineStateBadge,
  OrderNumber,
  OrderStateBadge,
  PaymentStatusBadge,
} from '../../../../components/orders/order-state';
import { PaymentLedger } from '../../../../components/orders/payment-ledger';
import { OrderDocuments } from '../../../../features/tax/document-list';
import { LineReturn } from '../../../../features/returns/line-return';
import { ReturnForm } from '../../../../features/returns/return-form';
import { OrderReturns } from '../../../../features/returns/order-returns';
import { formatDate } from '../../../../lib/format';
import { LineCouponDiscount, OrderCoupons } from '../../../../features/coupons/order-coupons';
import { useDocumentTitle } from '../../../../lib/use-document-title';

function OrderDetails({ order }: { order: OrderDto }) {
  // the line whose "Return" was chosen: the return form opens under the products (docs/web.md, "Returns")
  const [returning, setReturning] = useState<string | null>(null);
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-lg bg-gray-50 p-3">
        <dt className="text-gray-600">Order ID</dt>
        <dd>
          <OrderNumber number={order.orderNumber} id={order.orderId} />
        </dd>
        <dt className="text-gray-600">Order Date</dt>
        <dd>{formatDate(order.orderDate)}</dd>
        <dt className="text-gray-600">Order Status</dt>
        <dd>
          <OrderStateBadge state={order.state} />
        </dd>
        <dt className="text-gray-600">Shipping</dt>
        <dd>{order.shippingCharge > 0 ? formatINR(order.shippingCharge) : 'Free'}</dd>
        {order.coupons && order.coupons.length > 0 && (
          <>
            <dt className="text-gray-600">Coupons</dt>
            <dd>
              <OrderCoupons coupons={order.coupons} />
            </dd>
          </>
        )}
        <dt className="text-gray-600">Total</dt>
        <dd className="font-semibold">{formatINR(order.totalAmount)}</dd>
        {order.refundedAmount > 0 && (
          <>
            <dt className="text-gray-600">Refunded</dt>
            <dd className="font-semibold text-green-800">{formatINR(order.refundedAmount)}</dd>
          </>
        )}
      </dl>
      <section>
        <h3 className="mb-2 font-semibold text-gray-900">Products</h3>
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
          {order.cartItems.map((l) => (
            <li key={l._id} className="flex gap-3 p-3">
              <ProductThumb item={l} size={56} className="h-14 w-14 rounded" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-gray-900">{l.title}</p>
                {l.variantLabel && <p className="text-sm text-gray-700">{l.variantLabel}</p>}
                <Price price={l.listPrice} salePrice={l.unitPrice} discount={l.discount} size="sm" detailed />
                <p className="text-gray-600" data-testid="order-line-quantity">
                  Qty {l.quantity}
                </p>
                <LineCouponDiscount line={l} />
                <p className="text-xs text-gray-600" data-testid="line-store">
                  Sold by <span className="font-medium text-gray-800">{l.storeName}</span>
                </p>
                {l.returnPolicy && (
                  <p className="text-xs text-gray-600" data-testid="line-return-policy">
                    {l.returnPolicy}
                  </p>
                )}
                <LineReturn line={l} onReturn={() => setReturning(l._id)} />
                {l.rejectionReason && (
                  <p className="mt-1 text-xs text-gray-700" data-testid="rejection-reason">
                    Seller&apos;s reason: {l.rejectionReason}
                  </p>
                )}
              </div>
              <LineStateBadge state={l.state} viewer="shopper" className="self-start" />
            </li>
          ))}
        </ul>
      </section>
      {returning && (
        <ReturnForm key={returning} order={order} lineId={returning} onDone={() => setReturning(null)} />
      )}
      <OrderReturns orderId={order._id} />
      <section>
        <h3 className="mb-2 font-semibold text-gray-900">Order Progress</h3>
        <FulfilmentTimeline parts={order.fulfilment} />
      </section>
      <section>
        <h3 className="mb-2 font-semibold text-gray-900">Shipping Information</h3>
        {deliveryAddressLines({ ...order.addressInfo, buyerName: order.buyerName }).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {order.addressInfo.notes && <p className="text-gray-600">{order.addressInfo.notes}</p>}
      </section>
      <section>
        <h3 className="mb-2 font-semibold text-gray-900">Payment Information</h3>
        <dl className="grid grid-cols-2 gap-1">
          <dt className="text-gray-600">Method</dt>
          <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
          <dt className="text-gray-600">Status</dt>
          <dd>
            <PaymentStatusBadge order={order} />
          </dd>
          <dt className="text-gray-600">PaymentID</dt>
          <dd className="break-all font-mono">{order.paymentId || 'NA'}</dd>
          <dt className="text-gray-600">PayerID</dt>
          <dd className="break-all font-mono">{order.payerId || 'NA'}</dd>
        </dl>
        <h4 className="mb-2 mt-3 font-medium text-gray-900">Payments</h4>
        <PaymentLedger payments={order.payments} refundedAmount={order.refundedAmount} />
        <h4 className="mb-2 mt-3 font-medium text-gray-900">Tax invoices</h4>
        <OrderDocuments orderId={order._id} />
      </section>
      <ParcelTimeline orderId={order._id} />
      <CancelOrder order={order} />
    </div>
  );
}

export default function OrdersPage() {
  useDocumentTitle('My orders');
  const user = useAppSelector((s) => s.auth.user)!;
  const { data: list = [], isLoading } = useListOrdersQuery(user.id, { refetchOnMountOrArgChange: true });
  const [openId, setOpenId] = useState<string | null>(null);
  // the open order is read from the list, so a cancel (which refetches the list) shows at once
  const open: OrderDto | null = list.find((o) => o._id === openId) ?? null;

  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-gray-900">Order History</h1>
      <OrderHistoryTable
        orders={list}
        loading={isLoading}
        onView={(o) => setOpenId(o._id)}
        viewLabel="Details"
        renderStatus={(o) => <OrderStateBadge state={o.state} />}
      />
      <Modal open={open != null} onClose={() => setOpenId(null)} title="Order Details" size="lg">
        {open && <OrderDetails order={open} />}
      </Modal>
    </div>
  );
}
