import {
  formatOrderNumber,
  isSellerFault,
  RETURN_REASON_LABELS,
  SHOP_NAME,
  toRupees,
  type ReturnDto,
} from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import type { CodReturnRefunds, ReturnPickups } from './return-ports';
import { detailsOf, returnHeads, type ReturnHead } from './returns.repository';

type Details = Awaited<ReturnType<typeof detailsOf>>;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One return as the API answers it (docs/returns.md). */
export function toReturnDto(head: ReturnHead, details: Details): ReturnDto {
  const r = head.ret;
  const lines = details.lines.filter((l) => l.returnId === r.id);
  return {
    id: r.id,
    orderId: r.orderId,
    orderNumber: formatOrderNumber(head.orderNumber),
    sellerId: r.sellerId,
    storeName: head.storename ?? SHOP_NAME,
    buyerName: head.buyerName,
    state: r.state,
    disputed: r.disputedAt !== null && r.disputeDecidedAt === null,
    reason: r.reason,
    reasonLabel: RETURN_REASON_LABELS[r.reason],
    sellerFault: isSellerFault(r.reason),
    comment: r.comment,
    photos: r.photos,
    sellerReason: r.sellerReason,
    paymentMethod: head.paymentMethod,
    refundTo: r.refundTo && r.refundToDisplay ? { kind: r.refundTo.kind, display: r.refundToDisplay } : null,
    lines: lines.map((l) => ({
      lineId: l.lineId,
      productId: l.productId,
      title: l.title,
      image: l.image,
      variantLabel: l.variantLabel,
      quantity: l.quantity,
      refundAmount: toRupees(l.refundPaise),
    })),
    decisionDueAt: r.decisionDueAt.toISOString(),
    courierDeliveredAt: iso(r.courierDeliveredAt),
    refundDueAt: iso(r.refundDueAt),
    pickupAwb: r.pickupAwb,
    pickupTrackingUrl: r.pickupTrackingUrl,
    refundAmount: toRupees(
      r.state === 'refunded' ? r.refundPaise : lines.reduce((s, l) => s + l.refundPaise, 0),
    ),
    refundId: r.refundId,
    refundedAt: iso(r.refundedAt),
    dispute: r.disputedAt
      ? {
          note: r.disputeNote ?? '',
          openedAt: r.disputedAt.toISOString(),
          decision: r.disputeDecision,
          adminNote: r.disputeAdminNote,
          decidedAt: iso(r.disputeDecidedAt),
        }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    history: details.events
      .filter((e) => e.returnId === r.id)
      .map((e) => ({
        kind: e.kind,
        state: e.state,
        actor: e.actor,
        note: e.note,
        at: e.createdAt.toISOString(),
      })),
  };
}

/** Where a return's courier pickup and COD payout stand: each port's own read, one query per page. */
export interface ReturnProgress {
  pickups?: Pick<ReturnPickups, 'viewOf'>;
  codRefunds?: Pick<CodReturnRefunds, 'viewOf'>;
}

/** These returns' answers, in a fixed number of queries. */
export async function returnViews(
  db: DbOrTx,
  heads: ReturnHead[],
  progress: ReturnProgress = {},
): Promise<ReturnDto[]> {
  const ids = heads.map((h) => h.ret.id);
  const [details, pickups, payouts] = await Promise.all([
    detailsOf(db, ids),
    progress.pickups?.viewOf?.(ids),
    progress.codRefunds?.viewOf?.(ids),
  ]);
  return heads.map((h) => ({
    ...toReturnDto(h, details),
    pickup: pickups?.get(h.ret.id) ?? null,
    refundPayout: payouts?.get(h.ret.id) ?? null,
  }));
}

/** The answers of returns by id (after a change). */
export async function returnsById(
  db: DbOrTx,
  ids: string[],
  progress?: ReturnProgress,
): Promise<ReturnDto[]> {
  return returnViews(db, await returnHeads(db, ids), progress);
}
