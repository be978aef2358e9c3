import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { XCircleIcon } from '../../../components/icons';
import { buttonClass } from '../../../components/ui';
import { readJson, STORAGE_KEYS } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCancelPendingOrderMutation } from '../../../features/orders/orders-api';

export default function PaypalCancelPage() {
  useDocumentTitle('Payment cancelled');
  const [params] = useSearchParams();
  const [cancelPending] = useCancelPendingOrderMutation();
  useEffect(() => {
    // give the held stock back at once instead of waiting for the hold to expire (best effort)
    const orderId = readJson<string>(sessionStorage, STORAGE_KEYS.currentOrderId) ?? undefined;
    const paymentId = params.get('paymentId') ?? params.get('token') ?? undefined;
    if (orderId || paymentId) {
      // the cancelled order's lines are back in the cart: the mutation invalidates it (docs/orders-and-stock.md)
      void cancelPending({ orderId, paymentId }).then((r) => {
        if (!r.error) sessionStorage.removeItem(STORAGE_KEYS.currentOrderId);
      });
    }
  }, [params, cancelPending]);
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <XCircleIcon width={72} height={72} className="mx-auto text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-gray-900">Payment Cancelled</h1>
        <p className="mt-2 text-gray-600">
          Your payment was cancelled and you have not been charged. This can happen if you cancelled the
          payment, because of network issues, or because of insufficient funds. Your cart items are still
          saved.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/shop/checkout" className={buttonClass('primary')}>
            Retry Payment
          </Link>
          <Link to="/" className={buttonClass('outline')}>
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
