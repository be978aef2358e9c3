import { asc, eq, inArray } from 'drizzle-orm';
import { toRupees, type PaymentEntryDto } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { paymentLedger } from '../../../db/schema';

export type LedgerType =
  | 'capture'
  | 'capture_pending'
  | 'capture_refused'
  | 'refund_requested'
  | 'refund_completed'
  | 'refund_failed'
  /** cash on delivery: the parcel asks for less (cod/cod-lower.ts) */
  | 'cod_lowered';

export interface Actor {
  userId: string | null;
  role: string;
}

export const SYSTEM: Actor = { userId: null, role: 'system' };

/** Appends one money event to the ledger (docs/money.md). The only writer of payment_ledger. */
export async function recordMoneyEvent(
  tx: DbOrTx,
  e: {
    orderId: string;
    type: LedgerType;
    amountPaise: number;
    currency: string;
    providerId?: string | null;
    refundId?: string | null;
    actor: Actor;
    reason?: string;
  },
): Promise<void> {
  await tx.insert(paymentLedger).values({
    orderId: e.orderId,
    type: e.type,
    amountPaise: e.amountPaise,
    currency: e.currency,
    providerId: e.providerId ?? null,
    refundId: e.refundId ?? null,
    actorUserId: e.actor.userId,
    actorRole: e.actor.role,
    reason: e.reason ?? '',
  });
}

const STATUS_OF: Record<string, PaymentEntryDto['status']> = {
  capture: 'completed',
  capture_pending: 'pending',
  capture_refused: 'refused',
  refund_requested: 'pending',
  refund_completed: 'completed',
  refund_failed: 'failed',
  /** cash on delivery: the parcel asks for less (cod/cod-lower.ts) */
  cod_lowered: 'completed',
};

/** The ledger of these orders as answered to shoppers, sellers and the admin, oldest first. */
export async function paymentsOf(
  db: DbOrTx,
  orderIds: string[],
  /** only the refund events of these refunds (a seller's view of its own lines) */
  onlyRefunds?: Set<string>,
): Promise<Map<string, PaymentEntryDto[]>> {
  const out = new Map<string, PaymentEntryDto[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(paymentLedger)
    .where(inArray(paymentLedger.orderId, orderIds))
    .orderBy(asc(paymentLedger.createdAt), asc(paymentLedger.id));
  for (const r of rows) {
    if (onlyRefunds && !(r.refundId && onlyRefunds.has(r.refundId))) continue;
    const list = out.get(r.orderId) ?? [];
    list.push({
      type: r.type.startsWith('refund') || r.type === 'cod_lowered' ? 'refund' : 'capture',
      event: r.type,
      amount: toRupees(r.amountPaise),
      status: STATUS_OF[r.type] ?? 'completed',
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    });
    out.set(r.orderId, list);
  }
  return out;
}

export const ledgerOf = (db: DbOrTx, orderId: string) =>
  db
    .select()
    .from(paymentLedger)
    .where(eq(paymentLedger.orderId, orderId))
    .orderBy(asc(paymentLedger.createdAt));
