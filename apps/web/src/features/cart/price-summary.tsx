import { Fragment, type ReactNode } from 'react';
import {
  computeTotals,
  priceDetails,
  savingsSummary,
  type CartTotals,
  type PricedLineInput,
} from '@mp/shared/pricing';
import { formatINR, toPaise, toRupees } from '@mp/shared/money';
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

/** The codes' discount on the lines (docs/money.md, "Coupons"); free delivery shows as a lower delivery charge. */
function CouponRow({ amount }: { amount: number | undefined }) {
  if (!amount) return null;
  return (
    <div className="flex justify-between">
      <dt>Coupon discount</dt>
      <dd className="text-green-700" data-testid="coupon-discount">
        − {formatINR(amount)}
      </dd>
    </div>
  );
}

/**
 * Price details in the same terms as the lines above them (docs/prices.md): the lines at list price, everything
 * saved on them (sale price and further discount), delivery, and the rules' total. The rows are the shared
 * priceDetails, which the order confirmation e-mail shows too.
 */
export function PriceSummary({
  totals,
  lines,
  children,
}: {
  /** the server's (cart or quote) totals carry the codes' discount (docs/money.md, "Coupons") */
  totals: CartTotals & { couponDiscount?: number };
  lines: readonly PricedLineInput[];
  children?: ReactNode;
}) {
  const s = savingsSummary(lines);
  const saved = toRupees(toPaise(s.savings) + toPaise(totals.couponDiscount ?? 0));
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
        {priceDetails(lines, totals).map((row) =>
          row.key === 'total' ? (
            <Fragment key={row.key}>
              <CouponRow amount={totals.couponDiscount} />
              <div className="flex justify-between border-t border-dashed border-gray-300 pt-3 text-base font-bold text-gray-900">
                <dt>{row.label}</dt>
                <dd data-testid="total-amount">{row.shown}</dd>
              </div>
            </Fragment>
          ) : (
            <div key={row.key} className="flex justify-between">
              <dt>{row.label}</dt>
              <dd className={row.key === 'discount' || row.shown === 'Free' ? 'text-green-700' : undefined}>
                {row.shown}
              </dd>
            </div>
          ),
        )}
      </dl>
      {saved > 0 && (
        <p className="rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">
          You will save {formatINR(saved)} on this order
        </p>
      )}
      {children}
    </section>
  );
}
