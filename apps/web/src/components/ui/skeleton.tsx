import { Fragment, type ReactNode } from 'react';
import { cn } from './cn';

/** A grey pulsing placeholder block; size it with classes (h-4 w-32...). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-gray-200', className)} />;
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
