/** Seller registration in steps (docs/web.md, "Step forms"): the steps with their fields, and the upload guard. */
import type { SellerRegisterInput } from '@mp/shared';
import type { FormStep } from '../../lib/form';

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

/** Each step is checked by its fields' part of the shared schema before the next; the last one reviews all. */
export const SELLER_STEPS = [
  { title: 'Personal Details', fields: ['username', 'email', 'phone', 'password'] },
  { title: 'Business Details', fields: ['storename', 'gstno', 'businesstype', 'address'] },
  { title: 'Bank Details and Document', fields: ['bankaccount', 'ifsccode', 'image'] },
  { title: 'Review', fields: [] },
] as const satisfies readonly FormStep<SellerForm>[];

/** Submit is blocked while an upload runs, and without an uploaded document (docs/web.md). */
export function submitBlockedMessage(s: { uploading: boolean; image: string }): string | null {
  if (s.uploading) return 'Please wait for image upload to complete.';
  if (!s.image) return 'Please upload a document/image first.';
  return null;
}
