import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Pagination, ProductDto, ProductInput, ProductWithVariantsDto, VariantDto } from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { products, sellers } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/errors';
import type { ChangeFeed } from '../../../lib/change-feed';
import { productColumns, toProductDto, type ProductRow } from './product.mapper';
import { live, saveProductIn, type Actor, type SaveProductArgs } from './save-product';
import { liveBySkus, liveVariantsOf, retireVariantsOf, toVariantDto } from './variants/variant.repository';

export type { Actor, SaveProductArgs };

/** What the consoles show of a product: the catalogue's fields and whether it waits for its brand. */
const managedColumns = {
  ...productColumns,
  brandPending: products.brandPending,
  hsn: products.hsn,
  gstRate: products.gstRate,
  weightGrams: products.weightGrams,
  lengthCm: products.lengthCm,
  widthCm: products.widthCm,
  heightCm: products.heightCm,
};

async function findLive(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), live))
    .limit(1);
  return row;
}

/** 404 unless the product is in the shop (not deleted): what a review or a wishlist entry needs. */
export async function assertInShop(db: DbOrTx, productId: string): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Product');
}

function assertMayChange(actor: Actor, product: { sellerId: string | null }) {
  if (actor.role === 'seller' && product.sellerId !== actor.sellerId) {
    throw forbidden('You can only change your own products');
  }
}

export interface ProductServiceDeps {
  db: Db;
  /** told of every product written, once its transaction has committed */
  changes: ChangeFeed;
}

/** A product as the consoles' form reads it back: the catalogue fields plus its options and live variants. */
async function withVariants(db: DbOrTx, id: string): Promise<ProductDto & { variants: VariantDto[] }> {
  const [[row], variants] = await Promise.all([
    db.select(managedColumns).from(products).where(eq(products.id, id)),
    liveVariantsOf(db, [id]),
  ]);
  return { ...toProductDto(row!), variants: variants.map(toVariantDto) };
}

/**
 * Adds or edits one product with its variants in one transaction (save-product.ts); told to the change feed after
 * the commit, so another instance that refills its cache at once reads the new row. A seller's new product
 * always belongs to the seller of the session.
 */
export async function saveProduct({ db, changes }: ProductServiceDeps, args: SaveProductArgs) {
  const dto = await db.transaction(async (tx) => withVariants(tx, await saveProductIn(tx, args)));
  changes.publish({ type: 'products', ids: [dto._id] });
  return dto;
}

/** Soft delete: carts and orders keep their reference; the product disappears from the shop and frees its SKUs. */
async function remove({ db, changes }: ProductServiceDeps, id: string, actor: Actor): Promise<void> {
  const current = await findLive(db, id);
  if (!current) throw notFound('Product');
  assertMayChange(actor, current);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(products)
      .set({ deletedAt: new Date(), brandPending: false, updatedAt: new Date() })
      .where(and(eq(products.id, id), live))
      .returning({ id: products.id });
    // its SKUs are freed for the seller's other products (variant.repository.ts)
    if (deleted) await retireVariantsOf(tx, id);
    return deleted;
  });
  if (!row) throw notFound('Product');
  changes.publish({ type: 'products', ids: [id] });
}

/** The consoles' rows with their live variants (the product form edits them): one read for the whole page. */
async function withVariantsOf(db: DbOrTx, rows: ProductRow[]): Promise<ProductWithVariantsDto[]> {
  const variants = await liveVariantsOf(
    db,
    rows.map((r) => r.id),
  );
  const byProduct = new Map<string, VariantDto[]>();
  for (const v of variants)
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), toVariantDto(v)]);
  return rows.map((r) => ({ ...toProductDto(r), variants: byProduct.get(r.id) ?? [] }));
}

export interface ManagementQuery {
  sellerOrUserId?: string;
  q?: string;
  category?: readonly string[];
  brand?: readonly string[];
  page?: number;
  limit?: number;
}

/**
 * The consoles' product lists: every live product (admin), or one seller's (seller id or that seller's user id),
 * newest first, searched by title (`q`, the trigram index) and filtered by category, brand and seller; everything
 * at once unless a page is asked for, then one page and its pagination.
 */
async function listForManagement(
  db: Db,
  opts: ManagementQuery,
): Promise<{ data: ProductWithVariantsDto[]; pagination?: Pagination }> {
  const like = opts.q ? `%${opts.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    live,
    opts.sellerOrUserId
      ? or(
          eq(products.sellerId, opts.sellerOrUserId),
          inArray(
            products.sellerId,
            db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, opts.sellerOrUserId)),
          ),
        )
      : undefined,
    like ? sql`lower(${products.title}) like ${like}` : undefined,
    opts.category?.length ? inArray(products.category, [...opts.category]) : undefined,
    opts.brand?.length ? inArray(products.brand, [...opts.brand]) : undefined,
  );
  const query = db
    .select(managedColumns)
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .$dynamic();
  if (!(opts.page && opts.limit)) return { data: await withVariantsOf(db, await query) };
  const { page, limit } = opts;
  const { rows, total } = await pageOf(db, { table: products, where }, query, { page, limit });
  return {
    data: await withVariantsOf(db, rows),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
  };
}

/**
 * Product writes (create, edit, soft delete) and the consoles' product lists. The shop's reads are the read
 * model's (../read-model). Built once, in deps.ts.
 */
export function createProductService(deps: ProductServiceDeps) {
  return {
    create: (input: ProductInput, sellerId: string | null) =>
      saveProduct(deps, { input, actor: sellerId ? { role: 'seller', sellerId } : { role: 'admin' } }),
    update: (id: string, input: ProductInput, actor: Actor) =>
      saveProduct(deps, { input, actor, productId: id }),
    /** one product and its variants, for a caller with its own transaction (a bulk upload) */
    saveIn: saveProductIn,
    /** the seller's live variant with this SKU (null: the admin's catalogue), for an upload that updates by SKU */
    /** the catalogue's live variants holding these SKUs (a re-upload updates them instead of duplicating) */
    variantsBySkus: (sellerId: string | null, skus: readonly string[]) => liveBySkus(deps.db, sellerId, skus),
    remove: (id: string, actor: Actor) => remove(deps, id, actor),
    listForManagement: (opts: ManagementQuery) => listForManagement(deps.db, opts),
  };
}
export type ProductService = ReturnType<typeof createProductService>;
