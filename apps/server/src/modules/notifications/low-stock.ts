/**
 * Low-stock notices (docs/seo-and-email.md, "Seller notifications"): after a checkout takes stock, each variant
 * whose stock just fell to or below its seller's threshold (from above it) is told once, named in the notice (a
 * shirt's Size M running low); a product sold as one is its one default variant, so its notice is the product's
 * total, as before. A sale that leaves the stock below the threshold again tells nothing, until stock rises above
 * it and crosses again.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { variantLabel } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { products, productVariants, sellers } from '../../db/schema';
import { notifySellers } from './notify-seller';

/**
 * `taken`: the variants a checkout just took stock of, and how many units of each. One read of their stock, their
 * products' options and their sellers' thresholds (threshold 0: the seller wants no notices).
 */
export async function notifyLowStock(
  tx: DbOrTx,
  taken: readonly { variantId: string; quantity: number }[],
): Promise<void> {
  const quantities = new Map<string, number>();
  for (const t of taken) quantities.set(t.variantId, (quantities.get(t.variantId) ?? 0) + t.quantity);
  if (!quantities.size) return;
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productId: products.id,
      title: products.title,
      options: products.options,
      optionValues: productVariants.optionValues,
      stock: productVariants.stock,
      sellerId: products.sellerId,
      threshold: sellers.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(inArray(productVariants.id, [...quantities.keys()]));
  const crossed = rows.filter(
    (r) => r.threshold > 0 && r.stock <= r.threshold && r.stock + quantities.get(r.variantId)! > r.threshold,
  );
  await notifySellers(
    tx,
    crossed.map((r) => {
      const variant = r.options.length > 0 ? variantLabel(r.options, r.optionValues) : undefined;
      return {
        sellerId: r.sellerId!,
        // every crossing is an event of its own
        key: `seller-low-stock:${r.variantId}:${randomUUID()}`,
        notice: {
          kind: 'low_stock' as const,
          payload: {
            productId: r.productId,
            title: r.title,
            stock: r.stock,
            threshold: r.threshold,
            ...(variant ? { variantId: r.variantId, variant } : {}),
          },
        },
      };
    }),
  );
}
