/**
 * A cash-on-delivery return's refund paid out to the shopper's UPI id or bank account (docs/money.md, "Refunds of
 * cash-on-delivery returns"): its states and what the returns' views show of it. The destination's format is the
 * returns contract's `refundToInputSchema` (returns.ts); whether the account exists is the payout gateway's to say.
 */
import { z } from 'zod';

/** A refund payout's life: queued → processing → processed, or failed (refused, failed or reversed) for the admin. */
export const REFUND_PAYOUT_STATES = ['queued', 'processing', 'processed', 'failed'] as const;
export type RefundPayoutState = (typeof REFUND_PAYOUT_STATES)[number];

export const refundPayoutDtoSchema = z
  .object({
    state: z.enum(REFUND_PAYOUT_STATES),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: "why the payout failed or was reversed (the admin's to act on); null otherwise" }),
  })
  .meta({ id: 'RefundPayout' });
export type RefundPayoutDto = z.infer<typeof refundPayoutDtoSchema>;
