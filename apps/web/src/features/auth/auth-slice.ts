import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { LoginInput, RegisterInput, SellerDto, SellerRegisterInput, UserDto, Answer } from '@mp/shared';
import { AxiosError } from 'axios';
import { api, apiErrorMessage } from '../../lib/api-client';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

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

/** The start-up session check: an anonymous visitor is an ordinary 200 answer with `user: null`. */
export const checkAuth = createAsyncThunk('auth/checkAuth', async () => {
  const { data } = await api.get<Answer<'checkAuth'>>('/api/auth/check-auth');
  return data;
});

export const LOGIN_FAILED = 'Login failed. Please check credentials.';

/** A refused login reads as the spec's text whatever the server said; only rate limiting (429) and a network
 * failure (no answer) say more, since checking the credentials would not help there. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof AxiosError && (!err.response || err.response.status === 429))
    return apiErrorMessage(err, LOGIN_FAILED);
  return LOGIN_FAILED;
}

export const loginUser = createAsyncThunk('auth/login', async (input: LoginInput, { rejectWithValue }) => {
  try {
    const { data } = await api.post<Answer<'login'>>('/api/auth/login', input);
    return data;
  } catch (err) {
    return rejectWithValue(loginErrorMessage(err));
  }
});

export const registerUser = createAsyncThunk(
  'auth/register',
  async (input: RegisterInput, { rejectWithValue }) => {
    try {
      const { data } = await api.post<Answer<'register'>>('/api/auth/register', input);
      return data;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Registration failed'));
    }
  },
);

export const registerSeller = createAsyncThunk(
  'auth/registerSeller',
  async (input: SellerRegisterInput, { rejectWithValue }) => {
    try {
      const { data } = await api.post<Answer<'registerSeller'>>('/api/auth/seller/register-seller', input);
      return data;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Registration failed'));
    }
  },
);

export const logoutUser = createAsyncThunk('auth/logout', async (_: void, { rejectWithValue }) => {
  try {
    const { data } = await api.post<Answer<'logout'>>('/api/auth/logout');
    return data;
  } catch (err) {
    return rejectWithValue(apiErrorMessage(err, 'Logout failed'));
  }
});

/** Re-reads the seller's approval (the pending page polls this). */
export const fetchSellerInfo = createAsyncThunk('auth/sellerInfo', async (email: string) => {
  const { data } = await api.get<Answer<'sellerInfo'>>('/api/auth/user/seller-info', {
    params: { email },
  });
  return data.sellerinfo;
});

function persist(state: AuthState) {
  if (typeof localStorage === 'undefined') return;
  writeJson(localStorage, STORAGE_KEYS.user, state.user);
  writeJson(localStorage, STORAGE_KEYS.seller, state.seller);
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    userUpdated(state, action: { payload: UserDto }) {
      state.user = action.payload;
      persist(state);
    },
    sessionCleared(state) {
      state.user = null;
      state.seller = null;
      state.isAuthenticated = false;
      persist(state);
    },
  },
  extraReducers: (b) => {
    b.addCase(checkAuth.pending, (s) => {
      s.isLoading = true;
    })
      .addCase(checkAuth.fulfilled, (s, a) => {
        const answer = a.payload;
        s.user = answer.authenticated ? answer.user : null;
        s.seller = answer.authenticated ? (answer.seller ?? null) : null;
        s.isAuthenticated = answer.authenticated;
        s.isLoading = false;
        s.checked = true;
        persist(s);
      })
      .addCase(checkAuth.rejected, (s) => {
        s.user = null;
        s.seller = null;
        s.isAuthenticated = false;
        s.isLoading = false;
        s.checked = true;
        persist(s);
      })
      .addCase(loginUser.pending, (s) => {
        s.isLoading = true;
      })
      .addCase(loginUser.fulfilled, (s, a) => {
        s.user = a.payload.user;
        s.seller = a.payload.seller ?? null;
        s.isAuthenticated = a.payload.success;
        s.isLoading = false;
        persist(s);
      })
      .addCase(loginUser.rejected, (s) => {
        s.user = null;
        s.seller = null;
        s.isAuthenticated = false;
        s.isLoading = false;
        persist(s);
      })
      .addCase(registerUser.rejected, (s) => {
        s.user = null;
        s.isAuthenticated = false;
        persist(s);
      })
      .addCase(registerSeller.fulfilled, (s, a) => {
        s.user = a.payload.user;
        s.seller = a.payload.seller ?? null;
        s.isAuthenticated = true;
        persist(s);
      })
      .addCase(registerSeller.rejected, (s) => {
        s.seller = null;
        persist(s);
      })
      .addCase(logoutUser.fulfilled, (s) => {
        s.user = null;
        s.seller = null;
        s.isAuthenticated = false;
        persist(s);
      })
      .addCase(fetchSellerInfo.fulfilled, (s, a) => {
        s.seller = a.payload;
        persist(s);
      });
  },
});

export const { userUpdated, sessionCleared } = authSlice.actions;
export default authSlice;
