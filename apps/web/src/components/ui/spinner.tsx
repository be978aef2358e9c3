import { cn } from './cn';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** screen-reader text; omit when the spinner sits inside a labelled control */
  label?: string;
}

const SIZES = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' } as const;

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden
        className={cn('animate-spin rounded-full border-current border-t-transparent', SIZES[size])}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
