/** Address form rules, with the limit of 3 addresses (docs/web.md, "Addresses"). */
import { LIMITS, MESSAGES } from '@mp/shared/constants';

export interface AddressFormValues {
  recipientName: string;
  phone: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  notes: string;
  place: string;
}

export const emptyAddressForm = (): AddressFormValues => ({
  recipientName: '',
  phone: '',
  address: '',
  landmark: '',
  city: '',
  state: '',
  pincode: '',
  notes: '',
  place: '',
});

/** Landmark and notes are optional (docs/orders-and-stock.md, "Delivery addresses"). */
const REQUIRED: (keyof AddressFormValues)[] = [
  'recipientName',
  'phone',
  'address',
  'city',
  'state',
  'pincode',
  'place',
];

/** The submit button stays disabled unless every required field is non-blank. */
export const isAddressFormComplete = (v: AddressFormValues): boolean =>
  REQUIRED.every((k) => v[k].trim() !== '');

/** Adding when the limit is reached is blocked with a warning; editing an existing address is always allowed. */
export function addressLimitWarning(existingCount: number, editing: boolean): string | null {
  if (editing) return null;
  return existingCount >= LIMITS.maxAddresses ? MESSAGES.addressLimit : null;
}
