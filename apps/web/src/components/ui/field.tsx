/** Labelled form controls with an error line. Every input gets a <label>; errors are tied with aria-describedby. */
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ' +
  'disabled:bg-gray-100 disabled:text-gray-500 read-only:bg-gray-50';

interface FieldBase {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** visually hide the label (still read by screen readers) */
  hideLabel?: boolean;
  wrapperClassName?: string;
}

function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  hideLabel,
  wrapperClassName,
  children,
}: FieldBase & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1', wrapperClassName)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-gray-700', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The one wiring of a control to its field: its id (given or generated), the shell's label/hint/error, and the
 * control's aria-invalid, aria-describedby and border. Every control below is built on it.
 */
function useField<P extends FieldBase & { id?: string; className?: string; required?: boolean }>(props: P) {
  const { label, error, hint, hideLabel, wrapperClassName, id, className, ...rest } = props;
  const auto = useId();
  const fid = id ?? auto;
  return {
    shell: { id: fid, label, error, hint, hideLabel, wrapperClassName, required: rest.required },
    control: {
      id: fid,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${fid}-error` : hint ? `${fid}-hint` : undefined,
    },
    border: (extra: string) => cn(CONTROL, extra, error ? 'border-red-500' : 'border-gray-300', className),
    rest,
  };
}

export type InputProps = FieldBase & InputHTMLAttributes<HTMLInputElement>;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(props, ref) {
  const { shell, control, border, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <input ref={ref} {...control} className={border('h-10')} {...rest} />
    </FieldShell>
  );
});

export interface SelectOption {
  value: string;
  label: string;
}
export type SelectProps = FieldBase &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly SelectOption[];
    /** placeholder text; defaults to '--- Select {label} ---' when label is a string */
    placeholder?: string | false;
  };

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, placeholder, ...props },
  ref,
) {
  const { shell, control, border, rest } = useField(props);
  const ph =
    placeholder === false
      ? null
      : (placeholder ?? (typeof props.label === 'string' ? `--- Select ${props.label} ---` : null));
  return (
    <FieldShell {...shell}>
      <select ref={ref} {...control} className={border('h-10 pr-8')} {...rest}>
        {ph && <option value="">{ph}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});

export type TextareaProps = FieldBase & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { rows = 3, ...props },
  ref,
) {
  const { shell, control, border, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <textarea ref={ref} rows={rows} {...control} className={border('py-2')} {...rest} />
    </FieldShell>
  );
});

/** A checkbox with its words beside it, inside one label (a click on the words ticks it). */
export function Checkbox({
  label,
  checked,
  onChange,
  className,
  boxClassName = 'h-4 w-4',
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** the label's classes beyond a row of box and words */
  className?: string;
  boxClassName?: string;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-sm text-gray-900', className)}>
      <input
        type="checkbox"
        className={boxClassName}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
