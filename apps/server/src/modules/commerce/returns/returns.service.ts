/**
 * Returns after delivery (docs/returns.md): the shopper's request, the seller's and admin's decisions, the
 * courier's steps, the refund once, and the timers. One file per use case; built once in deps.ts.
 */
import type {
  AdminReturnActionInput,
  AdminReturnListQuery,
  ReturnRequestInput,
  SellerReturnActionInput,
  SellerReturnListQuery,
  ShopReturnActionInput,
  ShopReturnListQuery,
} from '@mp/shared';
import { courierDelivered, pickedUp, pickupScheduled } from './courier-steps';
import { requestReturn } from './request-return';
import { adminAction, sellerAction, shopperAction } from './return-actions';
import { runDueReturns, startReturnTimers } from './return-timers';
import { returnViews } from './return.mapper';
import type { ReturnsContext, ReturnsDeps } from './returns-context';
import { returnsPage, type ReturnFilter } from './returns.repository';

async function list(
  ctx: ReturnsContext,
  f: ReturnFilter,
  q: { page: number; limit: number },
  sellerQueue = false,
) {
  const { rows, total } = await returnsPage(ctx.db, f, { page: q.page, limit: q.limit, sellerQueue });
  return {
    data: await returnViews(ctx.db, rows, ctx),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
  };
}

export function createReturns(deps: ReturnsDeps) {
  const ctx: ReturnsContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    request: (userId: string, input: ReturnRequestInput) => requestReturn(ctx, userId, input),
    listOfShopper: (userId: string, q: ShopReturnListQuery) =>
      list(
        ctx,
        { userId, ...(q.state ? { state: q.state } : {}), ...(q.orderId ? { orderId: q.orderId } : {}) },
        q,
      ),
    listOfSeller: (sellerId: string, q: SellerReturnListQuery) =>
      list(
        ctx,
        { sellerId, ...(q.state ? { state: q.state } : {}), ...(q.orderId ? { orderId: q.orderId } : {}) },
        q,
        true,
      ),
    listAll: (q: AdminReturnListQuery) =>
      list(
        ctx,
        {
          ...(q.state ? { state: q.state } : {}),
          ...(q.sellerId ? { sellerId: q.sellerId } : {}),
          ...(q.disputed === undefined ? {} : { disputed: q.disputed }),
        },
        q,
      ),
    shopperAction: (userId: string, returnId: string, body: ShopReturnActionInput) =>
      shopperAction(ctx, userId, returnId, body),
    sellerAction: (
      seller: { sellerId: string; userId: string },
      returnId: string,
      body: SellerReturnActionInput,
    ) => sellerAction(ctx, seller, returnId, body),
    adminAction: (adminId: string, returnId: string, body: AdminReturnActionInput) =>
      adminAction(ctx, adminId, returnId, body),
    /** the courier's reverse shipment (R2's events call these) */
    pickupScheduled: (returnId: string, awb: string, trackingUrl: string | null) =>
      pickupScheduled(ctx, returnId, awb, trackingUrl),
    pickedUp: (returnId: string) => pickedUp(ctx, returnId),
    courierDelivered: (returnId: string, at: Date) => courierDelivered(ctx, returnId, at),
    runDue: () => runDueReturns(ctx),
    start: (opts?: { intervalMs?: number }) => startReturnTimers(ctx, opts),
  };
}

export type Returns = ReturnType<typeof createReturns>;
