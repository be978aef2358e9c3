import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ShopFooter } from './shop-footer';
import { ShopHeader } from './shop-header';
import { TestPaymentsNotice } from '../../../features/shop-config/test-payments-notice';
import { PageFallback } from '../../page-fallback';

export default function ShopLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TestPaymentsNotice />
      <ShopHeader />
      {/* at least a screen tall: the footer starts below the fold, so pages filling in never shift it (CLS) */}
      <main id="main" className="min-h-screen flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <ShopFooter />
    </div>
  );
}
