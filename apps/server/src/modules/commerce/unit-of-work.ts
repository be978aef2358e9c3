/**
 * One transaction of commerce writes and what it touched (docs/orders-and-stock.md, "Owners"). The stock and order
 * repositories note the ids they change on `touched`; once the transaction commits, the products whose stock or
 * units sold changed are published on the change feed, so every cache in every instance learns it. A transaction
 * that rolls back publishes nothing.
 */
import type { Db, Tx } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';

/** The ids a transaction's writes changed, collected by the repositories. */
export class Touched {
  /** products whose stock or units sold changed */
  readonly stock = new Set<string>();

  stockOf(ids: Iterable<string>): void {
    for (const id of ids) this.stock.add(id);
  }

  /** Tells the change feed (after the commit). */
  publish(changes: ChangeFeed): void {
    if (this.stock.size) changes.publish({ type: 'stock', ids: [...this.stock] });
  }
}

/** Runs `work` in one transaction; after it commits, publishes what it touched. */
export async function inTransaction<T>(
  db: Db,
  changes: ChangeFeed,
  work: (tx: Tx, touched: Touched) => Promise<T>,
): Promise<T> {
  const touched = new Touched();
  const out = await db.transaction((tx) => work(tx, touched));
  touched.publish(changes);
  return out;
}
