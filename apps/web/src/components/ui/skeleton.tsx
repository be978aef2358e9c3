import { Fragment, type ReactNode } from 'react';
import { cn } from './cn';

/** A grey pulsing placeholder block; size it with classes (h-4 w-32...). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-gray-200', className)} />;
}

/** A stack or row of placeholders in one box: one per size (`h-4 w-32`...), in order. */
export function Skeletons({ className, sizes }: { className?: string; sizes: readonly string[] }) {
  return (
    <div className={className}>
      {sizes.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}

/** Wrap skeletons so screen readers hear one "Loading…" instead of nothing; `repeat` draws the children n times. */
export function LoadingRegion({
  label = 'Loading…',
  children,
  className,
  repeat = 1,
}: {
  label?: string;
  children: ReactNode;
  className?: string;
  repeat?: number;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {repeat === 1
        ? children
        : Array.from({ length: repeat }, (_, i) => <Fragment key={i}>{children}</Fragment>)}
    </div>
  );
}
