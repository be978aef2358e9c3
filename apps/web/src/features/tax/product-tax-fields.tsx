/**
 * A product's HSN code and GST rate in the consoles' product form (docs/tax.md, "Products"): a new product gets its
 * category's defaults as soon as the category is chosen (still editable); the server refuses a rate above 0 % from
 * a seller without a GSTIN (409 GSTIN_REQUIRED, shown under the rate).
 */
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CATEGORY_TAX_DEFAULTS, GST_RATES } from '@mp/shared';
import { Input, Select } from '../../components/ui';
import { fieldProps } from '../../lib/form';

const RATE_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }));

interface TaxFieldValues {
  category?: unknown;
  hsn?: unknown;
  gstRate?: unknown;
}

export function ProductTaxFields({ form, editing }: { form: UseFormReturn<never>; editing: boolean }) {
  const f = form as unknown as UseFormReturn<TaxFieldValues>;
  const category = String(f.watch('category') ?? '');
  useEffect(() => {
    const defaults = CATEGORY_TAX_DEFAULTS[category as keyof typeof CATEGORY_TAX_DEFAULTS];
    if (editing || !defaults) return;
    if (!f.getFieldState('hsn').isDirty) f.setValue('hsn', defaults.hsn);
    if (!f.getFieldState('gstRate').isDirty) f.setValue('gstRate', String(defaults.gstRate));
  }, [category, editing, f]);
  return (
    <>
      <Input label="HSN code" required inputMode="numeric" hint="4 to 8 digits" {...fieldProps(f, 'hsn')} />
      <Select label="GST rate" required options={RATE_OPTIONS} {...fieldProps(f, 'gstRate')} />
    </>
  );
}
