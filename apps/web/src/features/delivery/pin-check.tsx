/**
 * The product page's PIN code check (docs/delivery.md, "Estimate"): the shopper enters a PIN code and sees whether
 * the seller delivers there, the promised date ("Get it by Thu, 4 Dec"), the delivery charge and cash on delivery.
 */
import { useState, type FormEvent } from 'react';
import { formatINR, isPincode } from '@mp/shared';
import { Button } from '../../components/ui';
import type { ApiError } from '../../lib/api';
import { useLazyDeliveryEstimateQuery } from './delivery-api';

export function PinCheck({ productId }: { productId: string }) {
  const [pincode, setPincode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [check, { data, error, isFetching }] = useLazyDeliveryEstimateQuery();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const pin = pincode.trim();
    setInvalid(!isPincode(pin));
    if (isPincode(pin)) void check({ productId, pincode: pin }, true);
  };
  const failed = error as ApiError | undefined;
  return (
    <section
      aria-labelledby="pin-check-heading"
      className="rounded border border-gray-200 p-3"
      data-testid="pin-check"
    >
      <h2 id="pin-check-heading" className="mb-2 text-sm font-semibold text-gray-900">
        Delivery
      </h2>
      <form className="flex gap-2" onSubmit={submit}>
        <label htmlFor="pin-check-input" className="sr-only">
          PIN code
        </label>
        <input
          id="pin-check-input"
          inputMode="numeric"
          maxLength={6}
          placeholder="Enter PIN code"
          value={pincode}
          onChange={(e) => setPincode(e.target.value.replace(/\D/g, ''))}
          className="w-36 rounded border border-gray-300 px-2 py-1 text-sm"
        />
        <Button type="submit" size="sm" variant="outline" disabled={isFetching}>
          Check
        </Button>
      </form>
      <div aria-live="polite" className="mt-2 text-sm">
        {invalid || failed?.code === 'INVALID_PINCODE' ? (
          <p className="text-red-700">Enter a valid 6-digit PIN code.</p>
        ) : failed ? (
          <p className="text-red-700">Delivery dates are not available right now.</p>
        ) : data && !data.deliverable ? (
          <p className="text-red-700">
            {data.storeName} does not deliver to {data.pincode}.
          </p>
        ) : data ? (
          <ul className="space-y-0.5">
            <li className="font-semibold text-gray-900" data-testid="promise">
              {data.promise}
            </li>
            <li className="text-gray-700">
              {data.charge > 0 ? `Delivery ${formatINR(data.charge)}` : 'Free delivery'}
            </li>
            <li className="text-gray-700">
              {data.cod ? 'Cash on delivery available' : 'No cash on delivery'}
            </li>
          </ul>
        ) : null}
      </div>
    </section>
  );
}
