/** Admin console (lazy-loaded; never downloaded by shoppers). /admin/* renders these routes. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ConsolePageFallback } from '../../../features/admin/shared/page-fallback';
import { AdminLayout } from './admin-layout';

const DashboardPage = lazy(() => import('./dashboard-page'));
const ProductsPage = lazy(() => import('./products-page'));
const SellerListingPage = lazy(() => import('./seller-listing-page'));
const BannerPage = lazy(() => import('./banner-page'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ConsolePageFallback />}>{children}</Suspense>;
}

export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        <Route
          path="dashboard"
          element={
            <Page>
              <DashboardPage />
            </Page>
          }
        />
        <Route
          path="products"
          element={
            <Page>
              <ProductsPage />
            </Page>
          }
        />
        <Route
          path="seller-listing"
          element={
            <Page>
              <SellerListingPage />
            </Page>
          }
        />
        <Route
          path="banner"
          element={
            <Page>
              <BannerPage />
            </Page>
          }
        />
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
