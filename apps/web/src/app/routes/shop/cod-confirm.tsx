import { useNavigate, useParams } from 'react-router-dom';
import { CodConfirmForm } from '../../../features/payments/cod-confirm-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Cash on delivery: the code that places the order (docs/money.md, "Cash on delivery"). */
export default function CodConfirmPage() {
  useDocumentTitle('Confirm your order');
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-bold text-gray-900">Pay on delivery</h1>
      <p className="mt-2 text-gray-600">
        We sent a code to the phone of your delivery address. Enter it to place your order; you pay the
        courier when the parcel arrives.
      </p>
      <div className="mt-6">
        <CodConfirmForm
          orderId={orderId}
          onPlaced={() => navigate(`/shop/payment-success/${orderId}`, { replace: true })}
        />
      </div>
    </div>
  );
}
