/** The API envelope (docs/decisions/0003-error-envelope.md) and the error codes both sides switch on. */
import { z } from 'zod';

export const API_ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'SELLER_NOT_APPROVED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_FILE',
  /** 400: a product import file that is not a CSV or lacks required columns (details: `{ missing }`) */
  'INVALID_CSV',
  'IMAGE_TOO_LARGE',
  'RATE_LIMITED',
  'OUT_OF_STOCK',
  'CART_EMPTY',
  'ADDRESS_LIMIT',
  'PAYMENT_FAILED',
  'PAYMENT_PROVIDER_ERROR',
  'OWN_PRODUCT',
  'CHECKOUT_IN_PROGRESS',
  'CHECKOUT_ENDED',
  'INVALID_STATUS_TRANSITION',
  'STALE_STOCK',
  'UPLOAD_QUOTA',
  'UPSTREAM_ERROR',
  'SERVICE_UNAVAILABLE',
  // money (docs/money.md)
  'ALREADY_PAID',
  'ALREADY_CANCELLED',
  'NOT_CANCELLABLE',
  'NOT_REFUNDABLE',
  'REFUND_EXCEEDS_CAPTURED',
  /** cash collected on delivery cannot be refunded through the shop yet */
  'COD_REFUND_UNAVAILABLE',
  'REFUND_REFUSED',
  'ORDER_CANCELLED',
  'AMOUNT_MISMATCH',
  /** a payout over the seller's balance (details: `{ balance }`) */
  'PAYOUT_EXCEEDS_BALANCE',
  /** a payout reference already recorded for this seller with another amount */
  'PAYOUT_REFERENCE_USED',
  'INTERNAL',
  /** 503: the Indian payment gateway is down at checkout; nothing was charged and no stock stays held */
  'PAYMENT_GATEWAY_UNAVAILABLE',
  /** 422: the chosen payment method is not offered here (gateway not configured, order not eligible for COD) */
  'PAYMENT_METHOD_UNAVAILABLE',
  /** 422: cash on delivery refused for this order (details: `{ reasons }`, each a sentence) */
  'COD_NOT_ELIGIBLE',
  /** 422: a wrong or expired one-time code (details: `{ triesLeft }`) */
  'OTP_INVALID',
  /** 400: a gateway webhook or browser return whose signature is not ours */
  'BAD_SIGNATURE',
  /** checkout while no payment provider is configured (production without PayPal keys) */
  'PAYMENTS_NOT_CONFIGURED',
  /** a write sent from another site (Origin / Sec-Fetch-Site) */
  'CROSS_SITE_REQUEST',
  /** a write whose body is not JSON (or multipart where files are uploaded) */
  'UNSUPPORTED_MEDIA_TYPE',
  /** a new password that is too short or too common */
  'WEAK_PASSWORD',
  /** a one-time sign-in link that is unknown, already used or expired */
  'LOGIN_LINK_INVALID',
  /**
   * 422: an unpaid order over the hold limits: too many lines, too many units, or one line over its share of the
   * product's stock (details: `{ limit, ... }`; docs/orders-and-stock.md, "Hold limits")
   */
  'HOLD_LIMIT',
  /**
   * 429: the shopper's holds of a product ended unpaid too often lately; it cannot be held again before
   * `details.retryAt` (an ISO time, also named in the message)
   */
  'HOLD_COOLDOWN',
  /** 409: a brand with the same spelling (case, spaces, punctuation, &/and aside) exists (`details.brandId`) */
  'BRAND_EXISTS',
  /** 404: no approved store at this address (docs/seo-and-email.md, "Store pages") */
  'STORE_NOT_FOUND',
  /** 422: a store logo or banner smaller than its minimum size (details: `{ width, height, min }`) */
  'IMAGE_TOO_SMALL',
  /** 409: a SKU already used by another variant in the same seller's catalogue (details: `{ sku }`) */
  'SKU_TAKEN',
  /** 400: two variants of one product with the same option values (details: `{ optionValues }`) */
  'VARIANT_REPEATED',
  /** 400: a product with options added to the cart or bought without choosing its variant */
  'VARIANT_REQUIRED',
  /** 409: goods taxed above 0 % listed by a seller whose tax profile has no GSTIN (docs/tax.md) */
  'GSTIN_REQUIRED',
  // delivery (docs/delivery.md)
  /** 400: a PIN code that is malformed or unknown to the courier (details: `{ pincode }`) */
  'INVALID_PINCODE',
  /** 422: a seller's items the courier cannot bring to this PIN code (details: `{ pincode, sellerId, storeName }`) */
  'UNSERVICEABLE',
  /** 409: delivered is set by the courier's event (or the shopper's delivery code), never by the seller */
  'DELIVERY_BY_COURIER',
  /** 409: the seller has not set its pickup address and PIN code yet */
  'PICKUP_NOT_SET',
  /** 400: a courier webhook whose signature does not match */
  'INVALID_SIGNATURE',
  /** 422: a wrong delivery code (details: `{ triesLeft }`) */
  'DELIVERY_CODE_WRONG',
  /** 429: five wrong delivery codes in a row; tried again after an hour (details: `{ retryAfterMinutes }`) */
  'DELIVERY_CODE_LOCKED',
  // coupons (docs/money.md, "Coupons"); details: `{ reason, code, missing? }` (COUPON_REASONS in coupons.ts)
  /** 422: no coupon with this code */
  'COUPON_UNKNOWN',
  /** 422: the code's start is still ahead */
  'COUPON_NOT_STARTED',
  /** 422: the code has ended */
  'COUPON_EXPIRED',
  /** 422: the code is paused */
  'COUPON_PAUSED',
  /** 422: every use of the code is taken; at checkout 409 (the order is not made) */
  'COUPON_EXHAUSTED',
  /** 422: the shopper has used the code as often as allowed */
  'COUPON_ALREADY_USED',
  /** 422: the code is for a first order, and the shopper has ordered before */
  'COUPON_FIRST_ORDER_ONLY',
  /** 422: no item of the cart is covered by the code */
  'COUPON_NOT_APPLICABLE',
  /** 422: the covered items are worth less than the minimum (details.missing: rupees) */
  'COUPON_BELOW_MINIMUM',
  /** 409: one platform code and one code per seller at most */
  'COUPON_LIMIT_REACHED',
  /** 409: a code stopped applying (or its use was taken) since the shopper saw the total; no order was made (details: `{ total }`) */
  'COUPON_PRICE_CHANGED',
  /** 409: a coupon with this code exists (codes are unique whatever their case) */
  'COUPON_CODE_TAKEN',
  /** 422: the payout gateway says the UPI id or bank account given for a COD return's refund is not a live one */
  'REFUND_DESTINATION_INVALID',
  /** 503: refunds of cash-on-delivery returns are off (no payout account configured) */
  'COD_RETURNS_UNAVAILABLE',
  // returns (docs/returns.md)
  /** 409: the line's return window has closed (details: `{ lineId, windowEndsAt }`) */
  'RETURN_WINDOW_CLOSED',
  /** 409: the line was sold as not returnable (details: `{ lineId }`) */
  'NOT_RETURNABLE',
  /** 409: the line has not been delivered (details: `{ lineId }`) */
  'NOT_DELIVERED',
  /** 409: more units than delivered minus those returned or being returned (details: `{ lineId, returnable }`) */
  'RETURN_QUANTITY_EXCEEDED',
  /** 409: this step is not allowed in the return's state (details: `{ state }`) */
  'RETURN_STATE_CONFLICT',
  /** 422: a cash-on-delivery order's return needs `refundTo` (a UPI id or a bank account) */
  'REFUND_DESTINATION_REQUIRED',
  /** 422: a prepaid order is refunded to the way it was paid; `refundTo` is refused */
  'REFUND_DESTINATION_NOT_ALLOWED',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const fieldErrorsSchema = z
  .object({
    formErrors: z.array(z.string()),
    fieldErrors: z.record(z.string(), z.array(z.string()).optional()),
  })
  .meta({ id: 'FieldErrors', description: 'Messages per input field (zod flattenError shape).' });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Every 4xx/5xx answer of the API: the web switches on `code`, never on the message text. */
export const apiErrorBodySchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.enum(API_ERROR_CODES),
    errors: fieldErrorsSchema.optional(),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'facts the caller can act on, per code (e.g. STALE_STOCK: `{ currentStock }`)' }),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The error envelope of every failed call.' });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const paginationSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** A uuid in lower case, whatever case it was sent in: ids are compared as strings. */
export const uuidOf = (message: string) => z.uuid({ message }).transform((v) => v.toLowerCase());
export const idSchema = uuidOf('Must be a valid id');
/** Whether a string is an id as the API accepts one (idSchema): test it before it reaches a uuid column. */
export const isId = (value: unknown): value is string => idSchema.safeParse(value).success;
export const idParamsSchema = z.object({ id: idSchema });

/** Trimmed non-empty string of bounded length. */
export const text = (label: string, max = 200) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Either an http(s) URL or a path served by this server under /uploads/. */
export const imageUrlSchema = z
  .string({ message: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2048)
  .refine(
    (v) => /^https?:\/\/\S+$/i.test(v) || (/^\/uploads\/[\w./-]+$/.test(v) && !/(^|\/)\.\.?(\/|$)/.test(v)),
    'Image must be a URL',
  );

/** Empty strings from HTML forms count as "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
