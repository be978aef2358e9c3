import type { ReactNode } from 'react';

/** A titled, bordered block of a details view (order, seller). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 p-4">
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-gray-700">{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs as a definition list. */
export function DetailRows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-600">{k}</dt>
          <dd className="break-all font-medium text-gray-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
