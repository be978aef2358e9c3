import { Spinner } from '../../components/ui';

/** Shown while a console page's code loads. */
export function ConsolePageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-600">
      <Spinner size="lg" label="Loading…" />
    </div>
  );
}
