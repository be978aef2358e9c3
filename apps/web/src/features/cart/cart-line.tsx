import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { CartLineDto } from '@mp/shared';
import { Button, Price, ProductThumb } from '../../components/ui';
import { MESSAGES } from '@mp/shared/constants';
import { canDecrease, canIncrease, quantityStep } from './cart-rules';
import { useRemoveCartItemMutation, useUpdateCartQuantityMutation } from './cart-api';

const PROBLEMS = {
  deleted: 'This product is no longer sold.',
  outOfStock: 'Out of stock.',
  insufficientStock: 'Not enough stock for this quantity.',
} as const;

export function CartLine({ item, userId }: { item: CartLineDto; userId: string }) {
  const [update, updating] = useUpdateCartQuantityMutation();
  const [removeLine, removing] = useRemoveCartItemMutation();
  const busy = updating.isLoading || removing.isLoading;
  // at the stock "+" is disabled and "Only {stock} Quantity are left" stays in view
  const atLimit = item.available && !canIncrease(item);

  const step = async (direction: 'plus' | 'minus') => {
    const s = quantityStep(item, direction);
    if (s.kind === 'limit') {
      toast.warn(s.message);
      return;
    }
    if (s.kind === 'ignore') return;
    const r = await update({
      userId,
      productId: item.productId,
      variantId: item.variantId,
      quantity: s.quantity,
      discount: item.discount,
    });
    if (!r.error) toast.success('Cart updated successfully!');
    else toast.error('Failed to update cart.');
  };
  const remove = async () => {
    // a variant's id removes that line alone (another size of the product stays)
    const r = await removeLine({ userId, productId: item.variantId || item.productId });
    if (!r.error) toast.success('Item removed from cart!');
    else toast.error('Failed to remove item.');
  };

  return (
    <li className="flex gap-4 border-b border-gray-200 p-4 last:border-0" data-testid="cart-line">
      <Link to={`/product/${item.productId}`} className="shrink-0 self-start">
        <ProductThumb item={item} size={112} className="h-24 w-24 rounded-lg sm:h-28 sm:w-28" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Link
          to={`/product/${item.productId}`}
          className="line-clamp-2 font-semibold text-gray-900 hover:text-brand-700"
        >
          {item.title}
        </Link>
        {item.variantLabel && (
          <p className="text-sm text-gray-700" data-testid="variant-label">
            {item.variantLabel}
          </p>
        )}
        <Price price={item.price} salePrice={item.salePrice} discount={item.discount} size="sm" detailed />
        {!item.available && item.unavailableReason && (
          <p className="text-sm font-medium text-red-700">{PROBLEMS[item.unavailableReason]}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-3">
          <div
            className="inline-flex items-center rounded-md border border-gray-300"
            role="group"
            aria-label={`Quantity of ${item.title}`}
          >
            <button
              type="button"
              aria-label="Decrease quantity"
              disabled={!canDecrease(item.quantity) || busy}
              onClick={() => step('minus')}
              className="h-9 w-9 max-lg:h-11 max-lg:w-11 text-lg font-bold text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              −
            </button>
            <span
              className="min-w-10 text-center text-sm font-semibold"
              aria-live="polite"
              data-testid="quantity"
            >
              {item.quantity}
            </span>
            <button
              type="button"
              aria-label="Increase quantity"
              aria-describedby={atLimit ? `limit-${item.productId}` : undefined}
              disabled={busy || atLimit}
              onClick={() => step('plus')}
              className="h-9 w-9 max-lg:h-11 max-lg:w-11 text-lg font-bold text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              +
            </button>
          </div>
          {atLimit && (
            <span id={`limit-${item.productId}`} className="text-xs font-medium text-amber-800">
              {MESSAGES.onlyLeft(item.totalStock)}
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={remove} disabled={busy} className="uppercase">
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
