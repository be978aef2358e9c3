/**
 * Session calls (login, logout, the session check). The session itself lives in the auth slice, fed by these
 * endpoints' answers.
 */
import type {
  Answer,
  LoginInput,
  LoginLinkInput,
  ProfileUpdateInput,
  RegisterInput,
  SellerRegisterInput,
} from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call, type Whole } from '../../lib/api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    /** The start-up check: an anonymous visitor is an ordinary 200 answer with `authenticated: false`. */
    checkAuth: b.query<Whole<Answer<'checkAuth'>>, void>({
      query: () => call(routes.checkAuth, { envelope: 'whole' }),
      providesTags: ['Session'],
    }),
    /** Signed in, or (202 LOGIN_LINK_SENT) a one-time sign-in link went to the account's e-mail instead. */
    login: b.mutation<Whole<Answer<'login'>>, LoginInput>({
      query: (body) => call(routes.login, { body, envelope: 'whole' }),
    }),
    /** Uses up the token of an e-mailed sign-in link (docs/security.md). */
    loginLink: b.mutation<Whole<Answer<'loginLink'>>, LoginLinkInput>({
      query: (body) => call(routes.loginLink, { body, envelope: 'whole' }),
    }),
    register: b.mutation<Whole<Answer<'register'>>, RegisterInput>({
      query: (body) => call(routes.register, { body, envelope: 'whole' }),
    }),
    registerSeller: b.mutation<Whole<Answer<'registerSeller'>>, SellerRegisterInput>({
      query: (body) => call(routes.registerSeller, { body, envelope: 'whole' }),
    }),
    logout: b.mutation<Whole<Answer<'logout'>>, void>({
      query: () => call(routes.logout, { envelope: 'whole' }),
    }),
    /** The seller's approval (the pending page polls this). */
    sellerInfo: b.query<Answer<'sellerInfo'>['sellerinfo'], string>({
      query: (email) => call(routes.sellerInfo, { query: { email } }),
      providesTags: ['Session'],
    }),
    updateProfile: b.mutation<Answer<'updateProfile'>['data'], { id: string; input: ProfileUpdateInput }>({
      query: ({ id, input }) => call(routes.updateProfile, { params: { id }, body: input }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginLinkMutation,
  useRegisterMutation,
  useRegisterSellerMutation,
  useLogoutMutation,
  useSellerInfoQuery,
  useLazySellerInfoQuery,
  useUpdateProfileMutation,
} = authApi;
