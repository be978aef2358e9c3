import { describe, expect, it } from 'vitest';
import { addressLimitWarning, emptyAddressForm, isAddressFormComplete } from './address-rules';

describe('address form rules', () => {
  const full = {
    recipientName: 'Asha Rao',
    phone: '9876543210',
    address: '12 MG Road',
    landmark: '',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    notes: '',
    place: 'home',
  };

  it('when every required field is filled, then the form can be submitted (landmark and notes may stay blank)', () => {
    expect(isAddressFormComplete(full)).toBe(true);
  });

  it.each(['recipientName', 'phone', 'address', 'city', 'state', 'pincode', 'place'] as const)(
    'when %s is blank or whitespace, then submit stays disabled',
    (k) => {
      expect(isAddressFormComplete({ ...full, [k]: '   ' })).toBe(false);
    },
  );

  it('when the form is new, then it cannot be submitted', () => {
    expect(isAddressFormComplete(emptyAddressForm())).toBe(false);
  });

  it('when 3 addresses exist, then adding warns with the corrected message but editing is allowed', () => {
    expect(addressLimitWarning(2, false)).toBeNull();
    expect(addressLimitWarning(3, false)).toBe('You can add maximum 3 addresses');
    expect(addressLimitWarning(3, true)).toBeNull();
  });
});
