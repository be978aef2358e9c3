/**
 * The admin's approval select: only approved or rejected (spec section 4), then submit. Rejecting asks once more
 * before it is sent (a destructive action). Resets after success.
 */
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
  const [confirming, setConfirming] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isDecision(value)) {
      setError('Seller status must be approved or rejected');
      return;
    }
    if (value === 'rejected' && !confirming) {
      setConfirming(true);
      return;
    }
    setSaving(true);
    try {
      if (await onSubmit(value)) setValue('');
    } finally {
      setSaving(false);
      setConfirming(false);
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
          setConfirming(false);
        }}
        error={error}
        wrapperClassName="flex-1"
      />
      {confirming ? (
        <div role="alert" className="flex flex-col gap-2 sm:mt-6">
          <p className="text-sm text-red-700">Reject this seller? Their store stops selling.</p>
          <div className="flex gap-2">
            <Button type="submit" variant="danger" loading={saving}>
              Reject seller
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={saving}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" loading={saving} className="sm:mt-6">
          Submit
        </Button>
      )}
    </form>
  );
}
