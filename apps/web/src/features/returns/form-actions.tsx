/**
 * A return's small forms (contest, decide, reject): the form, what follows its request, and its send and back
 * buttons (44 px high on phones; the send button busy while sending).
 */
import type { FormEvent, ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui';
import { toApiError } from '../../lib/api';
import { showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';

/** The words for a return's refusals that say more than the server's message, by code. */
const RETURN_REFUSALS: Partial<Record<string, string>> = {
  RETURN_STATE_CONFLICT: 'This return has moved on since you opened it; the page now shows where it is.',
  NOT_FOUND: 'This return could not be found.',
};

/** The toast for a refusal, by its code (`words`, a return's by default); else `fallback` and the message. */
export function refusalText(err: unknown, fallback: string, words = RETURN_REFUSALS): string {
  const e = toApiError(err);
  return (e.code && words[e.code]) || `${fallback}: ${e.message}`;
}

/** After a return form's request: `done` and close; refused, the server's field errors, else the refusal's toast. */
function settle<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  { done, refused, onClose }: { done: string; refused: string; onClose: () => void },
) {
  if (!error) {
    toast.success(done);
    onClose();
  } else if (!showServerErrors(form, error)) toast.error(refusalText(error, refused));
}

/** A return's small form: its fields, and `send` on submit, settled as above. */
export function useReturnForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  send: (values: z.output<S>) => Promise<{ error?: unknown }>,
  then: { done: string; refused: string; onClose: () => void },
) {
  const form = useZodForm(schema, defaults);
  const submit = form.handleSubmit(async (values) => settle(form, (await send(values)).error, then));
  return { form, submit };
}

export function ActionForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2" aria-label={label}>
      {children}
    </form>
  );
}

export function FormActions({
  submit,
  back = 'Back',
  danger = false,
  submitting,
  onBack,
}: {
  submit: string;
  back?: string;
  danger?: boolean;
  submitting: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={danger ? 'danger' : 'primary'} className="min-h-11" loading={submitting}>
        {submit}
      </Button>
      <Button variant="outline" className="min-h-11" onClick={onBack}>
        {back}
      </Button>
    </div>
  );
}
