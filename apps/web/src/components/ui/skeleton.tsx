import type { ReactNode } from 'react';
import { cn } from './cn';

/** A grey pulsing placeholder block; size it with classes (h-4 w-32...). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-gray-200', className)} />;
}

/** Wrap skeletons so screen readers hear one "Loading…" instead of nothing. */
export function LoadingRegion({
  label = 'Loading…',
  children,
  className,
}: {
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
