/**
 * A product's packed weight and box in the consoles' product form (docs/delivery.md, "Weight and the shipping
 * charge"): optional; left empty, the category's default is used, shown as each field's placeholder. Checked by
 * the shared product schema like every field.
 */
import type { UseFormReturn } from 'react-hook-form';
import { packageFor } from '@mp/shared';
import { Input } from '../../components/ui';
import { fieldProps } from '../../lib/form';

interface PackageFieldValues {
  category?: unknown;
  weightGrams?: unknown;
  lengthCm?: unknown;
  widthCm?: unknown;
  heightCm?: unknown;
}

const WHOLE = { type: 'number', inputMode: 'numeric', min: 1, step: '1' } as const;

/** The form's text of a stored figure: empty for none. */
export const packageValuesOf = (
  p:
    | {
        weightGrams?: number | null;
        lengthCm?: number | null;
        widthCm?: number | null;
        heightCm?: number | null;
      }
    | null
    | undefined,
) => ({
  weightGrams: p?.weightGrams == null ? '' : String(p.weightGrams),
  lengthCm: p?.lengthCm == null ? '' : String(p.lengthCm),
  widthCm: p?.widthCm == null ? '' : String(p.widthCm),
  heightCm: p?.heightCm == null ? '' : String(p.heightCm),
});

export function ProductPackageFields({ form }: { form: UseFormReturn<never> }) {
  const f = form as unknown as UseFormReturn<PackageFieldValues>;
  const d = packageFor(String(f.watch('category') ?? ''), null);
  const hint = 'Optional: the category’s default when empty';
  return (
    <>
      <Input
        label="Weight (g)"
        hint={hint}
        placeholder={String(d.weightGrams)}
        {...WHOLE}
        {...fieldProps(f, 'weightGrams')}
      />
      <div className="grid grid-cols-3 gap-2">
        <Input
          label="Length (cm)"
          placeholder={String(d.lengthCm)}
          {...WHOLE}
          {...fieldProps(f, 'lengthCm')}
        />
        <Input label="Width (cm)" placeholder={String(d.widthCm)} {...WHOLE} {...fieldProps(f, 'widthCm')} />
        <Input
          label="Height (cm)"
          placeholder={String(d.heightCm)}
          {...WHOLE}
          {...fieldProps(f, 'heightCm')}
        />
      </div>
    </>
  );
}
