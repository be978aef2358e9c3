import { and, asc, eq, sql } from 'drizzle-orm';
import { brandSpelling, type AdminBrandDto, type BrandUpdateInput } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { brands, products } from '../../../db/schema';
import { AppError, conflict, notFound } from '../../../lib/errors';
import { notifySellers } from '../../notifications';
import { insertBrand } from './brand-resolve';

type BrandRow = typeof brands.$inferSelect;

/** What a brand change did to products: the ones moved or released, and per seller those that went live. */
export interface BrandAffected {
  productIds: string[];
  /**
   * Sellers whose products waited for this brand and are now in the shop: where the "product brand accepted"
   * notification is sent from (docs/search-and-listing.md, "Brands").
   */
  released: { sellerId: string; productIds: string[] }[];
}
const nothing = (): BrandAffected => ({ productIds: [], released: [] });

const brandExists = (id: string) =>
  new AppError(409, 'BRAND_EXISTS', 'A brand with this name already exists', undefined, { brandId: id });

/**
 * Products per brand, live or waiting: the live ones from the trigger-kept facet_counts, the waiting ones from the
 * small partial index products_brand_pending_idx. Never a scan of the catalogue.
 */
async function productCounts(db: DbOrTx, id?: string): Promise<Map<string, number>> {
  const one = id === undefined ? sql`` : sql` and brand = ${id}`;
  const result = await db.execute(sql`
    select brand, sum(n)::int as n from (
      select brand, n from facet_counts where n > 0${one}
      union all
      select brand, count(*)::int from products where brand_pending${one} group by brand
    ) c group by brand`);
  const rows = (result as unknown as { rows: { brand: string; n: number }[] }).rows;
  return new Map(rows.map((r) => [r.brand, Number(r.n)]));
}

function toAdminDto(b: BrandRow, counts: Map<string, number>): AdminBrandDto {
  return {
    id: b.id,
    label: b.label,
    status: b.status,
    mergedInto: b.mergedInto,
    productCount: counts.get(b.id) ?? 0,
    createdAt: b.createdAt.toISOString(),
  };
}

/** Every brand with its products (live or waiting), pending first, then by label. */
export async function listForAdmin(db: DbOrTx): Promise<AdminBrandDto[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(brands)
      .orderBy(sql`${brands.status} = 'pending' desc`, asc(brands.mergedInto), asc(brands.label)),
    productCounts(db),
  ]);
  return rows.map((b) => toAdminDto(b, counts));
}

export async function adminBrand(db: DbOrTx, id: string): Promise<AdminBrandDto> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  if (!row) throw notFound('Brand');
  return toAdminDto(row, await productCounts(db, id));
}

async function sameSpelling(tx: DbOrTx, label: string) {
  const [row] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.spelling, brandSpelling(label)));
  return row;
}

/** POST /api/admin/brands: a new active brand, unless some brand already has that spelling (409). */
export async function addBrand(tx: Tx, label: string): Promise<string> {
  const existing = await sameSpelling(tx, label);
  if (existing) throw brandExists(existing.id);
  const row = await insertBrand(tx, label, 'active');
  if (!row) throw brandExists((await sameSpelling(tx, label))?.id ?? '');
  return row.id;
}

async function lockBrand(tx: Tx, id: string): Promise<BrandRow> {
  const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
  if (!row) throw notFound('Brand');
  return row;
}

async function rename(tx: Tx, brand: BrandRow, label: string): Promise<BrandAffected> {
  const existing = await sameSpelling(tx, label);
  if (existing && existing.id !== brand.id) throw brandExists(existing.id);
  await tx
    .update(brands)
    .set({ label: label.trim(), spelling: brandSpelling(label), updatedAt: new Date() })
    .where(eq(brands.id, brand.id));
  return nothing();
}

/** Each seller whose product waited for a brand is told it went live under `to` (notifySellers, one event each). */
async function tellSellers(
  tx: Tx,
  waiting: { id: string; sellerId: string | null; title: string }[],
  to: string,
) {
  if (!waiting.some((p) => p.sellerId)) return;
  const [brand] = await tx.select({ label: brands.label }).from(brands).where(eq(brands.id, to));
  await notifySellers(
    tx,
    waiting.flatMap((p) =>
      p.sellerId
        ? [
            {
              sellerId: p.sellerId,
              key: `seller-brand-accepted:${p.id}:${to}`,
              notice: {
                kind: 'brand_accepted' as const,
                payload: { productId: p.id, productTitle: p.title, brand: brand?.label ?? to },
              },
            },
          ]
        : [],
    ),
  );
}

/** The products waiting for `from`, filed under `to` and put in the shop; the others under `from` move too. */
async function moveProducts(tx: Tx, from: string, to: string): Promise<BrandAffected> {
  const waiting = await tx
    .update(products)
    .set({ brand: to, brandPending: false, deletedAt: null, updatedAt: new Date() })
    .where(and(eq(products.brand, from), eq(products.brandPending, true)))
    .returning({ id: products.id, sellerId: products.sellerId, title: products.title });
  await tellSellers(tx, waiting, to);
  const moved =
    from === to
      ? []
      : await tx
          .update(products)
          .set({ brand: to, updatedAt: new Date() })
          .where(eq(products.brand, from))
          .returning({ id: products.id });
  const bySeller = new Map<string, string[]>();
  for (const p of waiting) {
    if (p.sellerId) bySeller.set(p.sellerId, [...(bySeller.get(p.sellerId) ?? []), p.id]);
  }
  return {
    productIds: [...waiting, ...moved].map((p) => p.id),
    released: [...bySeller].map(([sellerId, productIds]) => ({ sellerId, productIds })),
  };
}

async function setStatus(tx: Tx, brand: BrandRow, status: 'active' | 'hidden'): Promise<BrandAffected> {
  if (brand.mergedInto) throw conflict('This brand was merged into another one');
  if (brand.status === 'pending' && status === 'hidden') {
    throw conflict('Accept or map a pending brand first');
  }
  await tx.update(brands).set({ status, updatedAt: new Date() }).where(eq(brands.id, brand.id));
  // accepting a pending brand puts its waiting products in the shop
  return brand.status === 'pending' ? moveProducts(tx, brand.id, brand.id) : nothing();
}

/**
 * Merges `brand` into `targetId` (maps it, when pending): its products move there in this transaction (the
 * facet_counts and search_words triggers follow the UPDATE of products.brand), waiting ones go live, and the
 * brand stays as a hidden row pointing there so its spelling keeps finding the target.
 */
async function merge(tx: Tx, brand: BrandRow, targetId: string): Promise<BrandAffected> {
  if (targetId === brand.id) throw conflict('A brand cannot be merged into itself');
  if (brand.mergedInto) throw conflict('This brand was already merged into another one');
  const [target] = await tx.select().from(brands).where(eq(brands.id, targetId)).for('update');
  if (!target) throw notFound('Target brand');
  if (target.mergedInto || target.status === 'pending') {
    throw conflict('Merge into an accepted brand that was not merged itself');
  }
  const affected = await moveProducts(tx, brand.id, target.id);
  await tx
    .update(brands)
    .set({ mergedInto: target.id, updatedAt: new Date() })
    .where(eq(brands.mergedInto, brand.id));
  await tx
    .update(brands)
    .set({ mergedInto: target.id, status: 'hidden', updatedAt: new Date() })
    .where(eq(brands.id, brand.id));
  return affected;
}

/** PUT /api/admin/brands/{brandId}: one of rename, status (hide, show, accept) or merge, in one transaction. */
export async function updateBrand(tx: Tx, id: string, input: BrandUpdateInput): Promise<BrandAffected> {
  const brand = await lockBrand(tx, id);
  if (input.label !== undefined) return rename(tx, brand, input.label);
  if (input.status !== undefined) return setStatus(tx, brand, input.status);
  return merge(tx, brand, input.mergeInto!);
}
