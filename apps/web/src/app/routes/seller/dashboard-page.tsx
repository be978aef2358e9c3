/** Seller dashboard: welcome line and the seller's real figures (GET /api/seller/dashboard). */
import { Link } from 'react-router-dom';
import type { SellerDashboardDto } from '@mp/shared';
import { ProductThumb } from '../../../components/ui';
import { useSellerInfoQuery } from '../../../features/auth/auth-api';
import { useSellerDashboardQuery } from '../../../features/seller/seller-api';
import { remoteOf } from '../../../features/console/remote';
import { DashboardFigures, RevenueChart, StatCard } from '../../../features/console/dashboard-widgets';
import { useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TestPaymentsLine } from '../../../features/shop-config/test-payments-notice';

const HINTS = { orders: 'Paid orders with your products', revenue: 'From your paid order lines' };

const lowStock = (d: SellerDashboardDto) => (
  <StatCard
    label="Low stock"
    value={d.lowStock.length.toLocaleString('en-IN')}
    hint="Products with fewer than 10 left"
    icon={<span className="text-lg font-bold">!</span>}
  />
);

export default function SellerDashboardPage() {
  useDocumentTitle('Dashboard – Seller');
  const user = useAppSelector((s) => s.auth.user);
  const seller = useAppSelector((s) => s.auth.seller);
  // the answer fills the session's seller record (auth slice)
  useSellerInfoQuery(user?.email ?? '', { skip: Boolean(seller) || !user?.email });
  const dashboard = remoteOf(useSellerDashboardQuery(undefined, { refetchOnMountOrArgChange: true }), null);

  return (
    <div className="flex flex-col gap-6">
      <header>
        {seller ? (
          <h1 className="text-2xl font-bold tracking-tight text-gray-900">
            Welcome back, {seller.username}!
          </h1>
        ) : (
          <h1 className="text-2xl font-bold tracking-tight text-gray-900" aria-busy="true">
            Loading seller information...
          </h1>
        )}
        {seller && <p className="text-sm text-gray-600">Here is how {seller.storename} is doing.</p>}
      </header>

      <DashboardFigures remote={dashboard} hints={HINTS} card={lowStock}>
        {(d) => (
          <>
            <div className="grid gap-6 xl:grid-cols-3">
              <div className="xl:col-span-2">
                <RevenueChart data={d.revenueByDay} />
                <TestPaymentsLine orders={d.testOrders} revenue={d.testRevenue} />
              </div>
              <section
                aria-labelledby="low-stock-heading"
                className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
              >
                <h2 id="low-stock-heading" className="mb-3 text-base font-semibold text-gray-900">
                  Low-stock items
                </h2>
                {d.lowStock.length === 0 ? (
                  <p className="text-sm text-gray-600">All your products are well stocked.</p>
                ) : (
                  <ul className="divide-y divide-gray-100">
                    {d.lowStock.map((p) => (
                      <li key={p._id} className="flex items-center gap-3 py-2">
                        <ProductThumb item={p} size={40} className="h-10 w-10 rounded-md" />
                        <span className="min-w-0 flex-1 truncate text-sm text-gray-900">{p.title}</span>
                        <span
                          className={
                            p.totalStock === 0
                              ? 'text-sm font-semibold text-red-700'
                              : 'text-sm font-semibold text-amber-800'
                          }
                        >
                          {p.totalStock === 0 ? 'Out of stock' : `${p.totalStock} left`}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                <Link
                  to="/seller/products"
                  className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
                >
                  Manage products
                </Link>
              </section>
            </div>
          </>
        )}
      </DashboardFigures>
    </div>
  );
}
