/**
 * A shopper asks to return delivered units (docs/returns.md, "Requests"): every line is checked (the shopper's,
 * delivered, returnable, inside its window) and its units reserved on the line in one guarded statement, so two
 * requests racing for the last unit make one return. A request spanning sellers becomes one return per seller
 * sub-order, each with the seller's 48-hour decision time.
 */
import {
  maskRefundTo,
  RETURN_DECISION_HOURS,
  returnRefundPaise,
  returnWindowEndsAt,
  type ReturnDto,
  type ReturnRequestInput,
} from '@mp/shared';
import type { Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { enqueueReturnMail } from '../../mail/return-mails';
import type { OrderLineRow, OrderRow } from '../orders/order.mapper';
import { findOrder, linesOf, reserveReturnUnits } from '../orders/order.repository';
import { returnsById } from './return.mapper';
import type { ReturnsContext } from './returns-context';
import { deliveredAtOfPart, insertReturn } from './returns.repository';

const HOUR_MS = 3_600_000;

/** COD orders name where the refund goes; prepaid ones are refunded the way they were paid. */
function checkRefundTo(order: OrderRow, input: ReturnRequestInput): void {
  if (order.paymentMethod === 'cod' && !input.refundTo)
    throw new AppError(
      422,
      'REFUND_DESTINATION_REQUIRED',
      'Cash on delivery: give a UPI id or a bank account for the refund',
    );
  if (order.paymentMethod !== 'cod' && input.refundTo)
    throw new AppError(
      422,
      'REFUND_DESTINATION_NOT_ALLOWED',
      'This order was paid online: the refund goes back to the way it was paid',
    );
}

/** Each asked line is delivered, returnable and inside its window at `now`. */
async function checkLine(tx: Tx, line: OrderLineRow, now: Date, delivered: Map<string | null, Date | null>) {
  if (line.status !== 'delivered')
    throw new AppError(409, 'NOT_DELIVERED', `"${line.title}" has not been delivered yet`, undefined, {
      lineId: line.id,
    });
  if (!line.returnWindowDays)
    throw new AppError(409, 'NOT_RETURNABLE', `"${line.title}" was sold as not returnable`, undefined, {
      lineId: line.id,
    });
  if (!delivered.has(line.sellerId))
    delivered.set(line.sellerId, await deliveredAtOfPart(tx, line.orderId, line.sellerId));
  const at = delivered.get(line.sellerId);
  const ends = at ? returnWindowEndsAt(at, line.returnWindowDays) : null;
  if (!ends || now.getTime() >= ends.getTime())
    throw new AppError(
      409,
      'RETURN_WINDOW_CLOSED',
      `The return window of "${line.title}" has closed`,
      undefined,
      { lineId: line.id, windowEndsAt: ends?.toISOString() ?? null },
    );
}

/** Reserves the units of each asked line; one line too many and the whole request changes nothing. */
async function reserve(tx: Tx, asked: { line: OrderLineRow; quantity: number }[]) {
  for (const { line, quantity } of asked) {
    if (await reserveReturnUnits(tx, line.id, quantity)) continue;
    const returnable = Math.max(0, line.quantity - line.returnUnits);
    throw new AppError(
      409,
      'RETURN_QUANTITY_EXCEEDED',
      returnable > 0
        ? `At most ${returnable} of "${line.title}" can still be returned`
        : `"${line.title}" is already returned or being returned`,
      undefined,
      { lineId: line.id, returnable },
    );
  }
}

export async function requestReturn(
  ctx: ReturnsContext,
  userId: string,
  input: ReturnRequestInput,
): Promise<ReturnDto[]> {
  const now = ctx.now();
  const ids = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderId);
    if (!order || order.userId !== userId) throw notFound('Order');
    const lines = await linesOf(tx, order.id);
    const asked = input.lines.map((a) => {
      const line = lines.find((l) => l.id === a.lineId);
      if (!line) throw notFound('Order line');
      return { line, quantity: a.quantity };
    });
    checkRefundTo(order, input);
    const delivered = new Map<string | null, Date | null>();
    for (const { line } of asked) await checkLine(tx, line, now, delivered);
    await reserve(tx, asked);
    const made: string[] = [];
    for (const sellerId of [...new Set(asked.map((a) => a.line.sellerId))]) {
      const mine = asked.filter((a) => a.line.sellerId === sellerId);
      const row = await insertReturn(
        tx,
        {
          orderId: order.id,
          sellerId,
          userId,
          reason: input.reason,
          comment: input.comment || null,
          photos: input.photos ?? [],
          refundTo: input.refundTo ?? null,
          refundToDisplay: input.refundTo ? maskRefundTo(input.refundTo).display : null,
          decisionDueAt: new Date(now.getTime() + RETURN_DECISION_HOURS * HOUR_MS),
        },
        // the share shown now; the refund works it out again when it is made (refund-return.ts)
        mine.map(({ line, quantity }) => ({
          orderLineId: line.id,
          quantity,
          refundPaise: returnRefundPaise(line, quantity, line.returnUnits),
        })),
        { kind: 'requested', actor: 'shopper', actorUserId: userId, note: input.comment || null, at: now },
      );
      await enqueueReturnMail(tx, row.id, 'requested');
      made.push(row.id);
    }
    return made;
  });
  return returnsById(ctx.db, ids, ctx);
}
