import { Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { TestPaymentsNotice } from '../../../features/shop-config/test-payments-notice';
import { PageFallback } from '../../page-fallback';

/** The auth layout: a welcome panel chosen by ?role (user → shopping welcome, otherwise the marketplace's). */
export default function AuthLayout() {
  const [params] = useSearchParams();
  const role = params.get('role');
  return (
    <div className="flex min-h-screen bg-gray-50">
      <aside className="hidden w-1/2 flex-col justify-between bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 p-12 text-white lg:flex">
        <BrandLogo className="text-white" />
        <div>
          {role === 'user' ? (
            <>
              <h1 className="text-4xl font-extrabold leading-tight">Welcome to Ecommerce Shopping</h1>
              <p className="mt-4 max-w-md text-lg text-brand-100">
                Thousands of products from trusted sellers, delivered across India.
              </p>
            </>
          ) : (
            <>
              <h1 className="text-4xl font-extrabold leading-tight">Welcome to Haat Marketplace</h1>
              <p className="mt-4 max-w-md text-lg text-brand-100">
                Shop from trusted sellers, or open your own store and reach shoppers across India.
              </p>
            </>
          )}
        </div>
        <p className="text-sm text-brand-100">Secure payments · Easy returns · Prices in ₹</p>
      </aside>
      <div className="flex flex-1 flex-col">
        <TestPaymentsNotice />
        <header className="flex items-center justify-between bg-brand-700 px-4 py-3 text-white lg:hidden">
          <BrandLogo className="text-white" />
          <p className="text-sm font-semibold">{role === 'seller' ? 'Welcome Seller!' : 'Welcome!'}</p>
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 lg:items-center">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
