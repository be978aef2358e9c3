/** Admin dashboard: real figures and revenue for the last 30 days (GET /api/admin/dashboard). */
import { Link } from 'react-router-dom';
import { formatINR } from '@mp/shared';
import { EmptyState } from '../../../components/ui';
import { useAdminDashboardQuery } from '../../../features/admin/admin-api';
import { RevenueChart, StatCard, StatGridSkeleton } from '../../../features/console/dashboard-widgets';
import { BoxIcon, ReceiptIcon, UsersIcon } from '../../../features/console/icons';
import { isLoading, remoteOf } from '../../../features/console/remote';
import { TestPaymentsLine } from '../../../features/shop-config/test-payments-notice';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminDashboardPage() {
  useDocumentTitle('Dashboard – Admin');
  const dashboard = remoteOf(useAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: true }), null);
  const d = dashboard.data;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Dashboard</h1>
        <p className="text-sm text-gray-600">The marketplace at a glance.</p>
      </header>
      {isLoading(dashboard) && !d ? (
        <StatGridSkeleton />
      ) : !d ? (
        <EmptyState
          title="Figures are not available right now."
          description="Please reload the page in a moment."
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label="Orders"
              value={d.orders.toLocaleString('en-IN')}
              hint="Paid orders"
              icon={<ReceiptIcon />}
            />
            <StatCard
              label="Revenue"
              value={formatINR(d.revenue)}
              hint="From paid orders"
              icon={<span className="text-lg font-bold">₹</span>}
            />
            <StatCard
              label="Pending sellers"
              value={d.pendingSellers.toLocaleString('en-IN')}
              hint={
                <Link to="/admin/seller-listing" className="font-semibold text-brand-700 hover:underline">
                  Review sellers
                </Link>
              }
              icon={<UsersIcon />}
            />
            <StatCard
              label="Products"
              value={d.products.toLocaleString('en-IN')}
              hint="Listed in the shop"
              icon={<BoxIcon />}
            />
          </div>
          <RevenueChart data={d.revenueByDay} title="Revenue, last 30 days" />
          <TestPaymentsLine orders={d.testOrders} revenue={d.testRevenue} />
        </>
      )}
    </div>
  );
}
