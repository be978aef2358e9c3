/**
 * The codes frozen on an order (docs/money.md, "Coupons"): each line's share of them, what the shopper pays for the
 * line, and the codes with what each took off. Shopper, seller and admin order views show the same figures.
 */
import type { OrderCouponDto, OrderLineDto } from '@mp/shared';
import { formatINR, toPaise, toRupees } from '@mp/shared/money';

/** "Coupon − ₹60 · You pay ₹540" under a line that a code covered; nothing for the others. */
export function LineCouponDiscount({
  line,
  payer = 'You pay',
}: {
  line: Pick<OrderLineDto, 'sellerDiscount' | 'platformDiscount' | 'payable'>;
  /** the words before the payable amount ("You pay" for the shopper, "Shopper pays" in the consoles) */
  payer?: string;
}) {
  const off = toRupees(toPaise(line.sellerDiscount ?? 0) + toPaise(line.platformDiscount ?? 0));
  if (off <= 0) return null;
  return (
    <p className="text-sm text-green-800" data-testid="line-coupon-discount">
      Coupon − {formatINR(off)}
      {line.payable != null && (
        <span className="text-gray-700">
          {' '}
          · {payer} {formatINR(line.payable)}
        </span>
      )}
    </p>
  );
}

const FUNDED: Record<OrderCouponDto['funder'], string> = {
  platform: 'from the marketplace',
  seller: 'from the seller',
};

/** The order's codes and what each took off (free delivery: the shipping waived). */
export function OrderCoupons({ coupons }: { coupons: readonly OrderCouponDto[] | undefined }) {
  if (!coupons?.length) return null;
  return (
    <ul className="space-y-1" aria-label="Coupons used" data-testid="order-coupons">
      {coupons.map((c) => (
        <li key={c.code} className="flex flex-wrap justify-between gap-2">
          <span>
            <span className="font-mono font-semibold text-brand-700">{c.code}</span>{' '}
            <span className="text-xs text-gray-600">{FUNDED[c.funder]}</span>
          </span>
          <span className="text-green-800">
            − {formatINR(c.discount)}
            {c.kind === 'free_delivery' ? ' (delivery)' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
