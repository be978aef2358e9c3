/** Cash on delivery's calls (docs/money.md, "Cash on delivery"). */
import { z } from 'zod';
import { uuidOf } from './api';

/** POST /api/shop/order/cod/confirm */
export const codConfirmInputSchema = z.object({
  orderId: uuidOf('Not an order id'),
  otp: z.string({ message: 'Enter the 6-digit code' }).regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type CodConfirmInput = z.infer<typeof codConfirmInputSchema>;

/** GET and PUT /api/seller/cod: whether the seller takes cash on delivery */
export const sellerCodSettingsSchema = z.object({
  acceptsCod: z.boolean({ message: 'acceptsCod must be true or false' }),
});

/** The largest remittance file taken (bytes). */
export const COD_REMITTANCE_MAX_BYTES = 1_000_000;

/** POST /api/admin/cod/remittances: the courier's remittance file, `awb,amount,date,reference` (amount in rupees) */
export const codRemittancesInputSchema = z.object({
  csv: z
    .string({ message: 'Attach the remittance CSV' })
    .min(1, 'Attach the remittance CSV')
    .max(COD_REMITTANCE_MAX_BYTES, 'The file is too large'),
});

export const COD_REMITTANCE_OUTCOMES = [
  'matched',
  'amount_mismatch',
  'unknown',
  'duplicate',
  'invalid',
] as const;
export const codRemittanceRowSchema = z.object({
  line: z.number().int(),
  awb: z.string(),
  outcome: z.enum(COD_REMITTANCE_OUTCOMES),
  message: z.string(),
});
