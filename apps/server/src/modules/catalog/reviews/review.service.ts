import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { ReviewDto, ReviewInput } from '@mp/shared';
import type { Db } from '../../../db/client';
import { orderLines, orders, products, reviews, sellers } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { pick } from '../../../lib/pick';
import { assertInShop } from '../products/product.service';
import type { ChangeFeed } from '../../../lib/change-feed';

type ReviewRow = typeof reviews.$inferSelect;

export function toReviewDto(r: ReviewRow): ReviewDto {
  return {
    _id: r.id,
    ...pick(r, ['productId', 'userId', 'username', 'reviewMessage', 'reviewVal', 'verifiedPurchase']),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function createReviewService(db: Db, changes: ChangeFeed) {
  return {
    /**
     * One review per user and product: a second one replaces the first. The product row is locked first so the
     * rating totals recomputed from the reviews stay exact under concurrent reviews.
     */
    async upsert(
      user: { id: string; username: string },
      input: ReviewInput,
    ): Promise<{ review: ReviewDto; created: boolean }> {
      const { created, ...row } = await db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.id, sellerUserId: sellers.userId })
          .from(products)
          .leftJoin(sellers, eq(sellers.id, products.sellerId))
          .where(and(eq(products.id, input.productId), isNull(products.deletedAt)))
          .for('update', { of: products });
        if (!product) throw notFound('Product');
        // a shop's praise of itself is no review (docs/orders-and-stock.md)
        if (product.sellerUserId === user.id) {
          throw new AppError(403, 'OWN_PRODUCT', 'Sellers cannot review their own products.');
        }
        const [bought] = await tx
          .select({ one: sql<number>`1` })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(
            and(
              eq(orders.userId, user.id),
              eq(orders.paymentStatus, 'paid'),
              eq(orderLines.productId, input.productId),
            ),
          )
          .limit(1);
        // verified = a paid order of this product (docs/orders-and-stock.md)
        const verified = Boolean(bought);
        const values = {
          username: user.username,
          reviewMessage: input.reviewMessage,
          reviewVal: input.reviewVal,
          verifiedPurchase: verified,
        };
        const [upserted] = await tx
          .insert(reviews)
          .values({ productId: input.productId, userId: user.id, ...values })
          .onConflictDoUpdate({
            target: [reviews.productId, reviews.userId],
            set: { ...values, updatedAt: new Date() },
          })
          .returning({ ...getTableColumns(reviews), created: sql<boolean>`(xmax = 0)` });
        await tx
          .update(products)
          .set({
            ratingSum: sql`(select coalesce(sum(${reviews.reviewVal}), 0)::int from ${reviews} where ${reviews.productId} = ${input.productId})`,
            reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${input.productId})`,
          })
          .where(eq(products.id, input.productId));
        return upserted!;
      });
      // rating and review count changed: answers showing this product must show the new average
      changes.publish({ type: 'products', ids: [input.productId] });
      return { review: toReviewDto(row), created: Boolean(created) };
    },

    async listForProduct(productId: string): Promise<ReviewDto[]> {
      await assertInShop(db, productId);
      const rows = await db
        .select()
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReviewDto);
    },
  };
}
