/** A table's header row: one column header per name (scope="col"), styled by the table it heads. */
import { cn } from './cn';

export function TableHead({
  columns,
  className,
  cellClassName,
}: {
  columns: readonly string[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className={cn('px-3 py-2', cellClassName)}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
