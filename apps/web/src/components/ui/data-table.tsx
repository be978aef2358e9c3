/**
 * A table drawn from data: one header per column (scope="col"), one row per item, each cell drawn by its column;
 * with `cards`, below the md breakpoint each item is a card in a list instead. The consoles' lists (orders,
 * sellers, brands, payouts, the seller's statement) share it so their markup stays one shape.
 */
import type { ReactNode } from 'react';
import { cn } from './cn';
import { TableHead } from './table-head';

export interface DataColumn<T> {
  /** the column's header; read by screen readers only when `hideHeader` is set (an actions column) */
  header: string;
  hideHeader?: boolean;
  /** classes of this column's header cell, after the look's */
  headClassName?: string;
  /** classes of this column's body cells, after the look's (or classes that depend on the row) */
  className?: string | ((row: T) => string);
  /** the cell is the row's header (`<th scope="row">`) */
  rowHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** a tooltip on the cell (the whole text of a cell that may be cut short) */
  title?: (row: T) => string;
}

interface TableLook {
  box?: string;
  head: string;
  headCell?: string;
  body?: string;
  row?: string;
  cell?: string;
}

/** the consoles' table styles: `card` a white bordered box, `orders` the order lists, `ledger` money lines */
const LOOKS = {
  card: {
    box: 'rounded-xl border border-gray-200 bg-white shadow-sm',
    head: 'bg-gray-50 text-xs uppercase tracking-wide text-gray-600',
    headCell: 'px-4 py-3',
    body: 'divide-y divide-gray-100',
    cell: 'px-4 py-3',
  },
  orders: {
    head: 'border-b border-gray-200 text-xs uppercase tracking-wide text-gray-600',
    body: 'divide-y divide-gray-100',
    row: 'hover:bg-gray-50',
    cell: 'px-3 py-3',
  },
  ledger: {
    head: 'border-b border-gray-200 text-gray-600',
    headCell: 'py-2 pr-3 font-medium',
    row: 'border-b border-gray-100 last:border-0',
    cell: 'py-2 pr-3',
  },
} satisfies Record<string, TableLook>;

export interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataColumn<T>[];
  look: keyof typeof LOOKS;
  /** a caption for screen readers */
  caption?: string;
  /** the scrolling box around the table, after the look's */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  rowClassName?: string;
  /** a test id on every row */
  rowTestId?: string;
  /** below md: a list (named `label`) of one card per row instead of the table */
  cards?: { label: string; className: string; card: (row: T) => ReactNode };
}

function CardList<T>({ rows, rowKey, cards }: Pick<DataTableProps<T>, 'rows' | 'rowKey' | 'cards'>) {
  if (!cards) return null;
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={cards.label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={cards.className}>
          {cards.card(row)}
        </li>
      ))}
    </ul>
  );
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, columns, caption, cards } = props;
  const look: TableLook = LOOKS[props.look];
  return (
    <>
      <CardList rows={rows} rowKey={rowKey} cards={cards} />
      <div className={cn(cards && 'hidden md:block', 'overflow-x-auto', look.box, props.className)}>
        <table className={cn('w-full text-left text-sm', props.tableClassName)}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <TableHead
            columns={columns.map((c) => ({
              label: c.header,
              srOnly: c.hideHeader,
              className: c.headClassName,
            }))}
            className={cn(look.head, props.headClassName)}
            cellPadding={look.headCell}
          />
          <tbody className={cn(look.body, props.bodyClassName) || undefined}>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                data-testid={props.rowTestId}
                className={cn(look.row, props.rowClassName) || undefined}
              >
                {columns.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  const own = typeof c.className === 'function' ? c.className(row) : c.className;
                  return (
                    <Cell
                      key={c.header}
                      scope={c.rowHeader ? 'row' : undefined}
                      title={c.title?.(row)}
                      className={cn(look.cell, own) || undefined}
                    >
                      {c.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
