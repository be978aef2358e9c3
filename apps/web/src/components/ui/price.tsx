/**
 * The price a shopper pays for one unit and what makes it (docs/prices.md), from the shared price rules, so cards,
 * the product page, cart, checkout and order detail show the same figure as the order line: the payable unit
 * price, the list price struck through and the true percent saved; with `detailed`, how the figure is made.
 */
import { formatINR } from '@mp/shared/money';
import { priceBreakdown } from '@mp/shared/pricing';
import { cn } from './cn';

export interface PriceProps {
  /** the list price (MRP) */
  price: number;
  salePrice?: number | null;
  /** the further discount percent of the price rules */
  discount?: number | null;
  size?: 'sm' | 'md' | 'lg';
  /** spell out list price, sale price and further discount under the figure */
  detailed?: boolean;
  className?: string;
}

const SIZES = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' } as const;

export function Price({ price, salePrice, discount, size = 'md', detailed, className }: PriceProps) {
  const b = priceBreakdown({ price, salePrice, discount });
  const small = size === 'lg' ? 'text-base' : 'text-xs';
  const saleLowers = b.salePrice != null && b.salePrice < b.listPrice;
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className={cn('font-bold text-gray-900', SIZES[size])} data-testid="payable-price">
          {formatINR(b.payable)}
        </span>
        {b.savings > 0 && (
          <span className={cn('text-gray-500 line-through', small)}>
            <span className="sr-only">List price </span>
            {formatINR(b.listPrice)}
          </span>
        )}
        {b.savingsPercent > 0 && (
          <span className={cn('font-semibold text-green-700', small)}>{b.savingsPercent}% off</span>
        )}
      </div>
      {detailed && b.savings > 0 && (
        <p className="text-xs text-gray-600" data-testid="price-breakdown">
          List price {formatINR(b.listPrice)}
          {saleLowers && <> · sale price {formatINR(b.salePrice!)}</>}
          {b.discountPercent > 0 && <> · extra {b.discountPercent}% off</>} · you save{' '}
          <span className="font-semibold text-green-700">{formatINR(b.savings)}</span>
        </p>
      )}
    </div>
  );
}
