/**
 * The product form's "Options & variants" section (docs/web.md, "Variants"): up to 3 options (Size, Colour…) with
 * their values, and a grid of every combination with its SKU, price, sale price and stock, all fields of the one
 * product form (lib/form.ts). Changing the options regenerates the grid, keeping what was typed for combinations
 * that stay. Without options the product's own price and stock make its one variant.
 */
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { LIMITS } from '@mp/shared/constants';
import { combinationKey, combinationsOf, type ProductOption } from '@mp/shared/variants';
import { Button, Input } from '../../components/ui';
import { fieldProps } from '../../lib/form';

/** A grid row as the form holds it: figures as typed. */
export interface VariantRowValue {
  id?: string;
  sku?: string;
  optionValues: string[];
  price: unknown;
  salePrice?: unknown;
  stock: unknown;
  stockLoaded?: number;
}

const RUPEES = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;
const COUNT = { type: 'number', inputMode: 'numeric', min: 0, step: '1' } as const;
/** The grid's columns after the combination: each a field of the row's variant. */
const GRID_COLUMNS = [
  { field: 'sku', label: 'SKU', input: {} },
  { field: 'price', label: 'Price', input: RUPEES },
  { field: 'salePrice', label: 'Sale price', input: RUPEES },
  { field: 'stock', label: 'Stock', input: COUNT },
] as const;

const splitValues = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

// the editor reads and writes the product form's options/variants fields by name
type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

export function VariantsEditor({ form }: { form: AnyForm }) {
  const options = (form.watch('options') as ProductOption[] | undefined) ?? [];
  const rows = (form.watch('variants') as VariantRowValue[] | undefined) ?? [];
  const [texts, setTexts] = useState(() => options.map((o) => o.values.join(', ')));
  const field = (name: string) => fieldProps(form, name as Path<FieldValues>);

  const apply = (next: ProductOption[]) => {
    form.setValue('options', next);
    const filled = next.filter((o) => o.values.length);
    if (!filled.length) {
      form.setValue('variants', undefined);
      return;
    }
    const current = (form.getValues('variants') as VariantRowValue[] | undefined) ?? [];
    const byKey = new Map(current.map((v) => [combinationKey(v.optionValues), v]));
    const price: unknown = form.getValues('price') ?? '';
    form.setValue(
      'variants',
      combinationsOf(filled).map(
        (values) =>
          byKey.get(combinationKey(values)) ?? {
            optionValues: values,
            sku: '',
            price,
            salePrice: '',
            stock: '0',
          },
      ),
    );
  };
  const setName = (i: number, name: string) => apply(options.map((o, j) => (j === i ? { ...o, name } : o)));
  const setValues = (i: number, text: string) => {
    setTexts(texts.map((t, j) => (j === i ? text : t)));
    apply(options.map((o, j) => (j === i ? { ...o, values: splitValues(text) } : o)));
  };
  const add = () => {
    setTexts([...texts, '']);
    apply([...options, { name: options.length ? 'Colour' : 'Size', values: [] }]);
  };
  const remove = (i: number) => {
    setTexts(texts.filter((_, j) => j !== i));
    apply(options.filter((_, j) => j !== i));
  };
  const variantsError = (form.formState.errors.variants as { message?: string } | undefined)?.message;

  return (
    <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Options &amp; variants</legend>
      <p className="text-xs text-gray-600">
        Sizes, colours…: each combination gets its own SKU, price and stock. Without options the price and
        stock above are the product&apos;s.
      </p>
      {options.map((o, i) => (
        <div key={i} className="grid items-end gap-2 sm:grid-cols-[10rem_1fr_auto]">
          <Input label={`Option ${i + 1} name`} value={o.name} onChange={(e) => setName(i, e.target.value)} />
          <Input
            label={`${o.name || `Option ${i + 1}`} values`}
            hint="Separated by commas, e.g. S, M, L"
            value={texts[i] ?? ''}
            onChange={(e) => setValues(i, e.target.value)}
          />
          <Button type="button" variant="ghost" onClick={() => remove(i)}>
            Remove {o.name || 'option'}
          </Button>
        </div>
      ))}
      {options.length < LIMITS.productOptionsMax && (
        <Button type="button" variant="outline" onClick={add}>
          Add option
        </Button>
      )}
      {rows.length > 0 && (
        <table className="w-full text-sm" aria-label="Variants">
          <thead>
            <tr className="text-left text-gray-700">
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              <th scope="col">Price (₹)</th>
              <th scope="col">Sale price (₹)</th>
              <th scope="col">Stock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const label = row.optionValues.join(' / ');
              return (
                <tr key={i} className="align-top">
                  <th scope="row" className="py-2 pr-2 font-medium text-gray-900">
                    {label}
                  </th>
                  {GRID_COLUMNS.map((c) => (
                    <td key={c.field} className="pr-2">
                      <Input
                        label={`${c.label} of ${label}`}
                        hideLabel
                        {...c.input}
                        {...field(`variants.${i}.${c.field}`)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {variantsError && (
        <p role="alert" className="text-sm text-red-700">
          {variantsError}
        </p>
      )}
    </fieldset>
  );
}
