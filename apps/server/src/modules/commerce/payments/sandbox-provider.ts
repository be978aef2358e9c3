import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPayments } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { PaymentProvider } from './payment-provider';

export const SANDBOX_PREFIX = 'SBX-';
export const sandboxApprovalPath = (paymentId: string) =>
  `/api/payments/sandbox/${encodeURIComponent(paymentId)}`;

const newSandboxPayerId = () => `SBXPAYER${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The built-in provider used when PayPal is not configured (docs/operations.md). It keeps its own state, as a real
 * provider does on its side, in `sandbox_payments`: the amount asked for, the shopper's approval, the capture and
 * what was refunded. Nothing else writes that table (docs/money.md).
 */
export function createSandboxProvider(db: Db, currency = 'INR'): PaymentProvider {
  return {
    id: 'sandbox',
    async create(order) {
      const paymentId = `${SANDBOX_PREFIX}${randomBytes(12).toString('hex').toUpperCase()}`;
      await db.insert(sandboxPayments).values({ paymentId, amountPaise: order.totalPaise, currency });
      return { paymentId, approvalURL: sandboxApprovalPath(paymentId) };
    },
    async approve(paymentId) {
      // approval is recorded once, in one statement: approving again answers the same payer
      const [p] = await db
        .update(sandboxPayments)
        .set({ payerId: sql`coalesce(${sandboxPayments.payerId}, ${newSandboxPayerId()})` })
        .where(eq(sandboxPayments.paymentId, paymentId))
        .returning({ payerId: sandboxPayments.payerId });
      return p?.payerId ? { payerId: p.payerId } : null;
    },
    async capture(paymentId) {
      // an approved payment is captured in one statement (again: the same capture); only a refusal reads why
      const [p] = await db
        .update(sandboxPayments)
        .set({ captureId: `CAP-${paymentId}` })
        .where(and(eq(sandboxPayments.paymentId, paymentId), isNotNull(sandboxPayments.payerId)))
        .returning();
      if (!p) {
        const [known] = await db
          .select({ paymentId: sandboxPayments.paymentId })
          .from(sandboxPayments)
          .where(eq(sandboxPayments.paymentId, paymentId));
        if (!known) throw new AppError(409, 'PAYMENT_FAILED', 'Unknown sandbox payment');
        throw new AppError(409, 'PAYMENT_FAILED', 'The payment has not been approved yet');
      }
      return {
        status: 'COMPLETED',
        captureId: p.captureId!,
        payerId: p.payerId,
        amountPaise: p.amountPaise,
        currency: p.currency,
      };
    },
    async refund({ captureId, amountPaise, requestId }) {
      // one conditional update: never more back than was captured, even for racing calls
      const [p] = await db
        .update(sandboxPayments)
        .set({ refundedPaise: sql`${sandboxPayments.refundedPaise} + ${amountPaise}` })
        .where(
          and(
            eq(sandboxPayments.captureId, captureId),
            sql`${sandboxPayments.refundedPaise} + ${amountPaise} <= ${sandboxPayments.amountPaise}`,
          ),
        )
        .returning();
      if (!p)
        throw new AppError(409, 'REFUND_REFUSED', 'The sandbox refused this refund (more than captured)');
      return { providerRefundId: `RF-${requestId}`, status: 'COMPLETED' };
    },
  };
}
