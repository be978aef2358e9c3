/**
 * "Seller's Listing": Store Name, Owner, Registration Date, Status badge, View Detail. Sellers are named, never
 * shown by their raw id (docs/order-views.md, "Names instead of ids").
 */
import type { SellerDto } from '@mp/shared';
import { Button, EmptyState, LoadingRegion, Skeleton, StatusBadge } from '../../../components/ui';
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
      >
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-4 flex-1" />
          </div>
        ))}
      </LoadingRegion>
    );
  }
  if (sellers.length === 0)
    return <EmptyState icon={<UsersIcon className="h-10 w-10" />} title="No Seller found." />;
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Sellers">
        {sellers.map((s) => (
          <li key={s._id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-gray-900">{s.storename}</p>
              <StatusBadge status={s.approvalstatus} />
            </div>
            <p className="mt-1 text-sm text-gray-700">{s.username}</p>
            <p className="text-sm text-gray-700">Registered {formatDate(s.createdAt)}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-3 w-full"
              onClick={() => onView(s)}
              aria-label={`View Detail of ${s.storename}`}
            >
              View Detail
            </Button>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block">
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Store Name
              </th>
              <th scope="col" className="px-4 py-3">
                Owner
              </th>
              <th scope="col" className="px-4 py-3">
                Registration Date
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {sellers.map((s) => (
              <tr key={s._id} className="hover:bg-gray-50">
                <td className="px-4 py-3 font-medium text-gray-900">{s.storename}</td>
                <td className="px-4 py-3 text-gray-700">{s.username}</td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatDate(s.createdAt)}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={s.approvalstatus} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onView(s)}
                    aria-label={`View Detail of ${s.storename}`}
                  >
                    View Detail
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
