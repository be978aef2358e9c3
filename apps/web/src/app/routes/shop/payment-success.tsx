import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatINR } from '@mp/shared/money';
import { useAppDispatch } from '../../hooks';
import { CheckCircleIcon } from '../../../components/icons';
import { buttonClass, paymentMethodLabel, Skeleton } from '../../../components/ui';
import { useGetOrderQuery } from '../../../features/orders/orders-api';
import { baseApi } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function PaymentSuccessPage() {
  useDocumentTitle('Payment successful');
  const { orderId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { currentData: details, isFetching: detailsLoading } = useGetOrderQuery(orderId, {
    refetchOnMountOrArgChange: true,
  });
  useEffect(() => {
    // the order took its lines out of the cart; lines added since stay (docs/orders-and-stock.md)
    dispatch(baseApi.util.invalidateTags(['Cart']));
  }, [dispatch, orderId]);
  const order = details && details._id === orderId ? details : null;
  // a capture the provider has not settled yet (PayPal PENDING) is not a success: say so (docs/money.md)
  const processing = order !== null && order.paymentStatus !== 'paid';
  /** one figure of the order: itself once loaded, a placeholder while it loads, a dash if it cannot be */
  const detail = (show: (o: NonNullable<typeof order>) => string, width: string) =>
    order ? show(order) : detailsLoading ? <Skeleton className={`h-4 ${width}`} /> : '—';

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <CheckCircleIcon
          width={72}
          height={72}
          className={processing ? 'mx-auto text-amber-500' : 'mx-auto text-green-600'}
        />
        {processing ? (
          <>
            <h1 className="mt-4 text-2xl font-bold text-gray-900">Payment processing</h1>
            <p className="mt-1 text-gray-600">
              Your payment is still being processed by the provider. Your order is confirmed once it
              completes; check My Orders for its status.
            </p>
          </>
        ) : order?.paymentMethod === 'cod' ? (
          <>
            <h1 className="mt-4 text-2xl font-bold text-gray-900">Order placed</h1>
            <p className="mt-1 text-gray-600">Pay on delivery: pay the courier when your parcel arrives.</p>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-bold text-gray-900">Payment Successful!</h1>
            <p className="mt-1 text-gray-600">Thank you. Your order has been placed.</p>
          </>
        )}
        <dl className="mt-6 space-y-2 rounded-lg bg-gray-50 p-4 text-left text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Order number</dt>
            <dd className="font-semibold text-gray-900" data-testid="order-number">
              {detail((o) => o.orderNumber, 'w-24')}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Order ID</dt>
            <dd className="break-all font-mono font-semibold text-gray-900" data-testid="order-id">
              {orderId}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">{processing ? 'Total' : 'Total Paid'}</dt>
            <dd className="font-semibold text-gray-900">{detail((o) => formatINR(o.totalAmount), 'w-20')}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Payment Mode</dt>
            <dd className="font-semibold text-gray-900">
              {detail((o) => paymentMethodLabel(o.paymentMethod), 'w-20')}
            </dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/shop/account/orders" className={buttonClass('primary')}>
            View My Orders
          </Link>
          <Link to="/" className={buttonClass('outline')}>
            Continue Shopping
          </Link>
        </div>
      </div>
    </div>
  );
}
