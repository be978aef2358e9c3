/** Providers, the start-up session check, and the route table of spec section 2. */
import { lazy, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { CheckAuth } from '../components/guard/check-auth';
import { checkAuth } from '../features/auth/auth-slice';
import { useAppDispatch, useAppSelector } from './hooks';
import { store } from './store';

const AdminApp = lazy(() => import('./routes/admin'));
const SellerApp = lazy(() => import('./routes/seller'));

export function PageFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center text-gray-500"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
        aria-hidden
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">Oops! We couldn&apos;t find that page.</h1>
      <a href="/" className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Go to Homepage
      </a>
    </main>
  );
}

function AppRoutes() {
  const dispatch = useAppDispatch();
  const checked = useAppSelector((s) => s.auth.checked);
  useEffect(() => {
    void dispatch(checkAuth());
  }, [dispatch]);
  if (!checked) return <PageFallback />;
  return (
    <CheckAuth>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/seller/*" element={<SellerApp />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </CheckAuth>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastContainer position="top-right" autoClose={3000} newestOnTop />
    </Provider>
  );
}
