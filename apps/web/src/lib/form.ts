/**
 * The one form primitive (docs/web.md, "Forms"): react-hook-form validated by the shared zod schema (zodResolver),
 * and the server's field errors (the `errors` of the error envelope, zod's flattenError shape) shown under the same
 * fields. A control is tied to its field with `fieldProps(form, name)`; a form submits with
 * `form.handleSubmit(onValid)`; when the call fails, `showServerErrors(form, error)` puts each field's message
 * under its field and answers whether any field got one (so the caller can skip the generic toast). Figures typed as
 * text are read by `numberText`; a long form is asked in steps with `useFormSteps`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { toApiError } from './api';

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    ...options,
  });
}

/** Puts the server's field errors under the form's fields; true when at least one field got a message. */
export function showServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  err: unknown,
): boolean {
  const fieldErrors = toApiError(err).errors?.fieldErrors ?? {};
  const known = Object.keys(form.getValues());
  let shown = false;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = messages?.[0];
    if (!message || !known.includes(field)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/**
 * The props that tie one control to the form: its registration and its error message. Spread on the field
 * components (`<Input label="City" {...fieldProps(form, 'city')} />`), which wire the label, `aria-invalid` and
 * `aria-describedby` from them.
 */
export function fieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'register' | 'formState'>,
  name: Path<T>,
): UseFormRegisterReturn<Path<T>> & { error?: string } {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return { ...form.register(name), error: error?.message };
}

/**
 * A figure typed as text (rupees "1499.50", a percent) checked by a shared number schema: empty text is no figure
 * (undefined), text that is not a plain figure gets `notAFigure` (when given; else the number schema's own message).
 */
export function numberText<A extends z.ZodType>(figure: A, notAFigure?: string) {
  return z
    .string()
    .transform((text, ctx) => {
      const t = text.trim();
      if (t === '') return undefined;
      if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
      if (notAFigure) {
        ctx.addIssue({ code: 'custom', message: notAFigure });
        return z.NEVER;
      }
      return t;
    })
    .pipe(figure as unknown as z.ZodType<z.output<A>, string | number | undefined>);
}

/** One step of a step form: its title and the fields it asks for (validated by their part of the schema). */
export interface FormStep<T extends FieldValues> {
  title: string;
  fields: readonly Path<T>[];
}

/**
 * A long form asked in steps over one `useZodForm` (docs/web.md, "Step forms"): `next()` checks only the current
 * step's fields and moves on when they are right; `back()` keeps every value; after a refused submit,
 * `showFirstInvalid()` opens the first step holding a field with an error.
 */
export function useFormSteps<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'trigger' | 'getFieldState'>,
  steps: readonly FormStep<T>[],
) {
  const [index, setIndex] = useState(0);
  const last = steps.length - 1;
  const step = steps[index] ?? steps[0]!;
  return {
    index,
    step,
    count: steps.length,
    isLast: index === last,
    goTo: (i: number) => setIndex(Math.max(0, Math.min(i, last))),
    back: () => setIndex((i) => Math.max(0, i - 1)),
    /** true when the step's fields are right (and the form moved on) */
    next: async (): Promise<boolean> => {
      const ok = await form.trigger(step.fields as Path<T>[], { shouldFocus: true });
      if (ok) setIndex((i) => Math.min(i + 1, last));
      return ok;
    },
    showFirstInvalid: () => {
      const i = steps.findIndex((s) => s.fields.some((f) => form.getFieldState(f).error));
      if (i >= 0) setIndex(i);
    },
  };
}
