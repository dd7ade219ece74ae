import { api } from '@/store/api';

/** One notification as the JSON endpoints give it. */
export type NotificationItem = {
  id: number;
  title: string;
  body: string | null;
  url: string | null;
  read_at: string | null;
  created_at: string;
};

export type RecentNotifications = { data: NotificationItem[]; unread: number };

/** The top bar's bell: the latest few notifications and the actions on them. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /notifications/recent → the latest notifications and the unread count */
    getRecentNotifications: build.query<RecentNotifications, void>({
      query: () => '/notifications/recent',
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    /** POST /notifications/mark-all-read */
    markAllNotificationsRead: build.mutation<{ message: string; updated: number }, void>({
      query: () => ({ url: '/notifications/mark-all-read', method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    /** POST /notifications/mark-read/{id} */
    markNotificationRead: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/notifications/mark-read/${id}`, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useGetRecentNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } = notificationsApi;
