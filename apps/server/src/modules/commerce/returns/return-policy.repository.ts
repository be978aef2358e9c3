/**
 * Return policy per category (docs/money.md, "Return window"): the only Drizzle-aware code of
 * category_return_policies. A category without a row has the default window.
 */
import { inArray, sql } from 'drizzle-orm';
import { RETURN_WINDOW_DAYS } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { categoryReturnPolicies, products } from '../../../db/schema';

/** The stored windows by category (null: not returnable). */
export async function storedPolicies(db: DbOrTx): Promise<Map<string, number | null>> {
  const rows = await db.select().from(categoryReturnPolicies);
  return new Map(rows.map((r) => [r.category, r.windowDays]));
}

export async function savePolicy(tx: Tx, category: string, windowDays: number | null): Promise<void> {
  await tx
    .insert(categoryReturnPolicies)
    .values({ category, windowDays })
    .onConflictDoUpdate({
      target: categoryReturnPolicies.category,
      set: { windowDays, updatedAt: sql`now()` },
    });
}

/** Each product's window now, from its category's policy (one read for all of them). */
export async function windowsOfProducts(
  db: DbOrTx,
  productIds: string[],
): Promise<Map<string, number | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      stored: categoryReturnPolicies.windowDays,
      hasPolicy: sql<boolean>`${categoryReturnPolicies.category} is not null`,
    })
    .from(products)
    .leftJoin(categoryReturnPolicies, sql`${categoryReturnPolicies.category} = ${products.category}`)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.hasPolicy ? r.stored || null : RETURN_WINDOW_DAYS]));
}
