/**
 * Product variants' rows: the product write path's reads and writes of everything but stock (stock has one writer,
 * commerce/stock/stock.repository.ts; docs/orders-and-stock.md, "Variants"). A trigger keeps the product row's
 * stock and prices from its live variants.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { toPaise, toRupees, type VariantDto, type VariantInput } from '@mp/shared';
import type { DbOrTx } from '../../../../db/client';
import { orderLines, products, productVariants } from '../../../../db/schema';

const live = isNull(productVariants.deletedAt);

export const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sellerId: productVariants.sellerId,
  sku: productVariants.sku,
  optionValues: productVariants.optionValues,
  pricePaise: productVariants.pricePaise,
  salePricePaise: productVariants.salePricePaise,
  discount: productVariants.discount,
  effectivePricePaise: productVariants.effectivePricePaise,
  stock: productVariants.stock,
  images: productVariants.images,
  position: productVariants.position,
};
export type VariantRow = {
  id: string;
  productId: string;
  sellerId: string | null;
  sku: string | null;
  optionValues: string[];
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  effectivePricePaise: number;
  stock: number;
  images: string[];
  position: number;
};

export function toVariantDto(v: VariantRow): VariantDto {
  return {
    _id: v.id,
    sku: v.sku,
    optionValues: v.optionValues,
    price: toRupees(v.pricePaise),
    salePrice: v.salePricePaise == null ? null : toRupees(v.salePricePaise),
    discount: v.discount,
    effectivePrice: toRupees(v.effectivePricePaise),
    stock: v.stock,
    inStock: v.stock > 0,
    images: v.images,
  };
}

/** The live variants of these products, in each product's order. */
export function liveVariantsOf(db: DbOrTx, productIds: string[]): Promise<VariantRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .select(variantColumns)
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), live))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
}

const sellerIs = (sellerId: string | null) =>
  sellerId === null ? isNull(productVariants.sellerId) : eq(productVariants.sellerId, sellerId);

/**
 * A seller's live variants of live products with these SKUs (the admin's own catalogue when sellerId is null), in
 * one read of the unique (seller, sku) index: the product form's lookup and a bulk upload's batch of rows.
 */
export function liveBySkus(
  db: DbOrTx,
  sellerId: string | null,
  skus: readonly string[],
): Promise<VariantRow[]> {
  if (!skus.length) return Promise.resolve([]);
  return db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(sellerIs(sellerId), inArray(productVariants.sku, [...skus]), live, isNull(products.deletedAt)),
    );
}

/**
 * A deleted product's variants are soft-deleted with it, in its transaction: their SKUs are free for the seller's
 * other products (the SKU indexes hold live variants only) while order lines keep pointing at them. A product
 * waiting for its brand is not deleted: its variants, and so its SKUs, stay.
 */
export async function retireVariantsOf(tx: DbOrTx, productId: string): Promise<void> {
  await tx
    .update(productVariants)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(productVariants.productId, productId), live));
}

/** The first of these SKUs a live variant of another product in the same catalogue already uses. */
export async function skuUsedElsewhere(
  db: DbOrTx,
  sellerId: string | null,
  skus: string[],
  productId: string,
): Promise<string | undefined> {
  if (!skus.length) return undefined;
  const [row] = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        sellerIs(sellerId),
        inArray(productVariants.sku, skus),
        ne(productVariants.productId, productId),
        live,
      ),
    )
    .limit(1);
  return row?.sku ?? undefined;
}

/** Which of these variants an order line ever sold (they are kept, soft-deleted, when removed). */
export async function everSold(db: DbOrTx, variantIds: string[]): Promise<Set<string>> {
  if (!variantIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, variantIds));
  return new Set(rows.map((r) => r.id!));
}

/** What a variant input writes besides its stock. */
export function variantColumnsOf(v: VariantInput & { discount: number }, position: number) {
  return {
    sku: v.sku ?? null,
    optionValues: v.optionValues,
    pricePaise: toPaise(v.price),
    salePricePaise: v.salePrice == null ? null : toPaise(v.salePrice),
    discount: v.discount,
    images: v.images ?? [],
    position,
  };
}

type VariantWrite = ReturnType<typeof variantColumnsOf>;

export async function insertVariants(
  tx: DbOrTx,
  productId: string,
  sellerId: string | null,
  rows: (VariantWrite & { stock: number })[],
): Promise<void> {
  if (!rows.length) return;
  await tx.insert(productVariants).values(rows.map((r) => ({ ...r, productId, sellerId })));
}

export async function updateVariant(tx: DbOrTx, id: string, columns: VariantWrite): Promise<void> {
  await tx
    .update(productVariants)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(productVariants.id, id));
}

/** Removes variants no longer offered: soft-deleted when they ever sold (order lines keep them), else deleted. */
export async function removeVariants(tx: DbOrTx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const sold = await everSold(tx, ids);
  const soft = ids.filter((id) => sold.has(id));
  const hard = ids.filter((id) => !sold.has(id));
  if (soft.length) {
    await tx
      .update(productVariants)
      .set({ deletedAt: sql`now()`, updatedAt: new Date() })
      .where(inArray(productVariants.id, soft));
  }
  if (hard.length) await tx.delete(productVariants).where(inArray(productVariants.id, hard));
}
