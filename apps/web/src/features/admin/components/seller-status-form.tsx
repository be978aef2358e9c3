/**
 * The admin's approval select: only approved or rejected, then submit. Rejecting asks once more
 * before it is sent (a destructive action). Resets after success.
 */
import { useState } from 'react';
import { SELLER_DECISIONS, sellerDecisionInputSchema, type SellerDecision } from '@mp/shared';
import { Button, Select, statusLabel } from '../../../components/ui';
import { fieldProps, useZodForm } from '../../../lib/form';

const OPTIONS = SELLER_DECISIONS.map((s) => ({ value: s, label: statusLabel(s) }));
const decisionFormSchema = sellerDecisionInputSchema.pick({ approvalstatus: true });

export interface SellerStatusFormProps {
  /** resolves true on success (the form then resets) */
  onSubmit: (decision: SellerDecision) => Promise<boolean>;
}

export function SellerStatusForm({ onSubmit }: SellerStatusFormProps) {
  const form = useZodForm(decisionFormSchema, { approvalstatus: '' as SellerDecision });
  const saving = form.formState.isSubmitting;
  const [confirming, setConfirming] = useState(false);
  const status = form.register('approvalstatus');

  const submit = form.handleSubmit(async ({ approvalstatus }) => {
    if (approvalstatus === 'rejected' && !confirming) {
      setConfirming(true);
      return;
    }
    try {
      if (await onSubmit(approvalstatus)) form.reset();
    } finally {
      setConfirming(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Select
        label="Seller Status"
        required
        options={OPTIONS}
        {...fieldProps(form, 'approvalstatus')}
        onChange={(e) => {
          setConfirming(false);
          return status.onChange(e);
        }}
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
