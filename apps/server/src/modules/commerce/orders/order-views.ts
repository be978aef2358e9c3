/**
 * The order answers of shoppers, sellers and the admin (docs/order-views.md): each order with its lines, store
 * names, payment ledger and the status timeline of every seller's part, read in a fixed number of queries for
 * a whole page of orders.
 */
import { orderCoupons } from '../coupons/order-coupons';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderDto, ParcelSummary, SellerOrderDto } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { orderLines, orderStatusHistory, refunds, sellers } from '../../../db/schema';
import { paymentsOf } from '../money/ledger';
import { parcelsOfOrders } from '../../delivery/delivery.repository';
import { parcelSummary } from '../../delivery/parcel-view';
import {
  toOrderDto,
  toSellerOrderDto,
  type OrderFacts,
  type OrderLineRow,
  type OrderRow,
  type RefundRow,
  type StatusHistoryRow,
} from './order.mapper';

interface Gathered {
  lines: OrderLineRow[];
  parcels: (orderId: string) => ParcelSummary[];
  facts: (orderId: string) => OrderFacts;
}

async function gather(db: DbOrTx, rows: OrderRow[], sellerId?: string): Promise<Gathered> {
  const orderIds = rows.map((o) => o.id);
  // status history exists only once an order was paid
  const paidIds = rows.filter((o) => o.paidAt !== null).map((o) => o.id);
  // Reads that do not wait on each other are sent together: on the pool (an answer after a commit) they run on
  // separate connections at once; inside a transaction node-postgres queues them on its one connection.
  const [found, history, shipments] = await Promise.all([
    // each line with its seller's store name, in one read
    db
      .select({ line: orderLines, storename: sellers.storename })
      .from(orderLines)
      .leftJoin(sellers, eq(sellers.id, orderLines.sellerId))
      .where(
        and(inArray(orderLines.orderId, orderIds), sellerId ? eq(orderLines.sellerId, sellerId) : undefined),
      )
      .orderBy(asc(orderLines.createdAt), asc(orderLines.id)),
    paidIds.length
      ? db
          .select()
          .from(orderStatusHistory)
          .where(
            and(
              inArray(orderStatusHistory.orderId, paidIds),
              sellerId ? eq(orderStatusHistory.sellerId, sellerId) : undefined,
            ),
          )
          .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id))
      : Promise.resolve([]),
    // each seller's parcel, for the sellers' and admin's lists (docs/delivery.md)
    parcelsOfOrders(db, paidIds, sellerId),
  ]);
  const lines = found.map((f) => f.line);
  const storeNames = new Map(
    found.flatMap((f) => (f.line.sellerId && f.storename !== null ? [[f.line.sellerId, f.storename]] : [])),
  );
  const refundIds = [...new Set(lines.flatMap((l) => (l.refundId ? [l.refundId] : [])))];
  const [payments, refundRows] = await Promise.all([
    // a seller sees only the refunds of its own lines (docs/money.md)
    paymentsOf(db, orderIds, sellerId ? new Set(refundIds) : undefined),
    refundIds.length ? db.select().from(refunds).where(inArray(refunds.id, refundIds)) : Promise.resolve([]),
  ]);
  const refundsById = new Map<string, RefundRow>(refundRows.map((r) => [r.id, r]));
  const historyOf = new Map<string, StatusHistoryRow[]>();
  for (const h of history) historyOf.set(h.orderId, [...(historyOf.get(h.orderId) ?? []), h]);
  const now = new Date();
  return {
    lines,
    parcels: (orderId) => shipments.filter((p) => p.orderId === orderId).map((p) => parcelSummary(p, now)),
    facts: (orderId) => ({
      payments: payments.get(orderId) ?? [],
      storeNames,
      history: historyOf.get(orderId) ?? [],
      refunds: refundsById,
    }),
  };
}

/** Shopper and admin answers: every line of each order, the whole ledger. */
export async function orderViews(db: DbOrTx, rows: OrderRow[]): Promise<OrderDto[]> {
  if (rows.length === 0) return [];
  const [{ lines, facts, parcels }, coupons] = await Promise.all([gather(db, rows), orderCoupons(db, rows)]);
  return rows.map((o) => ({
    coupons: coupons(o.id),
    ...toOrderDto(
      o,
      lines.filter((l) => l.orderId === o.id),
      facts(o.id),
    ),
    parcels: parcels(o.id),
  }));
}

/** A seller's answers: only its own lines, only the refunds of those lines, only its own timeline. */
export async function sellerOrderViews(
  db: DbOrTx,
  sellerId: string,
  rows: OrderRow[],
): Promise<SellerOrderDto[]> {
  if (rows.length === 0) return [];
  const [{ lines, facts, parcels }, coupons] = await Promise.all([
    gather(db, rows, sellerId),
    orderCoupons(db, rows, sellerId),
  ]);
  return rows.map((o) => ({
    coupons: coupons(o.id),
    ...toSellerOrderDto(
      o,
      lines.filter((l) => l.orderId === o.id),
      sellerId,
      facts(o.id),
    ),
    parcels: parcels(o.id),
  }));
}
