/**
 * Why a code does not apply, in the cart's words (docs/money.md, "Coupons"): chosen by the reason (or the refusal's
 * error code), never by reading the server's text. Only the reasons that name something the web does not know (the
 * products a code is for, a start date) take the server's sentence.
 */
import { COUPON_REASON_ERROR, type AppliedCouponDto, type CouponReason } from '@mp/shared/coupons';
import { formatINR } from '@mp/shared/money';
import { toApiError, type ErrorCode } from '../../lib/api';

const TEXT: Record<CouponReason, string> = {
  unknown: 'No such code',
  not_started: 'Not started yet',
  expired: 'Expired',
  paused: 'Paused',
  exhausted: 'All uses are taken',
  already_used: 'Already used',
  first_order_only: 'Only for your first order',
  not_applicable: 'Not for these items',
  below_minimum: 'Add more items to use it',
  limit_reached: 'One platform code and one code per seller',
};

/** The reasons whose server sentence names what the web cannot: which products, from when. */
const NAMED: ReadonlySet<CouponReason> = new Set(['not_applicable', 'not_started', 'limit_reached']);

export function couponReasonText(
  reason: CouponReason,
  missing: number | null | undefined,
  serverText?: string | null,
): string {
  if (reason === 'below_minimum' && missing != null && missing > 0) return `Add ${formatINR(missing)} more`;
  if (NAMED.has(reason) && serverText) return serverText;
  return TEXT[reason];
}

const REASON_OF = new Map<ErrorCode, CouponReason>(
  (Object.entries(COUPON_REASON_ERROR) as [CouponReason, ErrorCode][]).map(([reason, code]) => [
    code,
    reason,
  ]),
);

/** The cart's words for a refused `POST /api/shop/cart/coupon`, or undefined when it is not a coupon refusal. */
export function refusalText(err: unknown): string | undefined {
  const e = toApiError(err);
  const reason = e.code ? REASON_OF.get(e.code) : undefined;
  if (!reason) return undefined;
  const missing = typeof e.details?.missing === 'number' ? e.details.missing : null;
  return couponReasonText(reason, missing, e.message);
}

/** An applied code's line in the cart: its discount, or why it does not apply now. */
export const appliedText = (c: AppliedCouponDto): string =>
  c.applies
    ? `− ${formatINR(c.discount)}`
    : couponReasonText(c.reason ?? 'not_applicable', c.missing, c.message);
