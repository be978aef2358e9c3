/** Seller registration wizard rules: per-step validation with the shared schema, and the upload guard. */
import { sellerRegisterInputSchema, type SellerRegisterInput } from '@mp/shared';

export type SellerForm = Record<keyof SellerRegisterInput, string>;

export const emptySellerForm = (): SellerForm => ({
  username: '',
  email: '',
  phone: '',
  password: '',
  storename: '',
  gstno: '',
  address: '',
  businesstype: '',
  bankaccount: '',
  ifsccode: '',
  image: '',
});

export const SELLER_STEPS = [
  { title: 'Personal Details', fields: ['username', 'email', 'phone', 'password'] },
  { title: 'Business Details', fields: ['storename', 'gstno', 'address', 'businesstype'] },
  { title: 'Bank Details and Document', fields: ['bankaccount', 'ifsccode', 'image'] },
] as const satisfies readonly { title: string; fields: readonly (keyof SellerForm)[] }[];

export type FieldErrors = Partial<Record<keyof SellerForm, string>>;

/** Errors of one step's fields only (the first message per field). */
export function validateStep(values: SellerForm, step: number): FieldErrors {
  const fields = SELLER_STEPS[step]?.fields as readonly string[] | undefined;
  if (!fields) return {};
  const r = sellerRegisterInputSchema.safeParse(values);
  if (r.success) return {};
  const out: FieldErrors = {};
  for (const issue of r.error.issues) {
    const k = String(issue.path[0]) as keyof SellerForm;
    if (fields.includes(k) && !out[k]) out[k] = issue.message;
  }
  return out;
}

/** Submit is blocked while an upload runs, and without an uploaded document (spec section 5). */
export function submitBlockedMessage(s: { uploading: boolean; image: string }): string | null {
  if (s.uploading) return 'Please wait for image upload to complete.';
  if (!s.image) return 'Please upload a document/image first.';
  return null;
}
