/**
 * A business buyer's GST invoice at checkout (docs/tax.md): optional GSTIN and business name, checked with the
 * shared schema (the server checks them again). `useBusinessInvoice` holds them; `valid()` answers what to send,
 * or false (and shows why) when the box is ticked and a field is wrong.
 */
import { useState } from 'react';
import { gstinProblem } from '@mp/shared';
import { Checkbox, Input } from '../../components/ui';

export interface BusinessInvoice {
  buyerGstin: string;
  buyerBusinessName: string;
}

export function useBusinessInvoice() {
  const [on, setOn] = useState(false);
  const [gstin, setGstin] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ gstin?: string; name?: string }>({});
  const valid = (): BusinessInvoice | undefined | false => {
    if (!on) return undefined;
    const g = gstin.trim().toUpperCase();
    const next = {
      ...(gstinProblem(g) ? { gstin: gstinProblem(g)! } : {}),
      ...(name.trim().length < 2 ? { name: 'Enter the business name of this GSTIN' } : {}),
    };
    setErrors(next);
    return Object.keys(next).length ? false : { buyerGstin: g, buyerBusinessName: name.trim() };
  };
  const fields = (
    <fieldset className="rounded-lg border border-gray-200 p-4">
      <legend className="sr-only">GST invoice for a business</legend>
      <Checkbox
        label="I need a GST invoice for my business"
        className="font-medium"
        boxClassName="h-4 w-4 accent-brand-600"
        checked={on}
        onChange={setOn}
      />
      {on && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Input
            label="GSTIN"
            value={gstin}
            onChange={(e) => setGstin(e.target.value)}
            error={errors.gstin}
            autoCapitalize="characters"
          />
          <Input
            label="Business name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
        </div>
      )}
    </fieldset>
  );
  return { fields, valid };
}
