/** A table's header row: one column header per name (scope="col"), styled by the table it heads. */
import { cn } from './cn';

/** a header's text, or the text with classes of its own; `srOnly` headers are read by screen readers only */
export type TableHeadColumn = string | { label: string; className?: string; srOnly?: boolean };

export function TableHead({
  columns,
  className,
  cellClassName,
  cellPadding = 'px-3 py-2',
}: {
  columns: readonly TableHeadColumn[];
  className?: string;
  cellClassName?: string;
  /** the header cells' padding (and any other classes every header cell starts with) */
  cellPadding?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const c = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={c.label} scope="col" className={cn(cellPadding, cellClassName, c.className)}>
              {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
