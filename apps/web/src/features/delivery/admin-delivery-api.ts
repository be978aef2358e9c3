/** The admin console's delivery calls (docs/delivery.md, "Seller pickup settings and holidays"): the holidays. */
import type { HolidayDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const adminDeliveryApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    deliveryHolidays: b.query<HolidayDto[], void>({
      query: () => call(routes.deliveryHolidays),
      providesTags: ['Holidays'],
    }),
    setDeliveryHoliday: b.mutation<HolidayDto[], HolidayDto>({
      query: ({ day, name }) => call(routes.setDeliveryHoliday, { params: { day }, body: { name } }),
      invalidatesTags: ['Holidays'],
    }),
    removeDeliveryHoliday: b.mutation<HolidayDto[], string>({
      query: (day) => call(routes.removeDeliveryHoliday, { params: { day } }),
      invalidatesTags: ['Holidays'],
    }),
  }),
});

export const { useDeliveryHolidaysQuery, useSetDeliveryHolidayMutation, useRemoveDeliveryHolidayMutation } =
  adminDeliveryApi;
