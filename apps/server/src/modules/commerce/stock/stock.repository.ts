/**
 * Stock: the only writer of a variant's `stock` and a product's `units_sold` (docs/orders-and-stock.md, "Owners");
 * a product's `total_stock` is the sum of its live variants' stock, kept by their trigger (migration 0017). A
 * checkout takes stock (all or nothing), a capture marks it sold, an ended hold, a cancellation, a rejection or a
 * refund gives it back, and the seller's product form sets it. Every change locks its products in product-id
 * order inside the caller's transaction and is noted on `touched`, which publishes the products after the commit
 * (unit-of-work.ts).
 * Stock changes write no indexed column, not even updated_at (a product's last edit), so each row is updated in
 * place, HOT (docs/search-and-listing.md, "Sales do not touch the indexes").
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { productVariants, products } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Touched } from '../unit-of-work';

/** Units of one variant of a product (null ids: a line whose product or variant was deleted since). */
export interface StockLine {
  productId: string | null;
  variantId: string | null;
  quantity: number;
}
type KnownLine<T> = T & { productId: string; variantId: string };

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Stock changes in (product, variant) order, so concurrent transactions lock rows in the same order. */
function inLockOrder<T extends StockLine>(lines: T[]): KnownLine<T>[] {
  return lines
    .filter((l): l is KnownLine<T> => l.productId !== null && l.variantId !== null)
    .sort((a, b) => byId(a.productId, b.productId) || byId(a.variantId, b.variantId));
}

/**
 * Locks these lines' product rows in product-id order before any variant is written, as a product edit does
 * (save-product.ts): the variants' trigger then updates each product row under a lock already held, so two
 * checkouts, or a checkout and an edit, never deadlock (docs/orders-and-stock.md).
 */
async function lockProducts(tx: DbOrTx, lines: { productId: string }[]): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...new Set(lines.map((l) => l.productId))]))
    .orderBy(asc(products.id))
    .for('update');
}

/** The lines as a relation `o(id, q)` of variant ids and quantities (summed per variant), one statement for all. */
function linesRelation(lines: { variantId: string; quantity: number }[]): SQL {
  const sum = new Map<string, number>();
  for (const l of lines) sum.set(l.variantId, (sum.get(l.variantId) ?? 0) + l.quantity);
  // array literals of uuids and integers (nothing to quote), one parameter each, as cart.service.ts passes them
  const ids = `{${[...sum.keys()].join(',')}}`;
  const quantities = `{${[...sum.values()].join(',')}}`;
  return sql`(select * from unnest(${ids}::uuid[], ${quantities}::int[]) as u(id, q))`;
}

/** A variant as taking stock answers it, with its product: what the order line records and is priced from. */
export type TakenVariant = {
  /** the variant's id */
  id: string;
  productId: string;
  title: string;
  image: string;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  sellerId: string | null;
  optionValues: string[];
  options: { name: string }[];
};

/**
 * Takes each line's quantity from its variant's stock, all or nothing: one conditional update for every line (no
 * concurrency can push stock below zero); the product's total follows by the variants' trigger. Only live
 * products and variants, unless `evenDeleted` (a capture that arrived after its hold ended sells what the shopper
 * was shown). Answers the variants as they are now, or the first line (in lock order) whose variant has too little
 * stock or is gone; the caller's transaction then rolls back.
 */
export async function take<T extends StockLine>(
  tx: DbOrTx,
  touched: Touched,
  lines: T[],
  opts: { evenDeleted?: boolean } = {},
): Promise<{ taken: TakenVariant[] } | { refused: KnownLine<T> }> {
  const sorted = inLockOrder(lines);
  if (!sorted.length) return { taken: [] };
  await lockProducts(tx, sorted);
  const live = opts.evenDeleted ? sql`true` : sql`v.deleted_at is null and p.deleted_at is null`;
  const result = await tx.execute(sql`
    update ${productVariants} v set stock = v.stock - o.q
    from ${linesRelation(sorted)} as o, ${products} p
    where v.id = o.id and p.id = v.product_id and v.stock >= o.q and ${live}
    returning v.id as "id", v.product_id as "productId", p.title as "title",
      coalesce(v.images[1], p.image) as "image", v.price_paise as "pricePaise",
      v.sale_price_paise as "salePricePaise", v.discount as "discount", p.seller_id as "sellerId",
      v.option_values as "optionValues", p.options as "options"`);
  const taken = (result as unknown as { rows: TakenVariant[] }).rows;
  touched.stockOf(taken.map((v) => v.productId));
  const ids = new Set(taken.map((v) => v.id));
  const refused = sorted.find((l) => !ids.has(l.variantId));
  return refused ? { refused } : { taken };
}

/**
 * Moves these lines' units into (+1) or out of (-1) their variants' stock, and their products' units sold (a
 * product's figure: reviews and best sellers are per product); units sold never go below zero.
 */
async function adjust(
  tx: DbOrTx,
  touched: Touched,
  lines: StockLine[],
  change: { stock: 0 | 1; sold: -1 | 0 | 1 },
): Promise<void> {
  const sorted = inLockOrder(lines);
  if (!sorted.length) return;
  await lockProducts(tx, sorted);
  if (change.stock) {
    await tx.execute(sql`
      update ${productVariants} v set stock = v.stock + o.q
      from ${linesRelation(sorted)} as o where v.id = o.id`);
  }
  if (change.sold) {
    const perProduct = sorted.map((l) => ({ variantId: l.productId, quantity: l.quantity }));
    await tx.execute(sql`
      update ${products} p set units_sold = greatest(p.units_sold + ${change.sold} * o.q, 0)
      from ${linesRelation(perProduct)} as o where p.id = o.id`);
  }
  touched.stockOf(sorted.map((l) => l.productId));
}

/**
 * Gives these lines' units back to their variants: held units (an ended hold: expiry, cancel, a failed payment)
 * or sold ones (`sold`: a cancellation, rejection or refund of paid lines, whose units sold go down again).
 */
export function giveBack(tx: DbOrTx, touched: Touched, lines: StockLine[], opts: { sold: boolean }) {
  return adjust(tx, touched, lines, { stock: 1, sold: opts.sold ? -1 : 0 });
}

/** Held units become sold (a capture): units sold rise; stock was taken when the order was placed. */
export function markSold(tx: DbOrTx, touched: Touched, lines: StockLine[]) {
  return adjust(tx, touched, lines, { stock: 0, sold: 1 });
}

/**
 * The seller's stock figure of a variant in the product form, inside the transaction that edits the product (its
 * row locked, `current` read under the lock). The stock column is what is left to sell: checkouts take from it and
 * give back exactly what they took, so an edit must not overwrite what they did since the form was loaded. With
 * `loaded` (the figure the form showed): unchanged figure → stock untouched; changed figure → written only if stock
 * still is what the form showed, else 409 STALE_STOCK with the current figure, named on `field`. Without it the
 * edit does not say which figure it was based on, so it changes no stock (it could overwrite what was sold
 * meanwhile). The product's total follows by the variants' trigger; the product edit publishes the change itself.
 */
export async function setBySeller(
  tx: DbOrTx,
  variantId: string,
  figures: { current: number; wanted: number; loaded: number | undefined; field: string },
): Promise<void> {
  const { current, wanted, loaded, field } = figures;
  if (loaded === undefined || wanted === loaded) return;
  if (current !== loaded) {
    throw new AppError(
      409,
      'STALE_STOCK',
      `Stock changed while you were editing (orders were placed or paid): it is now ${current}. Check the stock figure and save again.`,
      { formErrors: [], fieldErrors: { [field]: [`Stock is now ${current}`] } },
      { currentStock: current },
    );
  }
  await tx.update(productVariants).set({ stock: wanted }).where(eq(productVariants.id, variantId));
}
