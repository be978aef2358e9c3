/**
 * The Redux store: the session slice and RTK Query's cache (`baseApi`; features inject their endpoints, console-only
 * ones from the lazily loaded console chunks, so shoppers never download them). Storage writes happen in the
 * listener below, never in reducers.
 */
import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import authSlice, { sessionCleared } from '../features/auth/auth-slice';
import { authApi } from '../features/auth/auth-api';
import { seedFirstAnswers } from '../features/shop/first-answers';
import { baseApi, sessionExpired } from '../lib/api';
import { STORAGE_KEYS, writeJson } from '../lib/storage';

export const rootReducer = combineSlices(authSlice, baseApi);

type State = ReturnType<typeof rootReducer>;

/** The session's user and seller follow the auth state into localStorage as `user`, `seller` (docs/web.md). */
function persistSession(state: State) {
  if (typeof localStorage === 'undefined') return;
  writeJson(localStorage, STORAGE_KEYS.user, state.auth.user);
  writeJson(localStorage, STORAGE_KEYS.seller, state.auth.seller);
}

const signedOut = isAnyOf(sessionCleared, sessionExpired, authApi.endpoints.logout.matchFulfilled);

function sessionListeners() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (_action, current, previous) =>
      (current as State).auth.user !== (previous as State).auth.user ||
      (current as State).auth.seller !== (previous as State).auth.seller,
    effect: (_action, api) => persistSession(api.getState() as State),
  });
  // a signed-out visitor keeps nobody's cart, wishlist, addresses or orders in the cache
  listener.startListening({
    matcher: signedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });
  return listener;
}

export function makeStore(preloadedState?: Partial<State>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as State,
    middleware: (getDefault) =>
      getDefault().prepend(sessionListeners().middleware).concat(baseApi.middleware),
  });
}

export const store = makeStore();
// the answers the server sent with the page: its first view renders with them at once
if (typeof document !== 'undefined') seedFirstAnswers(store.dispatch);
// refetch on focus / reconnect where an endpoint asks for it
setupListeners(store.dispatch);
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = State;
export type AppDispatch = AppStore['dispatch'];
