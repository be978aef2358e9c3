/**
 * The condition every read and write of one seller's part of an order shares (docs/order-views.md, "Each seller's
 * part and its timeline"): the rows of a table keyed by order and seller.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The rows of `t` for the seller's part of the order; `sellerId` null: the platform's own lines. */
export const ofSubOrder = (
  t: { orderId: AnyPgColumn; sellerId: AnyPgColumn },
  orderId: string,
  sellerId: string | null,
): SQL => and(eq(t.orderId, orderId), sellerId ? eq(t.sellerId, sellerId) : isNull(t.sellerId))!;
