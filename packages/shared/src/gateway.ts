/**
 * The Indian payment gateway's calls (docs/money.md, "UPI, cards and netbanking"): the browser's signed return
 * and the gateway's webhook event, in Razorpay's field names.
 */
import { z } from 'zod';

const gatewayId = (prefix: string, message: string) =>
  z
    .string({ message })
    .max(100, message)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_-]+$`), message);

/** POST /api/payments/razorpay/verify: what the gateway's checkout hands the browser after a payment */
export const gatewayVerifyInputSchema = z.object({
  razorpay_order_id: gatewayId('order', 'Not a gateway order id'),
  razorpay_payment_id: gatewayId('pay', 'Not a gateway payment id'),
  razorpay_signature: z
    .string({ message: 'The payment signature is missing' })
    .regex(/^[0-9a-f]{64}$/i, 'Not a payment signature'),
});
export type GatewayVerifyInput = z.infer<typeof gatewayVerifyInputSchema>;

/** What the verify call answers: the order and whether it is paid now. */
export const gatewayVerifyAnswerSchema = z.object({
  orderId: z.string(),
  paymentStatus: z.enum(['paid', 'pending']),
});

/** A gateway webhook event (its signature covers the raw body; only these fields are read). */
export const gatewayWebhookEventSchema = z
  .object({
    event: z.string().min(1).max(200),
    payload: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** GET /api/payments/razorpay/checkout/{gatewayOrderId}?method=upi: the page that opens the gateway's checkout */
export const gatewayCheckoutParamsSchema = z.object({
  gatewayOrderId: gatewayId('order', 'Not a gateway order id'),
});
export const gatewayCheckoutQuerySchema = z.object({
  method: z.enum(['upi', 'card', 'netbanking']).default('upi'),
});
