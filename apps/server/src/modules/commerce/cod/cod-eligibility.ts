/**
 * Who may pay cash on delivery (docs/money.md, "Cash on delivery"): an order total up to COD_MAX_RUPEES, every
 * seller of the order taking cash on delivery, and a shopper with fewer than 2 refused COD parcels in 90 days (the
 * phone is verified by the code sent after this). Checked inside the transaction that places the order, so an
 * ineligible order is never left behind: `422 COD_NOT_ELIGIBLE` with every reason.
 */
import { and, eq } from 'drizzle-orm';
import { formatINR, toRupees } from '@mp/shared';
import type { Tx } from '../../../db/client';
import { orderLines, sellers } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { OrderRow } from '../orders/order.mapper';
import { REFUSALS_MAX, REFUSAL_WINDOW_DAYS, refusedLately } from './cod-parcels';

export async function assertCodEligible(tx: Tx, order: OrderRow, codMaxPaise: number): Promise<void> {
  const reasons: string[] = [];
  if (order.totalPaise > codMaxPaise) {
    reasons.push(`Cash on delivery is for orders up to ${formatINR(toRupees(codMaxPaise))}.`);
  }
  const refusing = await tx
    .selectDistinct({ storename: sellers.storename })
    .from(orderLines)
    .innerJoin(sellers, eq(sellers.id, orderLines.sellerId))
    .where(and(eq(orderLines.orderId, order.id), eq(sellers.acceptsCod, false)));
  if (refusing.length) {
    reasons.push(`${refusing.map((s) => s.storename).join(', ')} do not take cash on delivery.`);
  }
  if ((await refusedLately(tx, order.userId)) >= REFUSALS_MAX) {
    reasons.push(
      `${REFUSALS_MAX} cash-on-delivery parcels were refused in the last ${REFUSAL_WINDOW_DAYS} days.`,
    );
  }
  if (reasons.length) {
    throw new AppError(
      422,
      'COD_NOT_ELIGIBLE',
      `Cash on delivery is not available for this order. ${reasons.join(' ')}`,
      undefined,
      { reasons },
    );
  }
}
