/**
 * The admin's return policy per category (docs/money.md, "Return window"): each category's window in days from
 * delivery, or not returnable (an empty field or 0). A change applies to orders placed from then on; lines already
 * sold keep theirs. Field errors from the server show on the field.
 */
import { useState } from 'react';
import { z } from 'zod';
import { returnPolicyInputSchema, type ReturnPolicyDto } from '@mp/shared';
import { Button, Input, LoadFailed, LoadingRegion, Skeleton } from '../../../components/ui';
import { toApiError } from '../../../lib/api';
import { fieldProps, numberText, showServerErrors, useZodForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useReturnPoliciesQuery, useSetReturnPolicyMutation } from '../../shop/return-policies-api';

const DAYS = 'Enter whole days from 0 to 90, or leave empty for not returnable';
const policyFormSchema = z.object({
  windowDays: numberText(returnPolicyInputSchema.shape.windowDays.unwrap().optional(), DAYS).transform(
    (d) => d ?? null,
  ),
});

function PolicyRow({ policy }: { policy: ReturnPolicyDto }) {
  const [save, { isLoading }] = useSetReturnPolicyMutation();
  const form = useZodForm(policyFormSchema, { windowDays: policy.windowDays?.toString() ?? '' });
  const [saved, setSaved] = useState(policy.policy);
  const submit = form.handleSubmit(async ({ windowDays }) => {
    try {
      const data = await save({ category: policy.category, windowDays }).unwrap();
      setSaved(data.policy);
      toast.success(`${data.label}: ${data.policy}`);
    } catch (err) {
      if (!showServerErrors(form, err)) toast.error(toApiError(err).message);
    }
  });
  return (
    <li className="flex flex-wrap items-end gap-3 border-b border-gray-100 py-3 last:border-0">
      <div className="min-w-[8rem] flex-1">
        <p className="font-medium text-gray-900">{policy.label}</p>
        <p className="text-sm text-gray-600" data-testid={`policy-${policy.category}`}>
          {saved}
        </p>
      </div>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="flex items-end gap-2"
        aria-label={policy.label}
      >
        <Input
          label={`Return window of ${policy.label} (days)`}
          inputMode="numeric"
          wrapperClassName="w-56"
          {...fieldProps(form, 'windowDays')}
        />
        <Button type="submit" size="sm" loading={isLoading}>
          Save
        </Button>
      </form>
    </li>
  );
}

export function ReturnPoliciesForm() {
  const { data, error, isLoading, refetch } = useReturnPoliciesQuery();
  if (isLoading) {
    return (
      <LoadingRegion label="Loading return policies…">
        <Skeleton className="h-40" />
      </LoadingRegion>
    );
  }
  if (error || !data) {
    return (
      <LoadFailed title="Return policies could not be loaded" error={error} onRetry={() => void refetch()} />
    );
  }
  return (
    <ul
      className="rounded-xl border border-gray-200 bg-white px-4 shadow-sm"
      aria-label="Return policy per category"
    >
      {data.map((p) => (
        <PolicyRow key={p.category} policy={p} />
      ))}
    </ul>
  );
}
