import type { PaymentMethod } from '@mp/shared';
import { AppError } from '../../../lib/errors';

/** What a provider needs to know to ask the shopper for the money. Amounts in integer paise. */
export interface PaymentOrderInfo {
  orderId: string;
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  lines: { title: string; unitPricePaise: number; quantity: number }[];
  /** how the shopper chose to pay (upi, card, netbanking) when the provider offers several */
  method?: string;
}

export interface CreatedPayment {
  /** the provider's id for this payment (PayPal order id / sandbox payment id); stored as orders.payment_id */
  paymentId: string;
  /** where the shopper approves the payment */
  approvalURL: string;
}

export interface CaptureResult {
  /** COMPLETED: the money is taken. PENDING: the provider took it but has not settled it yet. */
  status: 'COMPLETED' | 'PENDING';
  captureId: string | null;
  payerId: string | null;
  /** what the provider says it captured, in paise and its currency (null when it did not say) */
  amountPaise: number | null;
  currency: string | null;
}

export interface RefundRequest {
  captureId: string;
  amountPaise: number;
  /** our refund id: the provider's idempotency key, so a retried refund is made once */
  requestId: string;
}

export interface RefundResult {
  providerRefundId: string;
  /** COMPLETED: the money is back with the shopper. PENDING: the provider settles it later (webhook). */
  status: 'COMPLETED' | 'PENDING';
}

export interface WebhookHeaders {
  transmissionId?: string;
  transmissionTime?: string;
  transmissionSig?: string;
  certUrl?: string;
  authAlgo?: string;
}

/**
 * One interface for every payment provider.
 * Errors are thrown as AppError: 402 PAYMENT_FAILED (declined), 409 PAYMENT_FAILED (not approved / unusable),
 * 502 PAYMENT_PROVIDER_ERROR (provider down, 5xx, time-out).
 */
export interface PaymentProvider {
  readonly id: PaymentMethod | 'razorpay' | 'none';
  create(order: PaymentOrderInfo): Promise<CreatedPayment>;
  /** Idempotent: capturing an already captured payment answers its capture again. */
  capture(paymentId: string): Promise<CaptureResult>;
  /**
   * Gives `amountPaise` of a capture back. Idempotent by requestId. Throws AppError 502 PAYMENT_PROVIDER_ERROR
   * when the provider is unavailable (the refund stays pending and is retried), 409 REFUND_REFUSED when it refuses.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Sandbox only: the shopper approves the payment on the sandbox page; answers the payer id (idempotent). */
  approve?(paymentId: string): Promise<{ payerId: string } | null>;
  /** true only when the provider confirms the webhook's signature */
  verifyWebhook?(headers: WebhookHeaders, event: unknown): Promise<boolean>;
}

export const paymentsNotConfigured = () =>
  new AppError(
    503,
    'PAYMENTS_NOT_CONFIGURED',
    'Online payments are not set up on this shop yet, so orders cannot be placed. Please try again later.',
  );

/**
 * Production without PayPal keys and without ALLOW_SANDBOX_PAYMENTS (docs/security.md): nothing can be paid.
 * Order create refuses before any stock is held; a capture of an older sandbox payment is refused too.
 */
export function createUnconfiguredProvider(): PaymentProvider {
  return {
    id: 'none',
    create: () => Promise.reject(paymentsNotConfigured()),
    capture: () => Promise.reject(paymentsNotConfigured()),
    refund: () => Promise.reject(paymentsNotConfigured()),
  };
}
