/** Add/edit address form: submit stays disabled until all six fields are non-blank (spec section 5). */
import { useState, type FormEvent } from 'react';
import { ADDRESS_PLACES } from '@mp/shared/constants';
import { addressInputSchema, type AddressDto, type AddressInput } from '@mp/shared';
import { Button, Input, Select, Textarea } from '../../components/ui';
import { emptyAddressForm, isAddressFormComplete, type AddressFormValues } from './address-rules';

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
  /** resolves true when saved (the form then resets) */
  onSubmit: (input: AddressInput) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<AddressFormValues>(initial ?? emptyAddressForm());
  const [errors, setErrors] = useState<Partial<Record<keyof AddressFormValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof AddressFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = addressInputSchema.safeParse(values);
    if (!parsed.success) {
      const fe: Partial<Record<keyof AddressFormValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof AddressFormValues;
        fe[k] ??= issue.message;
      }
      setErrors(fe);
      return;
    }
    setErrors({});
    setBusy(true);
    const ok = await onSubmit(parsed.data);
    setBusy(false);
    if (ok) setValues(emptyAddressForm());
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      aria-label={editing ? 'Edit address' : 'Add a new address'}
    >
      <Textarea
        label="Address"
        required
        value={values.address}
        onChange={set('address')}
        error={errors.address}
        wrapperClassName="sm:col-span-2"
        rows={2}
      />
      <Input
        label="City"
        required
        value={values.city}
        onChange={set('city')}
        error={errors.city}
        autoComplete="address-level2"
      />
      <Input
        label="Pincode"
        required
        inputMode="numeric"
        value={values.pincode}
        onChange={set('pincode')}
        error={errors.pincode}
        autoComplete="postal-code"
      />
      <Input
        label="Phone"
        required
        type="tel"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        autoComplete="tel"
      />
      <Select
        label="Place"
        required
        options={PLACE_OPTIONS}
        value={values.place}
        onChange={set('place')}
        error={errors.place}
      />
      <Textarea
        label="Notes"
        required
        value={values.notes}
        onChange={set('notes')}
        error={errors.notes}
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
