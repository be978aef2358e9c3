import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClass, Spinner } from '../../../components/ui';
import { XCircleIcon } from '../../../components/icons';
import { usePaymentCapture } from '../../../features/orders/use-payment-capture';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function PaypalReturnPage() {
  useDocumentTitle('Completing your payment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { state, retry } = usePaymentCapture(params, (orderId) =>
    navigate(`/shop/payment-success/${orderId}`, { replace: true }),
  );

  if (state.status === 'error' || state.status === 'missing') {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <XCircleIcon width={64} height={64} className="mx-auto text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-gray-900">We could not confirm your payment</h1>
        <p role="alert" className="mt-2 text-gray-600">
          {state.status === 'missing'
            ? 'The payment details are missing from the return link.'
            : state.message}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {state.status === 'error' && <Button onClick={() => void retry()}>Retry</Button>}
          <Link to="/shop/checkout" className={buttonClass('outline')}>
            Back to checkout
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" role="status" aria-live="polite">
      <Spinner size="lg" className="text-brand-600" />
      <h1 className="mt-6 text-2xl font-bold text-gray-900">Processing Your Payment...</h1>
      <p className="mt-2 text-gray-600">
        Please wait while we confirm your payment. Do not refresh or close this window.
      </p>
    </div>
  );
}
