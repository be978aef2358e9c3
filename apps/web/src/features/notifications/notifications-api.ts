/**
 * Seller notifications (docs/seo-and-email.md, "Seller notifications"): the list with its unread count, the read
 * marks and the low-stock threshold, injected into the base API from the seller console's chunks.
 */
import type { Answer, NotificationSettings } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export type NotificationPage = Omit<Answer<'sellerNotifications'>, 'success'>;
export type SellerNotification = NotificationPage['data'][number];

/** The first page: the bell and the Notifications screen ask for the same, so both share one request. */
export const FIRST_PAGE = { page: 1, limit: 20 };

/** How often the console's bell asks for the unread count (it also asks when the window regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerNotifications: b.query<NotificationPage, { page: number; limit: number }>({
      query: (query) => call(routes.sellerNotifications, { query, envelope: 'whole' }),
      providesTags: ['Notifications'],
    }),
    markNotificationRead: b.mutation<{ unread: number }, string>({
      query: (id) => call(routes.sellerNotificationRead, { params: { id }, envelope: 'whole' }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: b.mutation<{ message: string; unread: number }, void>({
      query: () => call(routes.sellerNotificationsReadAll, { envelope: 'whole' }),
      invalidatesTags: ['Notifications'],
    }),
    notificationSettings: b.query<NotificationSettings, void>({
      query: () => call(routes.sellerNotificationSettings),
      providesTags: ['Notifications'],
    }),
    saveNotificationSettings: b.mutation<
      { message: string; data: NotificationSettings },
      NotificationSettings
    >({
      query: (body) => call(routes.updateSellerNotificationSettings, { body, envelope: 'whole' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const {
  useSellerNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} = notificationsApi;
