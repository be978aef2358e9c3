/**
 * Add/edit address form on the form primitive (lib/form.ts): the shared schema's messages and the server's field
 * errors under the fields; submit stays disabled until all six fields are non-blank (spec section 5).
 */
import { ADDRESS_PLACES } from '@mp/shared/constants';
import { addressInputSchema, type AddressDto, type AddressInput } from '@mp/shared';
import { Button, Input, Select, Textarea } from '../../components/ui';
import { showServerErrors, useZodForm } from '../../lib/form';
import { emptyAddressForm, isAddressFormComplete, type AddressFormValues } from './address-rules';
import type { AddressSaveResult } from './use-address-book';

export const toFormValues = (a: AddressDto): AddressFormValues => ({
  phone: a.phone,
  address: a.address,
  city: a.city,
  pincode: a.pincode,
  notes: a.notes,
  place: a.place,
});

const PLACE_OPTIONS = ADDRESS_PLACES.map((p) => ({
  value: p,
  label: p.charAt(0).toUpperCase() + p.slice(1),
}));

export function AddressForm({
  initial,
  editing,
  onSubmit,
  onCancel,
}: {
  initial?: AddressFormValues;
  editing: boolean;
  /** saves; on success the form resets, on a refusal the server's field errors show under the fields */
  onSubmit: (input: AddressInput) => Promise<AddressSaveResult>;
  onCancel?: () => void;
}) {
  // the place starts blank (the select's placeholder) although the schema only accepts home or work
  const blank = () => emptyAddressForm() as unknown as AddressInput;
  const form = useZodForm(addressInputSchema, (initial as AddressInput | undefined) ?? blank());
  const { errors, isSubmitting: busy } = form.formState;
  const values = form.watch() as unknown as AddressFormValues;

  const submit = form.handleSubmit(async (input) => {
    const saved = await onSubmit(input);
    if (saved.ok) form.reset(blank());
    else if (saved.error) showServerErrors(form, saved.error);
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      aria-label={editing ? 'Edit address' : 'Add a new address'}
    >
      <Textarea
        label="Address"
        required
        {...form.register('address')}
        error={errors.address?.message}
        wrapperClassName="sm:col-span-2"
        rows={2}
      />
      <Input
        label="City"
        required
        {...form.register('city')}
        error={errors.city?.message}
        autoComplete="address-level2"
      />
      <Input
        label="Pincode"
        required
        inputMode="numeric"
        {...form.register('pincode')}
        error={errors.pincode?.message}
        autoComplete="postal-code"
      />
      <Input
        label="Phone"
        required
        type="tel"
        {...form.register('phone')}
        error={errors.phone?.message}
        autoComplete="tel"
      />
      <Select
        label="Place"
        required
        options={PLACE_OPTIONS}
        {...form.register('place')}
        error={errors.place?.message}
      />
      <Textarea
        label="Notes"
        required
        {...form.register('notes')}
        error={errors.notes?.message}
        wrapperClassName="sm:col-span-2"
        rows={2}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={!isAddressFormComplete(values)} loading={busy}>
          {editing ? 'Edit' : 'Add'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
