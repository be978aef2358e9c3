/** 'Order Details' for a seller: summary, its own products, shipping, payment, and the status form. */
import type { ReactNode } from 'react';
import { formatINR, lineStateLabel, type SellerOrderDto, type SellerOrderStatus } from '@mp/shared';
import {
  DetailRows,
  DetailSection,
  LoadingRegion,
  Modal,
  paymentMethodLabel,
  ProductThumb,
  Skeleton,
} from '../../../components/ui';
import { formatDate, orNA } from '../../../lib/format';
import { FulfilmentTimeline } from '../../../components/orders/fulfilment-timeline';
import { LineStateBadge, OrderNumber, PaymentStatusBadge } from '../../../components/orders/order-state';
import { PaymentLedger } from '../../../components/orders/payment-ledger';
import { OrderStatusForm } from './order-status-form';
import { LineCouponDiscount } from '../../coupons/order-coupons';

export interface OrderDetailsModalProps {
  open: boolean;
  onClose: () => void;
  order: SellerOrderDto | null;
  loading: boolean;
  onUpdateStatus: (status: SellerOrderStatus, reason?: string) => Promise<unknown>;
  /** more of the seller's actions on the order (the shipment, docs/delivery.md) */
  extra?: ReactNode;
}

/** The seller's own part's state: its one fulfilment entry ("Cancelled by the buyer" when the shopper cancelled). */
const partState = (order: SellerOrderDto) => order.fulfilment[0]?.state ?? order.state;

export function SellerPartBadge({ order }: { order: SellerOrderDto }) {
  return <LineStateBadge state={partState(order)} viewer="seller" />;
}

export function OrderDetailsModal({
  open,
  onClose,
  order,
  loading,
  onUpdateStatus,
  extra,
}: OrderDetailsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Order Details" size="lg">
      {!order ? (
        loading ? (
          <LoadingRegion label="Loading order…" className="space-y-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-24 w-full" />
          </LoadingRegion>
        ) : (
          <p className="text-sm text-gray-700">This order could not be loaded.</p>
        )
      ) : (
        <div className="flex flex-col gap-4">
          <DetailSection title="Order Summary">
            <DetailRows
              rows={[
                ['Order ID', <OrderNumber key="n" number={order.orderNumber} id={order._id} />],
                ['Order Date', formatDate(order.orderDate ?? order.createdAt, true)],
                ['Shipping Charge', formatINR(order.shippingCharge)],
                ['Total', formatINR(order.totalAmount)],
                ['Order Status', <SellerPartBadge key="s" order={order} />],
                ...(order.refundedAmount > 0
                  ? ([['Refunded', formatINR(order.refundedAmount)]] as [string, string][])
                  : []),
              ]}
            />
          </DetailSection>
          <DetailSection title="Products">
            <ul className="divide-y divide-gray-100">
              {order.cartItems.map((item) => (
                <li key={item._id ?? item.productId} className="flex items-center gap-3 py-2">
                  <ProductThumb item={item} size={56} className="h-14 w-14 rounded-md" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-gray-900">{item.title}</p>
                    {item.variantLabel && <p className="text-sm text-gray-700">{item.variantLabel}</p>}
                    <p className="text-xs text-gray-600">Quantity: {item.quantity}</p>
                    <LineCouponDiscount line={item} payer="Shopper pays" />
                    {item.rejectionReason && (
                      <p className="text-xs text-gray-600">
                        Your reason for rejecting: {item.rejectionReason}
                      </p>
                    )}
                  </div>
                  <p className="text-sm font-semibold text-gray-900">{formatINR(Number(item.price))}</p>
                </li>
              ))}
            </ul>
          </DetailSection>
          <div className="grid gap-4 md:grid-cols-2">
            <DetailSection title="Shipping Information">
              <DetailRows
                rows={[
                  ['Name', orNA(order.buyerName)],
                  ...(order.addressInfo?.recipientName && order.addressInfo.recipientName !== order.buyerName
                    ? ([['Recipient', order.addressInfo.recipientName]] as [string, string][])
                    : []),
                  ['Address', orNA(order.addressInfo?.address)],
                  ...(order.addressInfo?.landmark
                    ? ([['Landmark', order.addressInfo.landmark]] as [string, string][])
                    : []),
                  ['City', orNA(order.addressInfo?.city)],
                  ['State', orNA(order.addressInfo?.state)],
                  ['Pincode', orNA(order.addressInfo?.pincode)],
                  ['Phone', orNA(order.addressInfo?.phone)],
                ]}
              />
            </DetailSection>
            <DetailSection title="Payment Information">
              <DetailRows
                rows={[
                  ['PayerID', orNA(order.payerId)],
                  ['PaymentID', orNA(order.paymentId)],
                  ['Payment Method', paymentMethodLabel(order.paymentMethod)],
                  ['Payment Status', <PaymentStatusBadge key="p" order={order} />],
                ]}
              />
              {order.payments.length > 0 && (
                <div className="mt-3">
                  <PaymentLedger payments={order.payments} refundedAmount={0} />
                </div>
              )}
            </DetailSection>
          </div>
          <DetailSection title="Progress">
            <FulfilmentTimeline parts={order.fulfilment} showStore={false} />
          </DetailSection>
          {extra}
          <OrderStatusForm
            key={order._id}
            current={order.orderStatus}
            currentLabel={lineStateLabel(partState(order), 'seller')}
            onSubmit={onUpdateStatus}
          />
        </div>
      )}
    </Modal>
  );
}
