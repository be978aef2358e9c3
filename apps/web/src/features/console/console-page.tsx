/** A console page: the tab's title and one section named by the page's heading. */
import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ConsolePage({
  title,
  heading,
  children,
}: {
  /** the tab's title, e.g. "Payouts – Admin" */
  title: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <h1 id={id} className="text-2xl font-bold tracking-tight text-gray-900">
        {heading}
      </h1>
      {children}
    </section>
  );
}

/** A titled part of a console page. */
export function ConsolePart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
