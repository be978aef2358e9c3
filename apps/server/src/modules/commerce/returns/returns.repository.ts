/**
 * Returns, their lines and their history (docs/returns.md): the only writer of `returns`, `return_lines` and
 * `return_events`. Every change of a return bumps its version and appends a history row, in the caller's
 * transaction. Reads for the lists fetch a whole page in a fixed number of queries.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ReturnActor, ReturnEventKind, ReturnState } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { ofSubOrder } from '../../../db/sub-order';
import { pageOf } from '../../../db/paging';
import {
  orderLines,
  orderStatusHistory,
  orders,
  returnEvents,
  returnLines,
  returns,
  sellers,
} from '../../../db/schema';

export type ReturnRow = typeof returns.$inferSelect;
export type NewReturn = typeof returns.$inferInsert;

/** One step of a return as its history keeps it. */
export interface ReturnStep {
  kind: ReturnEventKind;
  actor: ReturnActor;
  actorUserId?: string | null;
  note?: string | null;
  at: Date;
}

async function appendEvent(tx: Tx, returnId: string, state: ReturnState, step: ReturnStep): Promise<void> {
  await tx.insert(returnEvents).values({
    returnId,
    kind: step.kind,
    state,
    actor: step.actor,
    actorUserId: step.actorUserId ?? null,
    note: step.note ?? null,
    createdAt: step.at,
  });
}

/** A new return with its lines and its first step. */
export async function insertReturn(
  tx: Tx,
  values: NewReturn,
  lines: { orderLineId: string; quantity: number; refundPaise: number }[],
  step: ReturnStep,
): Promise<ReturnRow> {
  const [row] = await tx
    .insert(returns)
    .values({ ...values, createdAt: step.at, updatedAt: step.at })
    .returning();
  await tx.insert(returnLines).values(lines.map((l) => ({ ...l, returnId: row!.id })));
  await appendEvent(tx, row!.id, row!.state, step);
  return row!;
}

/** A step that changes nothing of the return's row (its state stays), recorded in its history. */
export const addReturnStep = (tx: Tx, ret: ReturnRow, step: ReturnStep): Promise<void> =>
  appendEvent(tx, ret.id, ret.state, step);

/** A return's units as stock lines: each returned line's product and variant (null when deleted since). */
export const returnedStockLines = (db: DbOrTx, returnId: string) =>
  db
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: returnLines.quantity,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, returnId));

/** A change of a return (its state or facts), with the step that made it. */
export async function updateReturn(
  tx: Tx,
  id: string,
  patch: Partial<Omit<NewReturn, 'id' | 'version'>>,
  step: ReturnStep,
): Promise<ReturnRow> {
  const [row] = await tx
    .update(returns)
    .set({ ...patch, version: sql`${returns.version} + 1`, updatedAt: step.at })
    .where(eq(returns.id, id))
    .returning();
  await appendEvent(tx, id, row!.state, step);
  return row!;
}

/** The refund share each returned line finally got. */
export async function setLineRefunds(tx: Tx, parts: { id: string; refundPaise: number }[]): Promise<void> {
  for (const p of parts)
    await tx.update(returnLines).set({ refundPaise: p.refundPaise }).where(eq(returnLines.id, p.id));
}

export const findReturn = async (db: DbOrTx, id: string): Promise<ReturnRow | undefined> =>
  (await db.select().from(returns).where(eq(returns.id, id)).limit(1))[0];

/** The return's row, locked until the transaction ends (after its order's: see locks.ts). */
export const lockReturnRow = async (tx: Tx, id: string): Promise<ReturnRow | undefined> =>
  (await tx.select().from(returns).where(eq(returns.id, id)).for('update'))[0];

/** The order's row locked, or nothing when another transaction holds it (the timers skip it this round). */
export async function tryLockOrderRow(tx: Tx, orderId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}

export const linesOfReturn = (db: DbOrTx, returnId: string) =>
  db.select().from(returnLines).where(eq(returnLines.returnId, returnId)).orderBy(asc(returnLines.id));

/** Units of each line already refunded by returns (the position the next return's share starts from). */
export async function refundedUnitsOf(db: DbOrTx, lineIds: string[]): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({
      lineId: returnLines.orderLineId,
      units: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(inArray(returnLines.orderLineId, lineIds), eq(returns.state, 'refunded')))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.units)]));
}

/** When a seller's part of an order (null: the platform's own lines) was delivered: its first move to delivered. */
export async function deliveredAtOfPart(
  db: DbOrTx,
  orderId: string,
  sellerId: string | null,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${orderStatusHistory.createdAt})` })
    .from(orderStatusHistory)
    .where(
      and(ofSubOrder(orderStatusHistory, orderId, sellerId), eq(orderStatusHistory.toStatus, 'delivered')),
    );
  return row?.at ? new Date(row.at) : null;
}

/** Ids of returns whose timer is due: silent past their decision time, or 48 h after the courier brought them back. */
export async function dueReturns(db: DbOrTx, now: Date, limit = 50) {
  const [decide, refund] = await Promise.all([
    db
      .select({ id: returns.id, orderId: returns.orderId })
      .from(returns)
      .where(and(eq(returns.state, 'requested'), lte(returns.decisionDueAt, now)))
      .orderBy(asc(returns.decisionDueAt))
      .limit(limit),
    db
      .select({ id: returns.id, orderId: returns.orderId })
      .from(returns)
      .where(
        and(
          eq(returns.state, 'picked_up'),
          isNotNull(returns.refundDueAt),
          lte(returns.refundDueAt, now),
          // a rejection contested and not decided holds the money back (docs/returns.md)
          isNull(returns.disputedAt),
        ),
      )
      .orderBy(asc(returns.refundDueAt))
      .limit(limit),
  ]);
  return { decide, refund };
}

// ---- lists

export interface ReturnFilter {
  userId?: string;
  sellerId?: string;
  orderId?: string;
  state?: ReturnState;
  disputed?: boolean;
}

const whereOf = (f: ReturnFilter): SQL | undefined =>
  and(
    f.userId ? eq(returns.userId, f.userId) : undefined,
    f.sellerId ? eq(returns.sellerId, f.sellerId) : undefined,
    f.orderId ? eq(returns.orderId, f.orderId) : undefined,
    f.state ? eq(returns.state, f.state) : undefined,
    f.disputed === undefined
      ? undefined
      : f.disputed
        ? and(isNotNull(returns.disputedAt), isNull(returns.disputeDecidedAt))
        : sql`not (${returns.disputedAt} is not null and ${returns.disputeDecidedAt} is null)`,
  );

/** Returns with their order's number, buyer and payment method and the seller's store name. */
const selectHeads = (db: DbOrTx) =>
  db
    .select({
      ret: returns,
      orderNumber: orders.orderNumber,
      buyerName: orders.buyerName,
      paymentMethod: orders.paymentMethod,
      storename: sellers.storename,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(sellers, eq(sellers.id, returns.sellerId));

/** A page of returns with their heads (selectHeads). */
export async function returnsPage(
  db: DbOrTx,
  f: ReturnFilter,
  page: { page: number; limit: number; sellerQueue?: boolean },
) {
  const where = whereOf(f);
  const order = page.sellerQueue
    ? [sql`(${returns.state} = 'requested') desc`, asc(returns.decisionDueAt), desc(returns.createdAt)]
    : [desc(returns.createdAt), desc(returns.id)];
  return pageOf(
    db,
    { table: returns, where },
    selectHeads(db)
      .where(where)
      .orderBy(...order),
    page,
  );
}

export type ReturnHead = Awaited<ReturnType<typeof returnsPage>>['rows'][number];

/** These returns with their heads (for one return's answer after a change). */
export const returnHeads = (db: DbOrTx, ids: string[]): Promise<ReturnHead[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : selectHeads(db).where(inArray(returns.id, ids)).orderBy(asc(returns.createdAt), asc(returns.id));

/** The lines (with their order line's title and image) and the history of these returns: two queries. */
export async function detailsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return { lines: [], events: [] };
  const [lines, events] = await Promise.all([
    db
      .select({
        returnId: returnLines.returnId,
        lineId: returnLines.orderLineId,
        quantity: returnLines.quantity,
        refundPaise: returnLines.refundPaise,
        productId: orderLines.productId,
        title: orderLines.title,
        image: orderLines.image,
        variantLabel: orderLines.variantLabel,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(inArray(returnLines.returnId, ids))
      .orderBy(asc(returnLines.id)),
    db.select().from(returnEvents).where(inArray(returnEvents.returnId, ids)).orderBy(asc(returnEvents.seq)),
  ]);
  return { lines, events };
}
