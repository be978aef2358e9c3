import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { productImagesOf, toPaise, type Pagination, type ProductDto, type ProductInput } from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { products, sellers } from '../../../db/schema';
import { resolveBrand, type ResolvedBrand } from '../brands/brand-resolve';
import { forbidden, notFound } from '../../../lib/errors';
import type { ChangeFeed } from '../../../lib/change-feed';
import { productColumns, toProductDto } from './product.mapper';
import * as stock from '../../commerce/stock/stock.repository';

/** Who is changing a product: the admin may touch any; a seller only its own. */
export type Actor = { role: 'admin' } | { role: 'seller'; sellerId: string };

/** In the shop, or waiting for its brand (off the shop, yet its seller's to edit or delete). */
const live = or(isNull(products.deletedAt), eq(products.brandPending, true));

/** What the consoles show of a product: the catalogue's fields and whether it waits for its brand. */
const managedColumns = { ...productColumns, brandPending: products.brandPending };

/**
 * The product's place in the shop given its brand (docs/search-and-listing.md, "Brands"): a product filed under a
 * pending brand waits off the shop (deletedAt set, which is what every shop read filters on) until the admin
 * accepts or maps the brand.
 */
const shelf = (brand: ResolvedBrand) => ({
  brand: brand.id,
  brandPending: brand.pending,
  deletedAt: brand.pending ? new Date() : null,
});

function toColumns(input: ProductInput) {
  const images = productImagesOf(input);
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    pricePaise: toPaise(input.price),
    salePricePaise: input.salePrice == null ? null : toPaise(input.salePrice),
    discount: input.discount,
    totalStock: input.totalStock,
    image: images[0]!,
    images,
  };
}

async function findLive(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), live))
    .limit(1);
  return row;
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

/**
 * Adds a product; a seller's product always belongs to the seller of the session. Its brand is resolved in the
 * same transaction (a new name becomes a pending brand: brand-resolve.ts).
 */
async function create({ db, changes }: ProductServiceDeps, input: ProductInput, sellerId: string | null) {
  const row = await db.transaction(async (tx) => {
    const brand = await resolveBrand(tx, input.brand, sellerId ? 'seller' : 'admin');
    const [inserted] = await tx
      .insert(products)
      .values({ ...toColumns(input), ...shelf(brand), sellerId })
      .returning(managedColumns);
    return inserted!;
  });
  changes.publish({ type: 'products', ids: [row.id] });
  return toProductDto(row);
}

async function update({ db, changes }: ProductServiceDeps, id: string, input: ProductInput, actor: Actor) {
  // told after the commit: another instance that refills its cache at once must read the new row
  const dto = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ sellerId: products.sellerId, totalStock: products.totalStock })
      .from(products)
      .where(and(eq(products.id, id), live))
      .for('update');
    if (!current) throw notFound('Product');
    assertMayChange(actor, current);
    const { totalStock, ...columns } = toColumns(input);
    const brand = await resolveBrand(tx, input.brand, actor.role);
    // stock has one writer (docs/orders-and-stock.md, "Owners")
    await stock.setBySeller(tx, id, {
      current: current.totalStock,
      wanted: totalStock,
      loaded: input.stockLoaded,
    });
    const [row] = await tx
      .update(products)
      .set({ ...columns, ...shelf(brand), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning(managedColumns);
    return toProductDto(row!);
  });
  changes.publish({ type: 'products', ids: [id] });
  return dto;
}

/** Soft delete: carts and orders keep their reference; the product disappears from the shop. */
async function remove({ db, changes }: ProductServiceDeps, id: string, actor: Actor): Promise<void> {
  const current = await findLive(db, id);
  if (!current) throw notFound('Product');
  assertMayChange(actor, current);
  const [row] = await db
    .update(products)
    .set({ deletedAt: new Date(), brandPending: false, updatedAt: new Date() })
    .where(and(eq(products.id, id), live))
    .returning({ id: products.id });
  if (!row) throw notFound('Product');
  changes.publish({ type: 'products', ids: [id] });
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
): Promise<{ data: ProductDto[]; pagination?: Pagination }> {
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
  if (!(opts.page && opts.limit)) return { data: (await query).map(toProductDto) };
  const { page, limit } = opts;
  const [rows, [count]] = await Promise.all([
    query.limit(limit).offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    data: rows.map(toProductDto),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
  };
}

/**
 * Product writes (create, edit, soft delete) and the consoles' product lists. The shop's reads are the read
 * model's (../read-model). Built once, in deps.ts.
 */
export function createProductService(deps: ProductServiceDeps) {
  return {
    create: (input: ProductInput, sellerId: string | null) => create(deps, input, sellerId),
    update: (id: string, input: ProductInput, actor: Actor) => update(deps, id, input, actor),
    remove: (id: string, actor: Actor) => remove(deps, id, actor),
    listForManagement: (opts: ManagementQuery) => listForManagement(deps.db, opts),
  };
}
export type ProductService = ReturnType<typeof createProductService>;
