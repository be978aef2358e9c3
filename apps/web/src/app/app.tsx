/** Providers, the start-up session check, and the app's route table. */
import { lazy, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isPublicShopPath } from '../components/guard/access';
import { CheckAuth } from './check-auth';
import { authApi } from '../features/auth/auth-api';
import { useShopperId } from '../features/auth/use-session';
import { useGetCartQuery } from '../features/cart/cart-api';
import { productsApi } from '../features/shop/products-api';
import { useGetWishlistQuery } from '../features/wishlist/wishlist-api';
import { useAppDispatch, useAppSelector } from './hooks';
import { PageFallback } from './page-fallback';
import { NotFound, UnauthPage } from './routes/misc';
import HomePage from './routes/shop/home';
import ShopLayout from './routes/shop/layout';
import { store } from './store';
import { Toasts } from './toasts';

export { PageFallback };

const AdminApp = lazy(() => import('./routes/admin'));
const SellerApp = lazy(() => import('./routes/seller'));

const AuthLayout = lazy(() => import('./routes/auth/layout'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const LoginLinkPage = lazy(() => import('./routes/auth/login-link'));
const RegisterPage = lazy(() => import('./routes/auth/register'));
const RegisterSellerPage = lazy(() => import('./routes/auth/register-seller'));

const ListingPage = lazy(() => import('./routes/shop/listing'));
const StorePage = lazy(() => import('./routes/shop/store'));
const SearchPage = lazy(() => import('./routes/shop/search'));
const ProductDetailPage = lazy(() => import('./routes/shop/product-detail'));
const CartPage = lazy(() => import('./routes/shop/cart'));
const CheckoutPage = lazy(() => import('./routes/shop/checkout'));
const PaypalReturnPage = lazy(() => import('./routes/shop/paypal-return'));
const CodConfirmPage = lazy(() => import('./routes/shop/cod-confirm'));
const PaypalCancelPage = lazy(() => import('./routes/shop/paypal-cancel'));
const PaymentSuccessPage = lazy(() => import('./routes/shop/payment-success'));

const AccountLayout = lazy(() => import('./routes/shop/account/layout'));
const ProfilePage = lazy(() => import('./routes/shop/account/profile'));
const AddressesPage = lazy(() => import('./routes/shop/account/addresses'));
const OrdersPage = lazy(() => import('./routes/shop/account/orders'));
const WishlistPage = lazy(() => import('./routes/shop/account/wishlist'));
const ReturnsPage = lazy(() => import('./routes/shop/account/returns'));
const AccountLogoutPage = lazy(() => import('./routes/shop/account/logout'));

/** Loads the shopper's cart and wishlist once the user is known (and keeps them in the cache). */
function useShopperData() {
  const userId = useShopperId();
  useGetCartQuery(userId ?? '', { skip: !userId });
  useGetWishlistQuery(userId ?? '', { skip: !userId });
}

export function AppRoutes() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const publicPage = isPublicShopPath(pathname);
  // An anonymous visitor sees the public shop at once; everyone else waits for the session check to answer. One
  // boolean, so the check's answer re-renders nothing when it changes nothing (docs/performance.md).
  const ready = useAppSelector((s) => s.auth.checked || (s.auth.user === null && publicPage));
  useEffect(() => {
    void dispatch(authApi.endpoints.checkAuth.initiate(undefined, { subscribe: false }));
    // the home page's data does not depend on the session: fetch it alongside the session check
    if (window.location.pathname === '/') {
      void dispatch(productsApi.util.prefetch('home', undefined, {}));
      void dispatch(productsApi.util.prefetch('banners', undefined, {}));
    }
  }, [dispatch]);
  useShopperData();
  if (!ready) return <PageFallback />;
  return (
    <CheckAuth>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route path="/auth" element={<AuthLayout />}>
            <Route index element={<Navigate to="login" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="login-link" element={<LoginLinkPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="register-seller" element={<RegisterSellerPage />} />
          </Route>
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/seller/*" element={<SellerApp />} />
          <Route element={<ShopLayout />}>
            <Route path="/" element={<HomePage />} />
            <Route path="/product/:id" element={<ProductDetailPage />} />
            <Route path="/shop">
              <Route index element={<Navigate to="listing" replace />} />
              <Route path="listing" element={<ListingPage />} />
              <Route path="listing/search" element={<SearchPage />} />
              <Route path="store/:slug" element={<StorePage />} />
              <Route path="cart" element={<CartPage />} />
              <Route path="checkout" element={<CheckoutPage />} />
              <Route path="paypal-return" element={<PaypalReturnPage />} />
              <Route path="cod-confirm/:orderId" element={<CodConfirmPage />} />
              <Route path="paypal-cancel" element={<PaypalCancelPage />} />
              <Route path="payment-success/:orderId" element={<PaymentSuccessPage />} />
              <Route path="account" element={<AccountLayout />}>
                <Route index element={<Navigate to="profile" replace />} />
                <Route path="profile" element={<ProfilePage />} />
                <Route path="address" element={<AddressesPage />} />
                <Route path="orders" element={<OrdersPage />} />
                <Route path="returns" element={<ReturnsPage />} />
                <Route path="wishlist" element={<WishlistPage />} />
                <Route path="logout" element={<AccountLogoutPage />} />
              </Route>
              <Route path="*" element={<NotFound />} />
            </Route>
          </Route>
          <Route path="/unauth-page" element={<UnauthPage />} />
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
      <Toasts />
    </Provider>
  );
}
