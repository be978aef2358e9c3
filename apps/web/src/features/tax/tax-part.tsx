/** A titled part of a Tax page. */
import type { ReactNode } from 'react';
import { Button } from '../../components/ui';

export function TaxPart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Previous / next over the pages of a list (nothing when it fits on one). */
export function Pager({
  page,
  pages,
  setPage,
}: {
  page: number;
  pages: number;
  setPage: (p: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}
