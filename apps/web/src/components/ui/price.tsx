/** Sale price, struck-through list price and discount percent, in ₹ with Indian grouping. */
import { formatINR } from '@mp/shared/money';
import { cn } from './cn';

export interface PriceProps {
  price: number;
  salePrice?: number | null;
  /** percent; shown as "N% off" when > 0 */
  discount?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' } as const;

export function Price({ price, salePrice, discount, size = 'md', className }: PriceProps) {
  const onSale = salePrice != null && salePrice > 0 && salePrice < price;
  const shown = salePrice != null && salePrice > 0 ? salePrice : price;
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span className={cn('font-bold text-gray-900', SIZES[size])}>{formatINR(shown)}</span>
      {onSale && (
        <span className={cn('text-gray-500 line-through', size === 'lg' ? 'text-base' : 'text-xs')}>
          <span className="sr-only">Original price </span>
          {formatINR(price)}
        </span>
      )}
      {discount != null && discount > 0 && (
        <span className={cn('font-semibold text-green-700', size === 'lg' ? 'text-base' : 'text-xs')}>
          {discount}% off
        </span>
      )}
    </div>
  );
}
