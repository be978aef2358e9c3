/**
 * Return policy per category (docs/money.md, "Return window"): the shop reads every category's policy once (the
 * product page's "7-day return"); the admin's Categories page sets one.
 */
import type { ReturnPolicyDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const returnPoliciesApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    returnPolicies: b.query<ReturnPolicyDto[], void>({
      query: () => call(routes.returnPolicies),
      providesTags: ['ReturnPolicies'],
    }),
    setReturnPolicy: b.mutation<
      ReturnPolicyDto,
      { category: ReturnPolicyDto['category']; windowDays: number | null }
    >({
      query: ({ category, windowDays }) =>
        call(routes.adminSetReturnPolicy, { params: { category }, body: { windowDays } }),
      invalidatesTags: ['ReturnPolicies'],
    }),
  }),
});

export const { useReturnPoliciesQuery, useSetReturnPolicyMutation } = returnPoliciesApi;
