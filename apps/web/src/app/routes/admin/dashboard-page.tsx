/** Admin dashboard: real figures and revenue for the last 30 days (GET /api/admin/dashboard). */
import { Link } from 'react-router-dom';
import type { AdminDashboardDto } from '@mp/shared';
import { useAdminDashboardQuery } from '../../../features/admin/admin-api';
import { DashboardFigures, RevenueChart, StatCard } from '../../../features/console/dashboard-widgets';
import { UsersIcon } from '../../../features/console/icons';
import { remoteOf } from '../../../features/console/remote';
import { TestPaymentsLine } from '../../../features/shop-config/test-payments-notice';
import { useDocumentTitle } from '../../../lib/use-document-title';

const HINTS = { orders: 'Paid orders', revenue: 'From paid orders' };

const pendingSellers = (d: AdminDashboardDto) => (
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
);

export default function AdminDashboardPage() {
  useDocumentTitle('Dashboard – Admin');
  const dashboard = remoteOf(useAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: true }), null);

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Dashboard</h1>
        <p className="text-sm text-gray-600">The marketplace at a glance.</p>
      </header>
      <DashboardFigures remote={dashboard} hints={HINTS} card={pendingSellers}>
        {(d) => (
          <>
            <RevenueChart data={d.revenueByDay} title="Revenue, last 30 days" />
            <TestPaymentsLine orders={d.testOrders} revenue={d.testRevenue} />
          </>
        )}
      </DashboardFigures>
    </div>
  );
}
