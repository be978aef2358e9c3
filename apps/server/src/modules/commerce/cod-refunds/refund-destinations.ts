/**
 * Where a cash-on-delivery return is refunded, checked when the return is requested (docs/money.md, "Refunds of
 * cash-on-delivery returns"): the format (packages/shared returns.ts, refundToInputSchema), then the payout gateway's
 * fund-account validation, so a UPI id or account that does not exist is refused before anything is recorded.
 */
import { refundToInputSchema } from '@mp/shared';
import type { Config } from '../../../config/env';
import type { PayoutGateway } from './razorpayx-payouts';

/** Refunds of COD returns need the payout account (RAZORPAYX_ACCOUNT_NUMBER, or the local fake's). */
export const codReturnsAvailable = (config: Pick<Config, 'razorpay'>): boolean =>
  Boolean(config.razorpay?.payoutAccountNumber);

export const COD_RETURNS_UNAVAILABLE = 'COD_RETURNS_UNAVAILABLE' as const;
const REFUND_DESTINATION_INVALID = 'REFUND_DESTINATION_INVALID' as const;

type DestinationRefusal =
  'VALIDATION_FAILED' | typeof COD_RETURNS_UNAVAILABLE | typeof REFUND_DESTINATION_INVALID;

export type DestinationCheck =
  { ok: true; registeredName: string | null } | { ok: false; code: DestinationRefusal; message: string };

/** The shopper's destination: its format, then the gateway's validation (422 codes; the gateway down: 503). */
export async function checkDestination(
  gateway: PayoutGateway | undefined,
  refundTo: unknown,
): Promise<DestinationCheck> {
  const parsed = refundToInputSchema.safeParse(refundTo);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'VALIDATION_FAILED',
      message: parsed.error.issues[0]?.message ?? 'Invalid refund destination',
    };
  }
  if (!gateway) {
    return {
      ok: false,
      code: COD_RETURNS_UNAVAILABLE,
      message: 'Refunds of cash-on-delivery orders are not available right now',
    };
  }
  const d = parsed.data;
  const fundAccountId = await gateway.fundAccount(d, 'refund-check');
  const v = await gateway.validate(fundAccountId);
  if (v.valid) return { ok: true, registeredName: v.registeredName };
  return {
    ok: false,
    code: REFUND_DESTINATION_INVALID,
    message:
      d.kind === 'upi'
        ? `${d.vpa} is not an active UPI id. Please check it and try again.`
        : 'That bank account could not be verified. Please check the account number and IFSC.',
  };
}
