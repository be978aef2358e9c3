/** The admin's approval select: only approved or rejected (spec section 4), then submit. Resets after success. */
import { useState, type FormEvent } from 'react';
import { SELLER_DECISIONS, type SellerDecision } from '@mp/shared';
import { Button, Select, statusLabel } from '../../../components/ui';

const OPTIONS = SELLER_DECISIONS.map((s) => ({ value: s, label: statusLabel(s) }));
const isDecision = (v: string): v is SellerDecision => (SELLER_DECISIONS as readonly string[]).includes(v);

export interface SellerStatusFormProps {
  /** resolves true on success (the form then resets) */
  onSubmit: (decision: SellerDecision) => Promise<boolean>;
}

export function SellerStatusForm({ onSubmit }: SellerStatusFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isDecision(value)) {
      setError('Seller status must be approved or rejected');
      return;
    }
    setSaving(true);
    try {
      if (await onSubmit(value)) setValue('');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Select
        label="Seller Status"
        name="approvalstatus"
        required
        options={OPTIONS}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        error={error}
        wrapperClassName="flex-1"
      />
      <Button type="submit" loading={saving} className="sm:mt-6">
        Submit
      </Button>
    </form>
  );
}
