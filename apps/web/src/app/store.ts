/**
 * The Redux store. Feature slices are combined with combineSlices; console-only slices (admin, seller)
 * inject themselves with `rootReducer.inject(slice)` from their lazily loaded modules, so shoppers never
 * download them.
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../lib/api';
import addressSlice from '../features/addresses/address-slice';
import authSlice from '../features/auth/auth-slice';
import bannersSlice from '../features/banners/banners-slice';
import cartSlice from '../features/cart/cart-slice';
import ordersSlice from '../features/orders/orders-slice';
import reviewsSlice from '../features/reviews/reviews-slice';
import productsSlice from '../features/shop/products-slice';
import wishlistSlice from '../features/wishlist/wishlist-slice';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  productsSlice,
  cartSlice,
  wishlistSlice,
  addressSlice,
  ordersSlice,
  reviewsSlice,
  bannersSlice,
  baseApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer>,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export const store = makeStore();
// refetch on focus / reconnect where an endpoint asks for it
setupListeners(store.dispatch);
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
