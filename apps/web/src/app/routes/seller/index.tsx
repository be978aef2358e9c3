/** Seller console (lazy-loaded; never downloaded by shoppers). /seller/* renders these routes. */
import { lazy } from 'react';
import { ConsoleRoutes } from '../console-routes';
import { SellerLayout } from './seller-layout';

const pages = {
  dashboard: lazy(() => import('./dashboard-page')),
  products: lazy(() => import('./products-page')),
  import: lazy(() => import('./import-page')),
  orders: lazy(() => import('./orders-page')),
  returns: lazy(() => import('./returns-page')),
  earnings: lazy(() => import('./earnings-page')),
  tax: lazy(() => import('./tax-page')),
  notifications: lazy(() => import('./notifications-page')),
  store: lazy(() => import('./store-page')),
  coupons: lazy(() => import('./coupons-page')),
  pending: lazy(() => import('./pending-page')),
};

export default function SellerApp() {
  return <ConsoleRoutes layout={<SellerLayout />} home="/seller/dashboard" pages={pages} />;
}
