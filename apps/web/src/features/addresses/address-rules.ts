/** Address form rules of spec section 5 (with the decisions.md limit of 3). */
import { LIMITS, MESSAGES } from '@mp/shared/constants';

export interface AddressFormValues {
  phone: string;
  address: string;
  city: string;
  pincode: string;
  notes: string;
  place: string;
}

export const emptyAddressForm = (): AddressFormValues => ({
  phone: '',
  address: '',
  city: '',
  pincode: '',
  notes: '',
  place: '',
});

const REQUIRED: (keyof AddressFormValues)[] = ['phone', 'address', 'city', 'pincode', 'notes', 'place'];

/** The submit button stays disabled unless every one of the six fields is non-blank. */
export const isAddressFormComplete = (v: AddressFormValues): boolean =>
  REQUIRED.every((k) => v[k].trim() !== '');

/** Adding when the limit is reached is blocked with a warning; editing an existing address is always allowed. */
export function addressLimitWarning(existingCount: number, editing: boolean): string | null {
  if (editing) return null;
  return existingCount >= LIMITS.maxAddresses ? MESSAGES.addressLimit : null;
}
