import type { ReactNode } from 'react';
import { computeTotals, savingsSummary, type CartTotals, type PricedLineInput } from '@mp/shared/pricing';
import { formatINR } from '@mp/shared/money';
import type { CartViewDto } from '@mp/shared';

/** The lines the totals count: the cart's available lines. */
export const payableLines = (cart: CartViewDto | null): PricedLineInput[] =>
  cart ? cart.items.filter((i) => i.available !== false) : [];

/** The server's totals when present, else the shared maths over the available lines. */
export function cartTotals(cart: CartViewDto | null): CartTotals {
  if (!cart) return computeTotals([]);
  if (cart.totals) return cart.totals;
  return computeTotals(payableLines(cart));
}

/**
 * Price details in the same terms as the lines above them (docs/prices.md): the lines at list price, everything
 * saved on them (sale price and further discount), delivery, and the rules' total.
 */
export function PriceSummary({
  totals,
  lines,
  children,
}: {
  totals: CartTotals;
  lines: readonly PricedLineInput[];
  children?: ReactNode;
}) {
  const s = savingsSummary(lines);
  return (
    <section
      aria-labelledby="price-details"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2
        id="price-details"
        className="border-b border-gray-200 pb-3 text-sm font-bold uppercase tracking-wide text-gray-500"
      >
        Price details
      </h2>
      <dl className="space-y-3 py-4 text-sm">
        <div className="flex justify-between">
          <dt>
            Price ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
          </dt>
          <dd>{formatINR(s.listTotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Discount</dt>
          <dd className="text-green-700">− {formatINR(s.savings)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery Charges</dt>
          <dd>
            {totals.shippingCharge > 0 ? (
              formatINR(totals.shippingCharge)
            ) : (
              <span className="text-green-700">Free</span>
            )}
          </dd>
        </div>
        <div className="flex justify-between border-t border-dashed border-gray-300 pt-3 text-base font-bold text-gray-900">
          <dt>Total Amount</dt>
          <dd data-testid="total-amount">{formatINR(totals.total)}</dd>
        </div>
      </dl>
      {s.savings > 0 && (
        <p className="rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">
          You will save {formatINR(s.savings)} on this order
        </p>
      )}
      {children}
    </section>
  );
}
