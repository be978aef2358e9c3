import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { PaymentProvider } from './payment-provider';

export const SANDBOX_PREFIX = 'SBX-';
export const sandboxApprovalPath = (paymentId: string) =>
  `/api/payments/sandbox/${encodeURIComponent(paymentId)}`;

/**
 * The built-in provider used when PayPal is not configured (decisions.md). The shopper "approves" on a page this
 * server renders; approval is recorded as the order's payerId, and capture succeeds only after that.
 */
export function createSandboxProvider(db: Db): PaymentProvider {
  return {
    id: 'sandbox',
    async create() {
      const paymentId = `${SANDBOX_PREFIX}${randomBytes(12).toString('hex').toUpperCase()}`;
      return { paymentId, approvalURL: sandboxApprovalPath(paymentId) };
    },
    async capture(paymentId) {
      const [order] = await db
        .select({ payerId: orders.payerId })
        .from(orders)
        .where(eq(orders.paymentId, paymentId))
        .limit(1);
      if (!order) throw new AppError(409, 'PAYMENT_FAILED', 'Unknown sandbox payment');
      if (!order.payerId) {
        throw new AppError(409, 'PAYMENT_FAILED', 'The payment has not been approved yet');
      }
      return { status: 'COMPLETED', captureId: `CAP-${paymentId}`, payerId: order.payerId };
    },
  };
}

export const newSandboxPayerId = () => `SBXPAYER${randomBytes(5).toString('hex').toUpperCase()}`;
