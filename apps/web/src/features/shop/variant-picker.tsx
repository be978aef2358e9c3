/**
 * The product page's options (docs/web.md, "Variants"): one radio group per option (Size, Colour…), each value a
 * button-like radio; the arrow keys move within a group as with any radio group. A value no variant in stock has
 * together with the other values chosen is disabled.
 */
import { valueInStock, type ProductOption, type VariantDto } from '@mp/shared/variants';
import { cn } from '../../components/ui';

export interface VariantPickerProps {
  productId: string;
  options: ProductOption[];
  variants: VariantDto[];
  /** the chosen value of each option (null: not chosen yet) */
  chosen: (string | null)[];
  onChange: (chosen: (string | null)[]) => void;
}

/** The first variant in stock's values, else nothing chosen: what the page shows first. */
export function firstChoice(options: ProductOption[], variants: VariantDto[]): (string | null)[] {
  const first = variants.find((v) => v.stock > 0);
  return first ? first.optionValues : options.map(() => null);
}

export function VariantPicker({ productId, options, variants, chosen, onChange }: VariantPickerProps) {
  return (
    <div className="space-y-3" data-testid="variant-picker">
      {options.map((option, i) => (
        <fieldset key={option.name}>
          <legend className="mb-1 text-sm font-semibold text-gray-900">
            {option.name}
            {chosen[i] ? <span className="font-normal text-gray-700">: {chosen[i]}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const available = valueInStock(variants, chosen, i, value);
              const id = `opt-${productId}-${i}-${value}`;
              return (
                <span key={value}>
                  <input
                    id={id}
                    type="radio"
                    name={`opt-${productId}-${i}`}
                    value={value}
                    className="peer sr-only"
                    checked={chosen[i] === value}
                    disabled={!available}
                    onChange={() => onChange(chosen.map((c, j) => (j === i ? value : c)))}
                  />
                  <label
                    htmlFor={id}
                    title={available ? undefined : `${value}: out of stock`}
                    className={cn(
                      'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium',
                      'border-gray-300 bg-white text-gray-900 hover:border-brand-600',
                      'peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:ring-2 peer-checked:ring-brand-600',
                      'peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                      'peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:text-gray-400 peer-disabled:line-through',
                    )}
                  >
                    {value}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
