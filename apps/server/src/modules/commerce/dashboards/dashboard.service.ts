import { and, asc, count, countDistinct, eq, gte, isNull, lt, ne, sql, sum } from 'drizzle-orm';
import {
  LIMITS,
  toRupees,
  type AdminDashboardDto,
  type RevenueByDay,
  type SellerDashboardDto,
} from '@mp/shared';
import type { Db } from '../../../db/client';
import { orderLines, orders, products, sellers } from '../../../db/schema';

const DAYS = 30;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The first instant of the 30-day window (UTC days, today included). */
export function windowStart(now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (DAYS - 1));
  return start;
}

/** One entry per day of the window, oldest first, zero where nothing was sold. */
export function zeroFilled(now: Date, rows: { day: string; paise: number }[]): RevenueByDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r.paise]));
  const start = windowStart(now);
  return Array.from({ length: DAYS }, (_, i) => {
    const d = new Date(start);
    d.setUTCDate(start.getUTCDate() + i);
    const date = dayKey(d);
    return { date, revenue: toRupees(byDay.get(date) ?? 0) };
  });
}

const paidDay = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
/** Sandbox payments move no money: they are test figures, never revenue (docs/security.md). */
const realMoney = ne(orders.paymentMethod, 'sandbox');
const testMoney = eq(orders.paymentMethod, 'sandbox');

type Sales = { orders: number; revenue: number | null } | undefined;
/** Orders and revenue (rupees) of real money, then of test payments. */
const salesOf = (s: Sales) => ({ orders: s?.orders ?? 0, revenue: toRupees(s?.revenue ?? 0) });
const testSalesOf = (s: Sales) => ({ testOrders: s?.orders ?? 0, testRevenue: toRupees(s?.revenue ?? 0) });

export async function adminDashboard(db: Db, now = new Date()): Promise<AdminDashboardDto> {
  const paid = and(eq(orders.paymentStatus, 'paid'), realMoney);
  const [[totals], [test], [pending], [live], days] = await Promise.all([
    db
      .select({ orders: count(), revenue: sum(orders.totalPaise).mapWith(Number) })
      .from(orders)
      .where(paid),
    db
      .select({ orders: count(), revenue: sum(orders.totalPaise).mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.paymentStatus, 'paid'), testMoney)),
    db.select({ n: count() }).from(sellers).where(eq(sellers.approvalstatus, 'pending')),
    db.select({ n: count() }).from(products).where(isNull(products.deletedAt)),
    db
      .select({ day: paidDay, paise: sum(orders.totalPaise).mapWith(Number) })
      .from(orders)
      .where(and(paid, gte(orders.paidAt, windowStart(now))))
      .groupBy(paidDay),
  ]);
  return {
    ...salesOf(totals),
    pendingSellers: pending?.n ?? 0,
    products: live?.n ?? 0,
    revenueByDay: zeroFilled(now, days),
    ...testSalesOf(test),
  };
}

/** Only the seller's own lines of paid orders (lines it rejected are not revenue) and its own products. */
export async function sellerDashboard(
  db: Db,
  sellerId: string,
  now = new Date(),
): Promise<SellerDashboardDto> {
  const ownPaid = and(
    eq(orderLines.sellerId, sellerId),
    eq(orders.paymentStatus, 'paid'),
    ne(orderLines.status, 'rejected'),
  );
  const own = and(ownPaid, realMoney);
  const linePaise = sql<number>`${orderLines.linePricePaise} * ${orderLines.quantity}`;
  const ownProducts = and(eq(products.sellerId, sellerId), isNull(products.deletedAt));
  const [[totals], [test], [mine], lowStock, days] = await Promise.all([
    db
      .select({ orders: countDistinct(orderLines.orderId), revenue: sum(linePaise).mapWith(Number) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(own),
    db
      .select({ orders: countDistinct(orderLines.orderId), revenue: sum(linePaise).mapWith(Number) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(ownPaid, testMoney)),
    db.select({ n: count() }).from(products).where(ownProducts),
    db
      .select({
        _id: products.id,
        title: products.title,
        totalStock: products.totalStock,
        image: products.image,
      })
      .from(products)
      .where(and(ownProducts, lt(products.totalStock, LIMITS.lowStockBelow)))
      .orderBy(asc(products.totalStock), asc(products.title))
      .limit(10),
    db
      .select({ day: paidDay, paise: sum(linePaise).mapWith(Number) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(own, gte(orders.paidAt, windowStart(now))))
      .groupBy(paidDay),
  ]);
  return {
    ...salesOf(totals),
    products: mine?.n ?? 0,
    lowStock,
    revenueByDay: zeroFilled(now, days),
    ...testSalesOf(test),
  };
}
