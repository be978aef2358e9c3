/** The notice every page shows while the built-in sandbox takes the payments (docs/security.md). */
import { formatINR } from '@mp/shared';
import { useShopConfig } from './use-shop-config';

export function TestPaymentsNotice() {
  const config = useShopConfig();
  if (!config?.payments.testMode) return null;
  return (
    // a labelled landmark of its own, so every part of the page sits in one (axe "region")
    <section
      aria-label="Test payments"
      data-testid="test-payments-notice"
      className="bg-amber-100 px-4 py-1.5 text-center text-xs font-semibold text-amber-900"
    >
      Test payments: this shop uses a payment sandbox. No real money moves and no order is charged.
    </section>
  );
}

/** Shown at checkout when the shop has no payment provider at all. */
export function PaymentsUnavailableNotice() {
  const config = useShopConfig();
  if (config?.payments.provider !== 'none') return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      Online payments are not set up on this shop yet, so orders cannot be placed. Please try again later.
    </div>
  );
}

/** Under a dashboard's figures: sandbox orders, which never count as revenue. */
export function TestPaymentsLine({ orders, revenue }: { orders: number; revenue: number }) {
  if (orders === 0) return null;
  return (
    <p data-testid="test-payments-line" className="text-sm text-gray-600">
      Test payments (sandbox, not revenue): {orders.toLocaleString('en-IN')}{' '}
      {orders === 1 ? 'order' : 'orders'}, {formatINR(revenue)}
    </p>
  );
}
