import { z } from 'zod';
import { BUSINESS_TYPES, SELLER_APPROVAL_STATUSES, SELLER_DECISIONS } from './constants';
import { emptyToUndefined, imageUrlSchema, text } from './api';
import { emailSchema, passwordSchema, phoneSchema, usernameSchema } from './auth';

/** POST /api/auth/seller/register-seller: the seller fields plus the uploaded document URL. */
export const sellerRegisterInputSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  storename: text('Store name', 100),
  gstno: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{15}$/, 'GST number must be 15 letters or digits')
      .optional(),
  ),
  address: text('Address', 300),
  businesstype: z.enum(BUSINESS_TYPES, { message: 'Business type must be Individual or Company' }),
  bankaccount: z
    .string({ message: 'Bank account is required' })
    .trim()
    .regex(/^[0-9]{6,20}$/, 'Bank account must be 6 to 20 digits'),
  ifsccode: z
    .string({ message: 'IFSC code is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'Enter a valid IFSC code (e.g. SBIN0001234)'),
  /** The uploaded document/image URL. The registration form has always called the field image. */
  image: imageUrlSchema,
});
export type SellerRegisterInput = z.infer<typeof sellerRegisterInputSchema>;

/** PUT /api/auth/sellerlist/update/{id}: only approved or rejected; isapproved follows approvalstatus. */
export const sellerDecisionInputSchema = z.object({
  approvalstatus: z.enum(SELLER_DECISIONS, { message: 'Seller status must be approved or rejected' }),
  isapproved: z.boolean().optional(),
});

export const sellerDtoSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    createdAt: z.string(),
    approvalstatus: z.enum(SELLER_APPROVAL_STATUSES),
    isapproved: z.boolean(),
    storename: z.string(),
    businesstype: z.enum(BUSINESS_TYPES),
    gstno: z.string().nullable(),
    document: z.string(),
    address: z.string(),
    bankaccount: z.string(),
    ifsccode: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'Seller', description: "A seller's store record with its user's name, e-mail and phone." });
export type SellerDto = z.infer<typeof sellerDtoSchema>;

export const sellerInfoQuerySchema = z.object({ email: emailSchema });
