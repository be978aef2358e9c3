/** Seller console (lazy-loaded; never downloaded by shoppers). /seller/* renders these routes. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ConsolePageFallback } from '../../../features/admin/shared/page-fallback';
import { SellerLayout } from './seller-layout';

const DashboardPage = lazy(() => import('./dashboard-page'));
const ProductsPage = lazy(() => import('./products-page'));
const OrdersPage = lazy(() => import('./orders-page'));
const PendingPage = lazy(() => import('./pending-page'));

export default function SellerApp() {
  return (
    <Routes>
      <Route element={<SellerLayout />}>
        <Route index element={<Navigate to="/seller/dashboard" replace />} />
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
          path="orders"
          element={
            <Page>
              <OrdersPage />
            </Page>
          }
        />
        <Route
          path="pending"
          element={
            <Page>
              <PendingPage />
            </Page>
          }
        />
        <Route path="*" element={<Navigate to="/seller/dashboard" replace />} />
      </Route>
    </Routes>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ConsolePageFallback />}>{children}</Suspense>;
}
