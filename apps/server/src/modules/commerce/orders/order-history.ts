import type { OrderStatus } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { orderStatusHistory } from '../../../db/schema';
import { deriveOrderStatus, type OrderLineRow } from './order.mapper';

/**
 * Records status changes of sellers' parts of an order in order_status_history (the timeline's times,
 * docs/order-views.md). Called inside the transaction that changes the lines; the only writer of that table.
 * `lines` are the changed lines as they were before: one row per seller part whose status really changes.
 */
export async function recordStatusChangesIn(
  tx: DbOrTx,
  orderId: string,
  lines: Pick<OrderLineRow, 'sellerId' | 'status'>[],
  to: OrderStatus,
  actor: { userId: string | null; role: string },
): Promise<void> {
  const parts = new Map<string | null, OrderStatus[]>();
  for (const l of lines) parts.set(l.sellerId, [...(parts.get(l.sellerId) ?? []), l.status]);
  const rows = [...parts]
    .map(([sellerId, statuses]) => ({ sellerId, from: deriveOrderStatus(statuses) }))
    .filter((p) => p.from !== to)
    .map((p) => ({
      orderId,
      sellerId: p.sellerId,
      fromStatus: p.from,
      toStatus: to,
      actorUserId: actor.userId,
      actorRole: actor.role,
    }));
  if (rows.length) await tx.insert(orderStatusHistory).values(rows);
}
