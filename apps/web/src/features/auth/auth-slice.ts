/**
 * The session: who is signed in (user, seller record) and whether the start-up check has finished. Fed by the auth
 * endpoints' answers; a 401 UNAUTHENTICATED from any call (`sessionExpired`) clears it, and the route guard then
 * sends the visitor to the login page with the way back. Storage writes happen in the store's listener, not here.
 */
import { isAnyOf, createSlice } from '@reduxjs/toolkit';
import type { SellerDto, UserDto } from '@mp/shared';
import { errorCode, sessionExpired } from '../../lib/api';
import { readJson, STORAGE_KEYS } from '../../lib/storage';
import { authApi } from './auth-api';

export interface AuthState {
  user: UserDto | null;
  seller: SellerDto | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** the start-up session check has finished (the app renders only after it) */
  checked: boolean;
}

const initialState = (): AuthState => ({
  user: typeof localStorage === 'undefined' ? null : readJson<UserDto>(localStorage, STORAGE_KEYS.user),
  seller: typeof localStorage === 'undefined' ? null : readJson<SellerDto>(localStorage, STORAGE_KEYS.seller),
  isAuthenticated: false,
  isLoading: true,
  checked: false,
});

export const LOGIN_FAILED = 'Login failed. Please check credentials.';

/** A refused login reads as the same text whatever the server said (docs/web.md, "Texts"); only rate limiting
 * and a failure with no answer say more, since checking the credentials would not help there. */
export function loginErrorMessage(err: unknown): string {
  const code = errorCode(err);
  if (code === 'RATE_LIMITED') return (err as { message: string }).message;
  if (err && typeof err === 'object' && (err as { status?: unknown }).status === 0)
    return (err as { message: string }).message;
  return LOGIN_FAILED;
}

const { checkAuth, login, loginLink, registerSeller, logout, sellerInfo, updateProfile } = authApi.endpoints;

const signedOut = (s: AuthState) => {
  s.user = null;
  s.seller = null;
  s.isAuthenticated = false;
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    userUpdated(state, action: { payload: UserDto }) {
      state.user = action.payload;
    },
    sessionCleared: signedOut,
  },
  extraReducers: (b) => {
    b.addCase(sessionExpired, signedOut)
      .addMatcher(checkAuth.matchPending, (s) => {
        s.isLoading = true;
      })
      .addMatcher(checkAuth.matchFulfilled, (s, { payload }) => {
        s.user = payload.authenticated ? payload.user : null;
        s.seller = payload.authenticated ? (payload.seller ?? null) : null;
        s.isAuthenticated = payload.authenticated;
        s.isLoading = false;
        s.checked = true;
      })
      .addMatcher(checkAuth.matchRejected, (s, a) => {
        if (a.meta.condition) return; // a second subscriber of the same check: the first one answers
        signedOut(s);
        s.isLoading = false;
        s.checked = true;
      })
      .addMatcher(login.matchPending, (s) => {
        s.isLoading = true;
      })
      .addMatcher(isAnyOf(login.matchFulfilled, loginLink.matchFulfilled), (s, { payload }) => {
        s.isLoading = false;
        if (!('user' in payload)) return; // LOGIN_LINK_SENT: no session yet, the link in the e-mail gives one
        s.user = payload.user;
        s.seller = payload.seller ?? null;
        s.isAuthenticated = true;
      })
      .addMatcher(isAnyOf(login.matchRejected, loginLink.matchRejected), (s) => {
        signedOut(s);
        s.isLoading = false;
      })
      .addMatcher(registerSeller.matchFulfilled, (s, { payload }) => {
        s.user = payload.user;
        s.seller = payload.seller ?? null;
        s.isAuthenticated = true;
      })
      .addMatcher(isAnyOf(logout.matchFulfilled), signedOut)
      .addMatcher(sellerInfo.matchFulfilled, (s, { payload }) => {
        s.seller = payload;
      })
      .addMatcher(updateProfile.matchFulfilled, (s, { payload }) => {
        s.user = payload;
      });
  },
});

export const { userUpdated, sessionCleared } = authSlice.actions;
export default authSlice;
