import { useId } from 'react';
import { StarIcon } from '../../components/icons';
import { cn } from '../../components/ui';

/** Read-only stars. */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  return (
    <span className="inline-flex text-amber-500" aria-label={`${value.toFixed(1)} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={value >= n - 0.25} width={size} height={size} />
      ))}
    </span>
  );
}

/** A 1–5 radio group drawn as stars (arrow keys move between stars), with its error line under it. */
export function StarInput({
  value,
  onChange,
  label = 'Your rating',
  error,
}: {
  value: number;
  onChange: (v: number) => void;
  label?: string;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-700">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
            <StarIcon
              filled={value >= n}
              width={28}
              height={28}
              className={cn(value >= n ? 'text-amber-500' : 'text-gray-300')}
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
