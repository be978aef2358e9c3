/**
 * Saving one product with its variants, in one transaction (docs/orders-and-stock.md, "Variants"): the product
 * form's add and edit, and one row group of a bulk upload. The product row is written first (and locked on edit),
 * then its variants are matched to the input (by id, then SKU, then option values): matched ones are updated,
 * new ones inserted, the rest removed (soft-deleted when they ever sold). A trigger keeps the product row's stock
 * and prices from its live variants.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import {
  combinationKey,
  productImagesOf,
  productVariantsOf,
  repeatedCombination,
  repeatedSku,
  toPaise,
  type ProductInput,
  type VariantInput,
} from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema';
import { isUniqueViolation, uniqueConstraintOf } from '../../../lib/db-errors';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import * as stock from '../../commerce/stock/stock.repository';
import { resolveBrand, type ResolvedBrand } from '../brands/brand-resolve';
import { assertMayListTaxable, taxColumnsOf } from '../../tax/product-tax';
import { packageColumnsOf } from './product-package';
import {
  insertVariants,
  liveVariantsOf,
  removeVariants,
  skuUsedElsewhere,
  updateVariant,
  variantColumnsOf,
  type VariantRow,
} from './variants/variant.repository';

/** Who is changing a product: the admin may touch any; a seller only its own. */
export type Actor = { role: 'admin' } | { role: 'seller'; sellerId: string };

export interface SaveProductArgs {
  input: ProductInput;
  actor: Actor;
  /** the product to edit; absent: a new product of the actor's catalogue */
  productId?: string;
}

type WantedVariant = VariantInput & { discount: number };

const skuTaken = (sku: string) =>
  new AppError(
    409,
    'SKU_TAKEN',
    `SKU "${sku}" is already used by another variant in your catalogue`,
    undefined,
    {
      sku,
    },
  );

const repeated = (optionValues: string[]) =>
  new AppError(
    400,
    'VARIANT_REPEATED',
    `The combination ${optionValues.join(' / ') || '(default)'} is listed twice`,
    undefined,
    { optionValues },
  );

/** In the shop, or waiting for its brand (off the shop, yet its seller's to edit or delete). */
export const live = or(isNull(products.deletedAt), eq(products.brandPending, true));

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

/** The product row's own columns (its stock and prices follow its variants), filed under its resolved brand. */
function ownColumns(input: ProductInput, brand: ResolvedBrand) {
  const images = productImagesOf(input);
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    ...shelf(brand),
    image: images[0]!,
    images,
    options: input.options,
  };
}

/** Inserts the product row: without options, a trigger makes its default variant of the row's price and stock. */
async function insertProduct(
  tx: DbOrTx,
  input: ProductInput,
  brand: ResolvedBrand,
  sellerId: string | null,
): Promise<string> {
  const variants = productVariantsOf(input);
  const unit = (v: WantedVariant) => toPaise(v.salePrice || v.price);
  const cheapest = variants.reduce((a, b) => (unit(b) < unit(a) ? b : a));
  const [row] = await tx
    .insert(products)
    .values({
      ...ownColumns(input, brand),
      ...taxColumnsOf(input, true),
      ...packageColumnsOf(input),
      sellerId,
      pricePaise: toPaise(cheapest.price),
      salePricePaise: cheapest.salePrice == null ? null : toPaise(cheapest.salePrice),
      discount: cheapest.discount,
      totalStock: input.options.length ? 0 : variants[0]!.stock,
    })
    .returning({ id: products.id });
  return row!.id;
}

/** Locks the live product and checks the actor may change it; answers its seller. */
async function lockForEdit(tx: DbOrTx, id: string, actor: Actor): Promise<string | null> {
  const [current] = await tx
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), live))
    .for('update');
  if (!current) throw notFound('Product');
  if (actor.role === 'seller' && current.sellerId !== actor.sellerId) {
    throw forbidden('You can only change your own products');
  }
  return current.sellerId;
}

/** For each wanted variant, the existing one it updates: same id, else same SKU, else same option values. */
function matchVariants(existing: VariantRow[], wanted: WantedVariant[]): (VariantRow | undefined)[] {
  const free = new Set(existing);
  const take = (pred: (e: VariantRow) => boolean) => {
    const hit = [...free].find(pred);
    if (hit) free.delete(hit);
    return hit;
  };
  const out: (VariantRow | undefined)[] = wanted.map((w) => {
    if (!w.id) return undefined;
    const hit = take((e) => e.id === w.id);
    if (!hit) throw new AppError(400, 'VALIDATION_FAILED', 'A variant sent does not belong to this product');
    return hit;
  });
  wanted.forEach((w, i) => {
    if (!out[i] && w.sku) out[i] = take((e) => e.sku === w.sku);
  });
  wanted.forEach((w, i) => {
    if (!out[i]) out[i] = take((e) => combinationKey(e.optionValues) === combinationKey(w.optionValues));
  });
  return out;
}

/** The stock field an edit's STALE_STOCK names: the product's own for a default variant, else the variant's. */
const stockField = (input: ProductInput, i: number) =>
  input.variants ? `variants.${i}.stock` : 'totalStock';

async function syncVariants(
  tx: DbOrTx,
  product: { id: string; sellerId: string | null },
  input: ProductInput,
): Promise<void> {
  const wanted = productVariantsOf(input);
  const combination = repeatedCombination(wanted);
  if (combination) throw repeated(combination);
  const twice = repeatedSku(wanted);
  if (twice) throw skuTaken(twice);
  const skus = wanted.flatMap((w) => (w.sku ? [w.sku] : []));
  const elsewhere = await skuUsedElsewhere(tx, product.sellerId, skus, product.id);
  if (elsewhere) throw skuTaken(elsewhere);

  const existing = await liveVariantsOf(tx, [product.id]);
  const matches = matchVariants(existing, wanted);
  const kept = new Set(matches.flatMap((m) => (m ? [m.id] : [])));
  await removeVariants(
    tx,
    existing.filter((e) => !kept.has(e.id)).map((e) => e.id),
  );
  const fresh: Parameters<typeof insertVariants>[3] = [];
  for (const [i, w] of wanted.entries()) {
    const match = matches[i];
    if (!match) {
      fresh.push({ ...variantColumnsOf(w, i), stock: w.stock });
      continue;
    }
    await updateVariant(tx, match.id, variantColumnsOf(w, i));
    await stock.setBySeller(tx, match.id, {
      current: match.stock,
      wanted: w.stock,
      loaded: w.stockLoaded,
      field: stockField(input, i),
    });
  }
  await insertVariants(tx, product.id, product.sellerId, fresh);
}

/** A unique index the checks above could not see (a concurrent save): the same answers they give. */
function uniqueViolationAnswer(err: unknown, input: ProductInput): unknown {
  if (!isUniqueViolation(err)) return err;
  const constraint = uniqueConstraintOf(err) ?? '';
  if (constraint.includes('combination')) return repeated([]);
  if (constraint.includes('sku')) {
    return skuTaken(productVariantsOf(input).find((v) => v.sku)?.sku ?? '');
  }
  return err;
}

/**
 * Saves one product and its variants inside the caller's transaction (a bulk upload runs one per product); answers
 * the product's id. The caller publishes the product's change after the commit.
 */
export async function saveProductIn(
  tx: DbOrTx,
  { input, actor, productId }: SaveProductArgs,
): Promise<string> {
  try {
    const sellerId = actor.role === 'seller' ? actor.sellerId : null;
    // only a seller with a GSTIN lists taxable goods (docs/tax.md, "Products")
    await assertMayListTaxable(tx, sellerId, taxColumnsOf(input, !productId).gstRate);
    if (!productId) {
      // a seller's new brand name proposes a brand (brand-resolve.ts); the admin's is made at once
      const brand = await resolveBrand(tx, input.brand, actor.role);
      const id = await insertProduct(tx, input, brand, sellerId);
      await syncVariants(tx, { id, sellerId }, input);
      return id;
    }
    const owner = await lockForEdit(tx, productId, actor);
    const brand = await resolveBrand(tx, input.brand, actor.role);
    await tx
      .update(products)
      .set({
        ...ownColumns(input, brand),
        ...taxColumnsOf(input, false),
        ...packageColumnsOf(input),
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId));
    await syncVariants(tx, { id: productId, sellerId: owner }, input);
    return productId;
  } catch (err) {
    throw uniqueViolationAnswer(err, input);
  }
}
