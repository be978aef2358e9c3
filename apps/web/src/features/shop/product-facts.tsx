/**
 * What a shopper wants to know before buying, beside the price (docs/images.md, "Product page"): who sells it (a
 * link to its store page), what delivery costs (the shared price rule's figures) and what happens if it
 * must go back.
 */
import { Link } from 'react-router-dom';
import type { ProductDto } from '@mp/shared';
import { LIMITS, SHOP_NAME } from '@mp/shared/constants';
import { formatINR } from '@mp/shared/money';
import { storePath } from '@mp/shared/seo';

/** The delivery rule in words, from the same constants the totals are computed with (deliveryChargeFor). */
export const deliveryRuleText = () =>
  `Free delivery on orders above ${formatINR(LIMITS.freeDeliveryAbove)}; ${formatINR(LIMITS.deliveryCharge)} delivery charge on orders of ${formatINR(LIMITS.freeDeliveryAbove)} or less.`;

export const RETURNS_TEXT =
  'No returns after delivery: you can cancel the order, with a full refund, until it is shipped.';

export function ProductFacts({
  product,
}: {
  product: ProductDto & { storeName?: string | null; storeSlug?: string | null };
}) {
  return (
    <dl className="grid gap-2 rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
      <dt className="font-semibold text-gray-900">Sold by</dt>
      <dd data-testid="sold-by">
        {product.storeSlug && product.storeName ? (
          <Link
            to={storePath(product.storeSlug)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline sm:min-h-0"
          >
            {product.storeName}
          </Link>
        ) : (
          SHOP_NAME
        )}
      </dd>
      <dt className="font-semibold text-gray-900">Delivery</dt>
      <dd>{deliveryRuleText()}</dd>
      <dt className="font-semibold text-gray-900">Returns</dt>
      <dd>{RETURNS_TEXT}</dd>
    </dl>
  );
}
