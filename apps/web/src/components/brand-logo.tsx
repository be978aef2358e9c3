import { Link } from 'react-router-dom';
import { cn } from './ui';

/** The marketplace name and mark. */
export function BrandLogo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link
      to={to}
      className={cn('inline-flex items-center gap-2 rounded-md font-bold tracking-tight', className)}
    >
      <span
        aria-hidden
        className="flex h-8 w-8 items-center justify-center rounded-lg bg-accent-500 text-lg font-black text-gray-950"
      >
        H
      </span>
      <span className="text-xl">Haat</span>
    </Link>
  );
}
