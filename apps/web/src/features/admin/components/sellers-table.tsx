/**
 * "Seller's Listing": Store Name, Owner, Registration Date, Status badge, View Detail. Sellers are named, never
 * shown by their raw id (docs/order-views.md, "Names instead of ids").
 */
import type { SellerDto } from '@mp/shared';
import { Button, DataTable, EmptyState, LoadingRegion, Skeletons, StatusBadge } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { UsersIcon } from '../../console/icons';

export interface SellersTableProps {
  sellers: SellerDto[];
  loading: boolean;
  onView: (seller: SellerDto) => void;
}

export function SellersTable({ sellers, loading, onView }: SellersTableProps) {
  if (loading && sellers.length === 0) {
    return (
      <LoadingRegion
        label="Loading sellers…"
        className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
        repeat={6}
      >
        <Skeletons
          className="flex items-center gap-4"
          sizes={['h-4 w-48', 'h-4 w-24', 'h-5 w-16 rounded-full', 'h-4 flex-1']}
        />
      </LoadingRegion>
    );
  }
  if (sellers.length === 0)
    return <EmptyState icon={<UsersIcon className="h-10 w-10" />} title="No Seller found." />;
  const viewButton = (s: SellerDto, className?: string) => (
    <Button
      variant="outline"
      size="sm"
      className={className}
      onClick={() => onView(s)}
      aria-label={`View Detail of ${s.storename}`}
    >
      View Detail
    </Button>
  );
  return (
    <DataTable
      rows={sellers}
      rowKey={(s) => s._id}
      look="card"
      cards={{
        label: 'Sellers',
        className: 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm',
        card: (s) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-gray-900">{s.storename}</p>
              <StatusBadge status={s.approvalstatus} />
            </div>
            <p className="mt-1 text-sm text-gray-700">{s.username}</p>
            <p className="text-sm text-gray-700">Registered {formatDate(s.createdAt)}</p>
            {viewButton(s, 'mt-3 w-full')}
          </>
        ),
      }}
      tableClassName="min-w-[720px]"
      rowClassName="hover:bg-gray-50"
      columns={[
        { header: 'Store Name', className: 'font-medium text-gray-900', cell: (s) => s.storename },
        { header: 'Owner', className: 'text-gray-700', cell: (s) => s.username },
        {
          header: 'Registration Date',
          className: 'whitespace-nowrap text-gray-700',
          cell: (s) => formatDate(s.createdAt),
        },
        { header: 'Status', cell: (s) => <StatusBadge status={s.approvalstatus} /> },
        { header: 'Details', hideHeader: true, className: 'text-right', cell: (s) => viewButton(s) },
      ]}
    />
  );
}
