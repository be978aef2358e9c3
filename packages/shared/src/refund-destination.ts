/**
 * Where a cash-on-delivery return is refunded (docs/money.md, "Refunds of cash-on-delivery returns"): a UPI id or a
 * bank account the shopper gives. The formats are checked here, once, for the API and the web; whether the account
 * exists is the payout gateway's to say (its fund-account validation), at request time.
 */
import { z } from 'zod';

/** a UPI id: `name@handle` (letters, digits, `.`, `-`, `_` before the `@`; a bank handle of letters after it) */
export const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** an IFSC: four letters (the bank), a zero, six letters or digits (the branch) */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** a bank account number: 9 to 18 digits */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

export const refundToUpiSchema = z.object({
  kind: z.literal('upi'),
  vpa: z
    .string()
    .trim()
    .regex(VPA_PATTERN, 'Enter a UPI id like name@bank')
    .meta({ description: 'the UPI id (VPA), e.g. asha@okaxis' }),
});

export const refundToBankSchema = z.object({
  kind: z.literal('bank'),
  accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'An account number has 9 to 18 digits'),
  ifsc: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z.string().regex(IFSC_PATTERN, 'An IFSC is 4 letters, a 0 and 6 letters or digits (e.g. HDFC0001234)'),
    ),
  name: z.string().trim().min(2, "Enter the account holder's name").max(120),
});

/** A cash-on-delivery return's refund destination (the shopper's, given with the request). */
export const refundDestinationSchema = z
  .discriminatedUnion('kind', [refundToUpiSchema, refundToBankSchema])
  .meta({ id: 'RefundDestination' });
export type RefundDestination = z.infer<typeof refundDestinationSchema>;

/** Error code of a destination the payout gateway says is not a live account (422). */
export const REFUND_DESTINATION_INVALID = 'REFUND_DESTINATION_INVALID' as const;

/** What the shopper and the admin see of a destination: never the whole account number. */
export function maskedDestination(d: RefundDestination): string {
  if (d.kind === 'upi') return d.vpa;
  return `A/c ••••${d.accountNumber.slice(-4)} (${d.ifsc})`;
}

/** A refund payout's life (docs/money.md): queued → processing → processed, or failed / reversed for the admin. */
export const REFUND_PAYOUT_STATES = ['queued', 'processing', 'processed', 'failed'] as const;
export type RefundPayoutState = (typeof REFUND_PAYOUT_STATES)[number];

export const refundPayoutDtoSchema = z
  .object({
    state: z.enum(REFUND_PAYOUT_STATES),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'RefundPayout' });
export type RefundPayoutDto = z.infer<typeof refundPayoutDtoSchema>;
