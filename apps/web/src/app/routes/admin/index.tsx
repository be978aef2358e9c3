/** Admin console (lazy-loaded; never downloaded by shoppers). /admin/* renders these routes. */
import { lazy } from 'react';
import { ConsoleRoutes } from '../console-routes';
import { AdminLayout } from './admin-layout';

const pages = {
  dashboard: lazy(() => import('./dashboard-page')),
  products: lazy(() => import('./products-page')),
  'seller-listing': lazy(() => import('./seller-listing-page')),
  orders: lazy(() => import('./orders-page')),
  returns: lazy(() => import('./returns-page')),
  banner: lazy(() => import('./banner-page')),
  brands: lazy(() => import('./brands-page')),
  categories: lazy(() => import('./categories-page')),
  payouts: lazy(() => import('./payouts-page')),
  tax: lazy(() => import('./tax-page')),
  delivery: lazy(() => import('./delivery-page')),
  coupons: lazy(() => import('./coupons-page')),
};

export default function AdminApp() {
  return <ConsoleRoutes layout={<AdminLayout />} home="/admin/dashboard" pages={pages} />;
}
