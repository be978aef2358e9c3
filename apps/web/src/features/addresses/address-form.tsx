/**
 * Add/edit address form on the form primitive (lib/form.ts): the shared schema's messages and the server's field
 * errors under the fields, each shown as soon as the shopper leaves the field; submit stays disabled until every
 * required field is filled (landmark and notes are optional). A refused submit brings the first invalid field to
 * the middle of the screen, clear of the sticky shop header (docs/orders-and-stock.md, "Delivery addresses").
 */
import { useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { ADDRESS_PLACES, INDIAN_STATES } from '@mp/shared/constants';
import { addressFormSchema, type AddressDto, type AddressInput } from '@mp/shared';
import { Button, Input, Select, Textarea } from '../../components/ui';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { emptyAddressForm, isAddressFormComplete, type AddressFormValues } from './address-rules';
import type { AddressSaveResult } from './use-address-book';

export const toFormValues = (a: AddressDto): AddressFormValues => ({
  recipientName: a.recipientName,
  phone: a.phone,
  address: a.address,
  landmark: a.landmark,
  city: a.city,
  // a state written before the list was kept is asked again
  state: (INDIAN_STATES as readonly string[]).includes(a.state ?? '') ? a.state! : '',
  pincode: a.pincode,
  notes: a.notes,
  place: a.place,
});

const PLACE_OPTIONS = ADDRESS_PLACES.map((p) => ({
  value: p,
  label: p.charAt(0).toUpperCase() + p.slice(1),
}));
const STATE_OPTIONS = INDIAN_STATES.map((s) => ({ value: s, label: s }));

/** The first field (in the form's order) with an error, brought to the middle of the screen. */
function showFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = Array.from(form?.elements ?? []).find(
    (e): e is HTMLElement =>
      e instanceof HTMLElement && 'name' in e && (e as HTMLInputElement).name in errors,
  );
  first?.focus({ preventScroll: true });
  first?.scrollIntoView?.({ block: 'center' });
}

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
  // errors show when a field is left (onTouched), then follow the typing; the form moves focus itself (below)
  const form = useZodForm(addressFormSchema, (initial as AddressInput | undefined) ?? blank(), {
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const busy = form.formState.isSubmitting;
  const values = form.watch() as unknown as AddressFormValues;
  const ref = useRef<HTMLFormElement>(null);

  const submit = form.handleSubmit(
    async (input) => {
      const saved = await onSubmit(input);
      if (saved.ok) form.reset(blank());
      else if (saved.error && showServerErrors(form, saved.error))
        showFirstInvalid(ref.current, form.formState.errors);
    },
    (invalid) => showFirstInvalid(ref.current, invalid),
  );

  return (
    <form
      ref={ref}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      aria-label={editing ? 'Edit address' : 'Add a new address'}
    >
      <Input label="Recipient name" required {...fieldProps(form, 'recipientName')} autoComplete="name" />
      <Textarea
        label="Address"
        required
        {...fieldProps(form, 'address')}
        wrapperClassName="sm:col-span-2"
        rows={2}
      />
      <Input label="Landmark" hint="Optional" {...fieldProps(form, 'landmark')} />
      <Input label="City" required {...fieldProps(form, 'city')} autoComplete="address-level2" />
      <Select
        label="State"
        required
        options={STATE_OPTIONS}
        {...fieldProps(form, 'state')}
        autoComplete="address-level1"
      />
      <Input
        label="Pincode"
        required
        inputMode="numeric"
        {...fieldProps(form, 'pincode')}
        autoComplete="postal-code"
      />
      <Input label="Phone" required type="tel" {...fieldProps(form, 'phone')} autoComplete="tel" />
      <Select label="Place" required options={PLACE_OPTIONS} {...fieldProps(form, 'place')} />
      <Textarea
        label="Notes"
        hint="Optional"
        {...fieldProps(form, 'notes')}
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
