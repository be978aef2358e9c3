/**
 * The seller's Earnings (docs/money.md, "Seller earnings"): balance cards, the statement (newest first, a page at a
 * time) and its CSV export. Loading, empty and error states; on phones each line of the table is a small card
 * (date and amount, then type and description) that fits the screen without scrolling sideways.
 */
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { formatINR, type SellerEntryDto } from '@mp/shared';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  LoadingRegion,
  Skeleton,
  cn,
  type BadgeTone,
  type DataColumn,
  LoadFailed,
} from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { toApiError } from '../../../lib/api';
import { useLazySellerEarningsQuery, useSellerEarningsQuery } from '../earnings-api';
import { download, entryTypeLabel, statementCsv } from '../statement-csv';

const PAGE = 20;
const EXPORT_PAGE = 100;

const TONE: Record<SellerEntryDto['type'], BadgeTone> = {
  earned: 'green',
  commission: 'purple',
  commissionTax: 'purple',
  tcs: 'purple',
  tds: 'purple',
  refund: 'red',
  payout: 'blue',
  return_shipping: 'red',
  delivery_waived: 'red',
};

const STATEMENT_COLUMNS: DataColumn<SellerEntryDto>[] = [
  {
    header: 'Date',
    className: 'whitespace-nowrap text-gray-600 max-sm:order-1',
    cell: (e) => formatDate(e.createdAt, true),
  },
  {
    header: 'Type',
    className: 'max-sm:order-3 max-sm:col-span-2',
    cell: (e) => <Badge tone={TONE[e.type]}>{entryTypeLabel(e.type)}</Badge>,
  },
  {
    header: 'Order',
    className: 'whitespace-nowrap text-gray-700 max-sm:order-4 max-sm:col-span-2',
    cell: (e) => e.orderNumber ?? '—',
  },
  {
    header: 'Description',
    className: 'text-gray-900 max-sm:order-5 max-sm:col-span-2',
    cell: (e) => e.description,
  },
  {
    header: 'Amount',
    headClassName: 'text-right last:pr-0',
    className: (e) =>
      cn(
        'whitespace-nowrap text-right last:pr-0 font-medium tabular-nums max-sm:order-2',
        e.amount < 0 ? 'text-red-700' : 'text-green-700',
      ),
    cell: (e) => `${e.amount < 0 ? '−' : '+'}${formatINR(Math.abs(e.amount))}`,
  },
];

export function SellerEarnings() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useSellerEarningsQuery({ page, limit: PAGE });
  const [fetchPage] = useLazySellerEarningsQuery();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const all: SellerEntryDto[] = [];
      for (let p = 1; ; p++) {
        const res = await fetchPage({ page: p, limit: EXPORT_PAGE }).unwrap();
        all.push(...res.data.entries);
        if (p >= res.pagination.pages) break;
      }
      download(`statement-${new Date().toISOString().slice(0, 10)}.csv`, statementCsv(all));
      toast.success(`Statement exported (${all.length} entries)`);
    } catch (err) {
      toast.error(toApiError(err).message);
    } finally {
      setExporting(false);
    }
  }

  if (isLoading) {
    return (
      <LoadingRegion label="Loading earnings…" className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </LoadingRegion>
    );
  }
  if (error || !data) {
    return <LoadFailed title="Earnings could not be loaded" error={error} onRetry={() => void refetch()} />;
  }
  const s = data.data;
  const cards: { label: string; value: number; hint?: string; strong?: boolean }[] = [
    s.balance < 0
      ? {
          label: 'Owed to the platform',
          value: -s.balance,
          hint: 'netted from your next earnings',
          strong: true,
        }
      : { label: 'Balance', value: s.balance, hint: 'owed to you', strong: true },
    { label: 'Payable', value: s.payable, hint: 'return windows closed' },
    { label: 'In return window', value: s.inReturnWindow, hint: 'payable when the window closes' },
    { label: 'Earned', value: s.earned, hint: 'delivered lines' },
    { label: 'Commission', value: s.commission, hint: `${s.commissionPercent}% now` },
    { label: 'GST on commission', value: s.commissionTax, hint: '18 %' },
    { label: 'TCS', value: s.tcs, hint: '0.5 % of taxable value' },
    { label: 'TDS', value: s.tds, hint: '0.1 %' },
    { label: 'Refunded', value: s.refunded, hint: 'of delivered lines' },
    { label: 'Paid out', value: s.paidOut },
    ...(s.returnShipping
      ? [{ label: 'Return shipping', value: s.returnShipping, hint: 'returns for your fault' }]
      : []),
    ...(s.deliveryWaived
      ? [{ label: 'Free delivery you gave', value: s.deliveryWaived, hint: 'your free-delivery codes' }]
      : []),
    ...(s.codPending
      ? [{ label: 'COD pending', value: s.codPending, hint: 'awaiting the courier’s remittance' }]
      : []),
  ];
  const { pages, total } = data.pagination;

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Totals">
        {cards.map((c) => (
          <li
            key={c.label}
            className={cn(
              'rounded-xl border p-4 shadow-sm',
              c.strong ? 'border-brand-200 bg-brand-50' : 'border-gray-200 bg-white',
            )}
          >
            <p className="text-sm text-gray-600">{c.label}</p>
            <p className="mt-1 text-xl font-semibold text-gray-900" data-testid={`earnings-${c.label}`}>
              {formatINR(c.value)}
            </p>
            {c.hint && <p className="text-xs text-gray-600">{c.hint}</p>}
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="statement-heading"
        className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="statement-heading" className="text-lg font-semibold text-gray-900">
            Statement
          </h2>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={total === 0}
          >
            Export CSV
          </Button>
        </div>
        {s.entries.length === 0 ? (
          <EmptyState
            title="No earnings yet"
            description="When the courier delivers your items, what you earn on them (less commission, its GST, TCS and TDS) appears here; it is payable once their return window has closed."
          />
        ) : (
          <DataTable
            rows={s.entries}
            rowKey={(e) => e.id}
            caption="Statement, newest first"
            tableClassName="max-sm:block sm:min-w-[36rem]"
            look="ledger"
            headClassName="max-sm:sr-only"
            bodyClassName={cn('max-sm:block', isFetching && 'opacity-60')}
            rowClassName="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2 max-sm:[&>td]:py-0"
            columns={STATEMENT_COLUMNS}
          />
        )}
        {pages > 1 && (
          <nav aria-label="Statement pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span aria-live="polite">
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </section>
    </div>
  );
}
