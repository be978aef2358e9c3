import type { PaymentMethod } from '@mp/shared';

/** What a provider needs to know to ask the shopper for the money. Amounts in integer paise. */
export interface PaymentOrderInfo {
  orderId: string;
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  lines: { title: string; unitPricePaise: number; quantity: number }[];
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
  readonly id: PaymentMethod;
  create(order: PaymentOrderInfo): Promise<CreatedPayment>;
  /** Idempotent: capturing an already captured payment answers its capture again. */
  capture(paymentId: string): Promise<CaptureResult>;
  /** true only when the provider confirms the webhook's signature */
  verifyWebhook?(headers: WebhookHeaders, event: unknown): Promise<boolean>;
}
