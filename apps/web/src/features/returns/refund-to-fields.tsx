/**
 * Where a cash-on-delivery refund is paid (docs/money.md, "Refunds of cash-on-delivery returns"): a UPI id or a bank
 * account, in the return request and again after a payout failed. The gateway's refusals go under their field.
 */
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { refundToInputSchema } from '@mp/shared';
import { Input } from '../../components/ui';
import { toApiError } from '../../lib/api';
import { fieldProps } from '../../lib/form';

type WithRefundTo = { refundTo?: z.input<typeof refundToInputSchema> };

/** An empty destination to start from (UPI first). */
export const NO_REFUND_TO = {
  kind: 'upi',
  vpa: '',
  accountNumber: '',
  ifsc: '',
  name: '',
} as unknown as z.input<typeof refundToInputSchema>;

// any form holding `refundTo` (the request's, or the change's): its fields are read at that path only
const narrowed = <T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>) =>
  form as unknown as UseFormReturn<WithRefundTo, unknown, unknown>;

export function RefundToFields<T extends FieldValues & WithRefundTo>({
  form: anyForm,
  legend,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  legend: string;
}) {
  const form = narrowed(anyForm);
  const kind = useWatch({ control: form.control, name: 'refundTo.kind' });
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-900">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="upi" {...form.register('refundTo.kind')} /> UPI
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="bank" {...form.register('refundTo.kind')} /> Bank account
        </label>
      </div>
      {kind === 'bank' ? (
        <>
          <Input label="Account holder's name" required {...fieldProps(form, 'refundTo.name')} />
          <Input
            label="Account number"
            inputMode="numeric"
            required
            {...fieldProps(form, 'refundTo.accountNumber')}
          />
          <Input label="IFSC" required {...fieldProps(form, 'refundTo.ifsc')} />
        </>
      ) : (
        <Input label="UPI id" placeholder="name@bank" required {...fieldProps(form, 'refundTo.vpa')} />
      )}
    </fieldset>
  );
}

/**
 * A refusal of the destination (missing, or not a live account by the payout gateway) put under its field; false
 * for any other refusal.
 */
export function showRefundToRefusal<T extends FieldValues & WithRefundTo>(
  anyForm: UseFormReturn<T, unknown, unknown>,
  error: unknown,
): boolean {
  const form = narrowed(anyForm);
  const code = toApiError(error).code;
  if (code !== 'REFUND_DESTINATION_REQUIRED' && code !== 'REFUND_DESTINATION_INVALID') return false;
  const bank = form.getValues('refundTo.kind') === 'bank';
  const message =
    code === 'REFUND_DESTINATION_REQUIRED'
      ? 'Give a UPI id or a bank account for the refund'
      : bank
        ? 'This bank account could not be verified; check the number and the IFSC'
        : 'This UPI id could not be verified; check it';
  form.setError(bank ? 'refundTo.accountNumber' : 'refundTo.vpa', { message }, { shouldFocus: true });
  return true;
}
