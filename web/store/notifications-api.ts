import type { Paginator } from '@common/schemas/list-query';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

/** One notification as GET /notifications/json lists it. */
export type NotificationRow = {
  id: number;
  type: string;
  title: string;
  body: string | null;
  url: string | null;
  read_at: string | null;
  created_at: string;
};

/**
 * The Notifications page's calls. (The top bar's bell has its own recent-list and mark-all
 * endpoints; all of them share the 'Notification' tag, so a change anywhere refreshes both.)
 */
export const notificationsPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /notifications/json (page, per_page, search, filter=all|unread) → paginator */
    getNotifications: build.query<Paginator<NotificationRow>, ListParams>({
      query: (params) => ({ url: '/notifications/json', params }),
      providesTags: (answer) => [
        { type: 'Notification' as const, id: 'LIST' },
        ...(answer?.data ?? []).map((n) => ({ type: 'Notification' as const, id: n.id })),
      ],
    }),
    /**
     * POST /notifications/mark-read/{id} for each id (one call per notification, one refresh at
     * the end). Answers the ids that failed, with the first failure's message.
     */
    markNotificationsRead: build.mutation<{ marked: number[]; failed: number[]; message: string | null }, number[]>({
      queryFn: async (ids, _api, _extra, baseQuery) => {
        const answers = await Promise.all(ids.map((id) => baseQuery({ url: `/notifications/mark-read/${id}`, method: 'POST' })));
        const marked = ids.filter((_, i) => !answers[i].error);
        const failed = ids.filter((_, i) => answers[i].error);
        const firstError = answers.find((a) => a.error)?.error;
        if (marked.length === 0 && firstError) return { error: firstError };
        const body = answers.find((a) => !a.error)?.data as { message?: string } | undefined;
        return { data: { marked, failed, message: failed.length ? null : (body?.message ?? null) } };
      },
      invalidatesTags: ['Notification'],
    }),
    /** DELETE /notifications/delete/{id} → { message } */
    deleteNotification: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/notifications/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Notification'],
    }),
    /** POST /notifications/mark-all-read → { message, updated } */
    markEveryNotificationRead: build.mutation<{ message: string; updated: number }, void>({
      query: () => ({ url: '/notifications/mark-all-read', method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation, useDeleteNotificationMutation, useMarkEveryNotificationReadMutation } =
  notificationsPageApi;
