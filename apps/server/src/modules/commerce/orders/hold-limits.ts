/**
 * What one unpaid shopper may hold (docs/orders-and-stock.md, "Hold limits"): lines and units of one unpaid order,
 * each line's share of its product's stock, and a cool-down on products whose holds keep ending unpaid.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatIstDateTime } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import type { HoldLimits } from '../../../config/env';
import { orderLines, orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';

interface HeldLineIn {
  productId: string;
  title: string;
  quantity: number;
  totalStock: number;
}

const holdLimit = (message: string, details: Record<string, unknown>) =>
  new AppError(422, 'HOLD_LIMIT', message, undefined, details);

/** The most units of a product with this stock that one unpaid order may take: its share, or a few anyway. */
export const lineUnitsMax = (totalStock: number, limits: HoldLimits): number =>
  Math.max(limits.lineUnitsAlways, Math.floor((totalStock * limits.lineStockPercent) / 100));

/**
 * Refuses (422 HOLD_LIMIT) an unpaid order over the limits, and (429 HOLD_COOLDOWN) one holding a product whose
 * holds by this shopper ended unpaid (cancelled) `expiriesBeforeCooldown` times within the cool-down period. A run of
 * checkouts shares one deadline (holds are not renewable), so ended holds are counted as distinct deadlines.
 */
export async function checkHoldLimits(
  tx: DbOrTx,
  userId: string,
  lines: readonly HeldLineIn[],
  limits: HoldLimits,
): Promise<void> {
  if (lines.length > limits.linesMax) {
    throw holdLimit(
      `An unpaid order can have at most ${limits.linesMax} different products. Please order the rest separately.`,
      { limit: limits.linesMax, lines: lines.length },
    );
  }
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (units > limits.unitsMax) {
    throw holdLimit(
      `An unpaid order can hold at most ${limits.unitsMax} items. Please reduce the quantities.`,
      {
        limit: limits.unitsMax,
        units,
      },
    );
  }
  for (const l of lines) {
    const max = lineUnitsMax(l.totalStock, limits);
    if (l.quantity > max) {
      throw holdLimit(`You can order at most ${max} of ${l.title} at once. Please reduce the quantity.`, {
        limit: max,
        productId: l.productId,
      });
    }
  }
  if (limits.cooldownMs <= 0) return;
  const ended = await tx
    .selectDistinct({ productId: orderLines.productId, deadline: orders.holdExpiresAt })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        // cancelled: replaced, cancelled or expired; a failed payment creation is not the shopper's doing
        eq(orders.paymentStatus, 'cancelled'),
        sql`${orders.holdExpiresAt} <= now()`,
        sql`${orders.holdExpiresAt} > now() - make_interval(secs => ${limits.cooldownMs / 1000})`,
        inArray(
          orderLines.productId,
          lines.map((l) => l.productId),
        ),
      ),
    );
  for (const l of lines) {
    const deadlines = ended
      .filter((e) => e.productId === l.productId && e.deadline)
      .map((e) => e.deadline!.getTime())
      .sort((a, b) => a - b);
    if (deadlines.length < limits.expiriesBeforeCooldown) continue;
    // held again once so few ended holds are left in the period that the limit is not reached
    const retryAt = new Date(
      deadlines[deadlines.length - limits.expiriesBeforeCooldown]! + limits.cooldownMs,
    );
    throw new AppError(
      429,
      'HOLD_COOLDOWN',
      `Your checkouts of ${l.title} ended unpaid ${deadlines.length} times recently. You can order it again after ${formatIstDateTime(retryAt)}.`,
      undefined,
      { productId: l.productId, retryAt: retryAt.toISOString() },
    );
  }
}
