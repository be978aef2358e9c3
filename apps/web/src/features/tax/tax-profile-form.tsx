/**
 * The seller's GST registration (docs/tax.md, "Tax profile"): legal name, GSTIN, state and address, checked with
 * the shared schema (a GSTIN's check character and state code) and by the server. Without a GSTIN only goods at
 * 0 % may be listed: the form says so.
 */
import { useState } from 'react';
import { INDIAN_STATES, taxProfileInputSchema, type TaxProfileInput } from '@mp/shared';
import { Button, EmptyState, Input, Select, Spinner, Textarea } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useSaveSellerTaxProfileMutation, useSellerTaxProfileQuery, type TaxProfile } from './tax-api';

const STATE_OPTIONS = INDIAN_STATES.map((s) => ({ value: s, label: s }));

/** The form; `save` sends it (the seller's own call by default, the admin's correction in the Tax page). */
export function ProfileForm({
  profile,
  save,
  label = 'Save tax profile',
}: {
  profile: TaxProfile | null;
  save: (values: TaxProfileInput) => { unwrap: () => Promise<{ message: string }> };
  label?: string;
}) {
  const [isLoading, setLoading] = useState(false);
  const form = useZodForm(taxProfileInputSchema, {
    legalName: profile?.legalName ?? '',
    gstin: profile?.gstin ?? '',
    state: (profile?.state ?? '') as never,
    address: profile?.address ?? '',
  });
  const onValid = form.handleSubmit(async (values) => {
    setLoading(true);
    try {
      const res = await save(values).unwrap();
      toast.success(res.message);
    } catch (err) {
      if (!showServerErrors(form, err)) toast.error(errorMessage(err, 'Could not save the tax profile'));
    } finally {
      setLoading(false);
    }
  });
  return (
    <form onSubmit={onValid} noValidate className="flex max-w-xl flex-col gap-4" aria-label="Tax profile">
      {!profile?.gstin && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Without a GSTIN you can list only goods taxed at 0 %. Add your GSTIN to list taxable goods and issue
          tax invoices.
        </p>
      )}
      <Input label="Legal name" required {...fieldProps(form, 'legalName')} />
      <Input
        label="GSTIN"
        hint="15 characters, e.g. 27AAPFU0939F1ZV; leave empty if not registered"
        autoCapitalize="characters"
        {...fieldProps(form, 'gstin')}
      />
      <Select label="State of registration" required options={STATE_OPTIONS} {...fieldProps(form, 'state')} />
      <Textarea label="Registered address" required rows={3} {...fieldProps(form, 'address')} />
      <div>
        <Button type="submit" loading={isLoading}>
          {label}
        </Button>
      </div>
    </form>
  );
}

export function TaxProfileForm() {
  const profile = useSellerTaxProfileQuery();
  const [save] = useSaveSellerTaxProfileMutation();
  if (profile.isLoading) return <Spinner size="lg" label="Loading…" />;
  if (profile.error) {
    return (
      <EmptyState
        title="The tax profile could not be loaded"
        description={errorMessage(profile.error, 'Please try again.')}
      />
    );
  }
  return <ProfileForm profile={profile.data ?? null} save={save} />;
}
