/**
 * Low-stock notices (docs/seo-and-email.md, "Seller notifications"): after a checkout takes stock, each product
 * whose stock just fell to or below its seller's threshold (from above it) is told once: a sale that leaves the
 * stock below the threshold again tells nothing, until stock rises above it and crosses again.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, sellers } from '../../db/schema';
import { notifySellers } from './notify-seller';

/**
 * `taken`: the products a checkout just took stock of, and how many units of each. One read of their stock and
 * their sellers' thresholds (threshold 0: the seller wants no notices).
 */
export async function notifyLowStock(
  tx: DbOrTx,
  taken: readonly { productId: string; quantity: number }[],
): Promise<void> {
  const quantities = new Map<string, number>();
  for (const t of taken) quantities.set(t.productId, (quantities.get(t.productId) ?? 0) + t.quantity);
  if (!quantities.size) return;
  const rows = await tx
    .select({
      id: products.id,
      title: products.title,
      stock: products.totalStock,
      sellerId: products.sellerId,
      threshold: sellers.lowStockThreshold,
    })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(inArray(products.id, [...quantities.keys()]));
  const crossed = rows.filter(
    (r) => r.threshold > 0 && r.stock <= r.threshold && r.stock + quantities.get(r.id)! > r.threshold,
  );
  await notifySellers(
    tx,
    crossed.map((r) => ({
      sellerId: r.sellerId!,
      // every crossing is an event of its own
      key: `seller-low-stock:${r.id}:${randomUUID()}`,
      notice: {
        kind: 'low_stock',
        payload: { productId: r.id, title: r.title, stock: r.stock, threshold: r.threshold },
      },
    })),
  );
}
