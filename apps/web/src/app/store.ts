/**
 * The Redux store. Feature slices are combined with combineSlices; console-only slices (admin, seller)
 * inject themselves with `rootReducer.inject(slice)` from their lazily loaded modules, so shoppers never
 * download them.
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import authSlice from '../features/auth/auth-slice';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer>,
  });
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
