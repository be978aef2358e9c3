import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { toRupees, type WishlistItemDto } from '@mp/shared';
import type { Db } from '../../../db/client';
import { products, wishlistItems } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import type { ChangeFeed } from '../../../lib/change-feed';
import { assertInShop } from '../products/product.service';

const itemColumns = {
  id: wishlistItems.id,
  userId: wishlistItems.userId,
  productId: wishlistItems.productId,
  image: products.image,
  title: products.title,
  pricePaise: products.pricePaise,
  salePricePaise: products.salePricePaise,
  discount: products.discount,
  description: products.description,
  totalStock: products.totalStock,
};

type ItemRow = {
  id: string;
  userId: string;
  productId: string;
  image: string;
  title: string;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  description: string;
  totalStock: number;
};

const toWishlistItemDto = (r: ItemRow): WishlistItemDto => ({
  _id: r.id,
  userId: r.userId,
  productId: r.productId,
  image: r.image,
  title: r.title,
  salePrice: r.salePricePaise == null ? null : toRupees(r.salePricePaise),
  price: toRupees(r.pricePaise),
  discount: r.discount,
  description: r.description,
  totalStock: r.totalStock,
});

export function createWishlistService(db: Db, changes: ChangeFeed) {
  async function list(userId: string): Promise<WishlistItemDto[]> {
    const rows = await db
      .select(itemColumns)
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), isNull(products.deletedAt)))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
    return rows.map(toWishlistItemDto);
  }

  return {
    list,

    /** Idempotent: adding a product twice keeps one entry and counts it once in the product's popularity. */
    async add(userId: string, productId: string): Promise<{ item: WishlistItemDto; created: boolean }> {
      const created = await db.transaction(async (tx) => {
        await assertInShop(tx, productId);
        const inserted = await tx
          .insert(wishlistItems)
          .values({ userId, productId })
          .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] })
          .returning({ id: wishlistItems.id });
        if (inserted.length) {
          await tx
            .update(products)
            .set({ wishlistCount: sql`${products.wishlistCount} + 1` })
            .where(eq(products.id, productId));
        }
        return inserted.length > 0;
      });
      if (created) changes.publish({ type: 'products', ids: [productId] });
      const [row] = await db
        .select(itemColumns)
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .limit(1);
      if (!row) throw notFound('Wishlist item');
      return { item: toWishlistItemDto(row), created };
    },

    /** Idempotent: removing an absent entry changes nothing. Answers the remaining list. */
    async remove(userId: string, productId: string): Promise<WishlistItemDto[]> {
      const removed = await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(wishlistItems)
          .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
          .returning({ id: wishlistItems.id });
        if (deleted.length) {
          await tx
            .update(products)
            .set({ wishlistCount: sql`greatest(${products.wishlistCount} - 1, 0)` })
            .where(eq(products.id, productId));
        }
        return deleted.length > 0;
      });
      if (removed) changes.publish({ type: 'products', ids: [productId] });
      return list(userId);
    },
  };
}
