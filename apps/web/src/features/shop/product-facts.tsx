/**
 * What a shopper wants to know before buying, beside the price (docs/images.md, "Product page"): who sells it (a
 * link to its store page), what delivery costs (the shared price rule's figures) and its category's return policy
 * (docs/money.md, "Return window").
 */
import { Link } from 'react-router-dom';
import type { ProductDto } from '@mp/shared';
import { LIMITS, SHOP_NAME } from '@mp/shared/constants';
import { formatINR } from '@mp/shared/money';
import { storePath } from '@mp/shared/seo';
import { useReturnPoliciesQuery } from './return-policies-api';

/**
 * The delivery rule in words, from the constant the charges are computed with (docs/delivery.md, "Weight and the
 * shipping charge"): each seller's parcel ships free above the threshold, else is charged by weight and distance.
 */
export const deliveryRuleText = () =>
  `Free delivery when a seller's items in your order come to more than ${formatINR(LIMITS.freeDeliveryAbove)}; below that, each seller's parcel is charged by its weight and distance (check your PIN code for the charge).`;

/** The product's category's return policy ("7-day return" or "Not returnable"), and cancelling before shipping. */
export function returnsText(policy: string | undefined): string {
  const cancel = 'you can cancel the order, with a full refund, until it is shipped';
  if (!policy) return 'You can cancel the order, with a full refund, until it is shipped.';
  return `${policy} after delivery; ${cancel}.`;
}

export function ProductFacts({
  product,
}: {
  product: ProductDto & { storeName?: string | null; storeSlug?: string | null };
}) {
  const { data: policies } = useReturnPoliciesQuery();
  const policy = policies?.find((p) => p.category === product.category)?.policy;
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
      <dd data-testid="return-policy">{returnsText(policy)}</dd>
    </dl>
  );
}
