/**
 * Checkout's answer to 409 COUPON_PRICE_CHANGED (docs/money.md, "Coupons"): a code stopped applying, or its last
 * use was taken, between the summary and the order, so the server made no order. The cart and its quote are asked
 * again, the summary shows the new figures, and the shopper confirms once more.
 */
import { useState } from 'react';
import { formatINR } from '@mp/shared/money';
import { useAppDispatch } from '../../app/hooks';
import { baseApi, toApiError } from '../../lib/api';

export function usePriceChange() {
  const dispatch = useAppDispatch();
  const [changed, setChanged] = useState<{ total: number | null } | null>(null);
  const onRefused = (err: unknown) => {
    const e = toApiError(err);
    if (e.code !== 'COUPON_PRICE_CHANGED') {
      setChanged(null);
      return;
    }
    setChanged({ total: typeof e.details?.total === 'number' ? e.details.total : null });
    dispatch(baseApi.util.invalidateTags(['Cart']));
  };
  const notice = changed && (
    <div
      role="alert"
      data-testid="price-changed"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-semibold">
        Your total has changed
        {changed.total != null ? ` to ${formatINR(changed.total)}` : ''}.
      </p>
      <p>
        A coupon no longer applies as it did. Check the price details, then press DELIVER HERE again to order
        at the new total.
      </p>
    </div>
  );
  return { notice, onRefused };
}
