/**
 * Stock: the only writer of a product's `total_stock` and `units_sold` (docs/orders-and-stock.md, "Owners"). A
 * checkout takes stock (all or nothing), a capture marks it sold, an ended hold, a cancellation, a rejection or a
 * refund gives it back, and the seller's product form sets it. Every change is made in product-id order inside the
 * caller's transaction and noted on `touched`, which publishes the products after the commit (unit-of-work.ts).
 * Stock changes write no indexed column, not even updated_at (a product's last edit), so each row is updated in
 * place, HOT (docs/search-and-listing.md, "Sales do not touch the indexes").
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Touched } from '../unit-of-work';

export interface StockLine {
  productId: string | null;
  quantity: number;
}

/** Stock changes in product-id order, so concurrent transactions lock rows in the same order (no deadlocks). */
function byProduct<T extends StockLine>(lines: T[]): (T & { productId: string })[] {
  return lines
    .filter((l): l is T & { productId: string } => l.productId !== null)
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/**
 * Locks these products' rows in product-id order, so the single statement that then changes them all cannot
 * deadlock with another order's (docs/orders-and-stock.md). One product needs no lock first: its update is the
 * only lock taken.
 */
async function lockInOrder(tx: DbOrTx, lines: { productId: string }[]): Promise<void> {
  if (lines.length < 2) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
}

/** The lines as a relation `o(id, q)` for one statement over all of them (quantities summed per product). */
function linesRelation(lines: { productId: string; quantity: number }[]): SQL {
  const sum = new Map<string, number>();
  for (const l of lines) sum.set(l.productId, (sum.get(l.productId) ?? 0) + l.quantity);
  // array literals of uuids and integers (nothing to quote), one parameter each, as cart.service.ts passes them
  const ids = `{${[...sum.keys()].join(',')}}`;
  const quantities = `{${[...sum.values()].join(',')}}`;
  return sql`(select * from unnest(${ids}::uuid[], ${quantities}::int[]) as u(id, q)) as o`;
}

/** A product as taking stock answers it: what the order line records and is priced from. */
export type TakenProduct = {
  id: string;
  title: string;
  image: string;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  sellerId: string | null;
};

/**
 * Takes each line's quantity from its product's stock, all or nothing: one conditional update for every line (no
 * concurrency can push stock below zero). Only live products, unless `evenDeleted` (a capture that arrived after
 * its hold ended sells what the shopper was shown). Answers the products as they are now, or the first line (in
 * product-id order) whose product has too little stock or is gone; the caller's transaction then rolls back.
 */
export async function take<T extends StockLine>(
  tx: DbOrTx,
  touched: Touched,
  lines: T[],
  opts: { evenDeleted?: boolean } = {},
): Promise<{ taken: TakenProduct[] } | { refused: T & { productId: string } }> {
  const sorted = byProduct(lines);
  if (!sorted.length) return { taken: [] };
  await lockInOrder(tx, sorted);
  const taken = await tx
    .update(products)
    .set({ totalStock: sql`${products.totalStock} - o.q` })
    .from(linesRelation(sorted))
    .where(
      and(
        sql`${products.id} = o.id`,
        sql`${products.totalStock} >= o.q`,
        opts.evenDeleted ? undefined : isNull(products.deletedAt),
      ),
    )
    .returning({
      id: products.id,
      title: products.title,
      image: products.image,
      pricePaise: products.pricePaise,
      salePricePaise: products.salePricePaise,
      discount: products.discount,
      sellerId: products.sellerId,
    });
  touched.stockOf(taken.map((p) => p.id));
  const ids = new Set(taken.map((p) => p.id));
  const refused = sorted.find((l) => !ids.has(l.productId));
  return refused ? { refused } : { taken };
}

/** Moves these lines' units into (+1) or out of (-1) stock and units sold; units sold never go below zero. */
async function adjust(
  tx: DbOrTx,
  touched: Touched,
  lines: StockLine[],
  change: { stock: 0 | 1; sold: -1 | 0 | 1 },
): Promise<void> {
  const sorted = byProduct(lines);
  if (!sorted.length) return;
  await lockInOrder(tx, sorted);
  await tx
    .update(products)
    .set({
      ...(change.stock ? { totalStock: sql`${products.totalStock} + o.q` } : {}),
      ...(change.sold ? { unitsSold: sql`greatest(${products.unitsSold} + ${change.sold} * o.q, 0)` } : {}),
    })
    .from(linesRelation(sorted))
    .where(sql`${products.id} = o.id`);
  touched.stockOf(sorted.map((l) => l.productId));
}

/**
 * Gives these lines' units back to stock: held units (an ended hold: expiry, cancel, a failed payment) or sold
 * ones (`sold`: a cancellation, rejection or refund of paid lines, whose units sold go down again).
 */
export function giveBack(tx: DbOrTx, touched: Touched, lines: StockLine[], opts: { sold: boolean }) {
  return adjust(tx, touched, lines, { stock: 1, sold: opts.sold ? -1 : 0 });
}

/** Held units become sold (a capture): units sold rise; stock was taken when the order was placed. */
export function markSold(tx: DbOrTx, touched: Touched, lines: StockLine[]) {
  return adjust(tx, touched, lines, { stock: 0, sold: 1 });
}

/**
 * The seller's stock figure in the product form, inside the transaction that edits the product (its row locked,
 * `current` read under the lock). The stock column is what is left to sell: checkouts take from it and give back
 * exactly what they took, so an edit must not overwrite what they did since the form was loaded. With `loaded`
 * (the figure the form showed): unchanged figure → stock untouched; changed figure → written only if stock still
 * is what the form showed, else 409 STALE_STOCK with the current figure. Without it the edit does not say which
 * figure it was based on, so it changes no stock (it could overwrite what was sold meanwhile). The product edit
 * publishes the product's change itself.
 */
export async function setBySeller(
  tx: DbOrTx,
  productId: string,
  figures: { current: number; wanted: number; loaded: number | undefined },
): Promise<void> {
  const { current, wanted, loaded } = figures;
  if (loaded === undefined || wanted === loaded) return;
  if (current !== loaded) {
    throw new AppError(
      409,
      'STALE_STOCK',
      `Stock changed while you were editing (orders were placed or paid): it is now ${current}. Check the stock figure and save again.`,
      { formErrors: [], fieldErrors: { totalStock: [`Stock is now ${current}`] } },
      { currentStock: current },
    );
  }
  await tx.update(products).set({ totalStock: wanted }).where(eq(products.id, productId));
}
