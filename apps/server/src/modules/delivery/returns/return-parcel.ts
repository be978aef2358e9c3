/**
 * What goes back in a return's reverse pickup (docs/delivery.md, "Reverse pickup"), read from the returns core's
 * rows inside its approval transaction: the order, the seller, and the units of each returned line.
 */
import type { Tx } from '../../../db/client';
import { findReturn, linesOfReturn } from '../../commerce/returns/returns.repository';
import type { ReturnParcel } from './return-pickups.repository';

export async function returnParcelOf(tx: Tx, returnId: string): Promise<ReturnParcel | undefined> {
  const ret = await findReturn(tx, returnId);
  if (!ret?.sellerId) return undefined;
  const lines = await linesOfReturn(tx, returnId);
  return {
    orderId: ret.orderId,
    sellerId: ret.sellerId,
    lines: lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
  };
}
