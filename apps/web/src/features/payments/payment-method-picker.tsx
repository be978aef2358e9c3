/**
 * The checkout's payment step (docs/money.md, "Payment methods"): the ways to pay this shop offers (shop config).
 * UPI, cards and netbanking open the payment gateway's page (UPI: its QR on a desktop, the UPI apps on a phone);
 * PayPal opens PayPal (or the sandbox) as before.
 */
import { useId } from 'react';
import type { CheckoutPaymentMethod } from '@mp/shared';

export const PAYMENT_METHOD_LABELS: Record<CheckoutPaymentMethod, { title: string; hint: string }> = {
  upi: { title: 'UPI', hint: 'Scan a QR code, or pay with your UPI app on a phone' },
  card: { title: 'Credit / debit card', hint: 'Visa, Mastercard, RuPay' },
  netbanking: { title: 'Netbanking', hint: 'All major Indian banks' },
  paypal: { title: 'PayPal', hint: 'International cards and PayPal balance' },
  cod: { title: 'Cash on delivery', hint: 'Pay the courier when the parcel arrives' },
};

export function PaymentMethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: CheckoutPaymentMethod[];
  value: CheckoutPaymentMethod;
  onChange: (m: CheckoutPaymentMethod) => void;
}) {
  const id = useId();
  if (methods.length <= 1) return null;
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">Pay with</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((m) => (
          <label
            key={m}
            className={`flex cursor-pointer gap-2 rounded-md border p-2 text-sm ${
              value === m ? 'border-brand-600 bg-brand-50/60' : 'border-gray-200'
            }`}
          >
            <input
              type="radio"
              name="payment-method"
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              // named by the method alone, the hint read as its description
              aria-labelledby={`${id}-${m}`}
              aria-describedby={`${id}-${m}-hint`}
              className="mt-1 h-4 w-4 accent-brand-600"
            />
            <span>
              <span id={`${id}-${m}`} className="block font-medium text-gray-900">
                {PAYMENT_METHOD_LABELS[m].title}
              </span>
              <span id={`${id}-${m}-hint`} className="block text-gray-600">
                {PAYMENT_METHOD_LABELS[m].hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
