import type { Answer, One } from '@common/answers/http';
import type { CalendarEntry, CampaignRow, CampaignStats, EventRow, GroupRow, OrganiserRow, ParticipantRow } from '@common/answers/campaigns';
import type { CampaignInput, EventInput, GroupInput, OrganiserInput, ParticipantsInput, RsvpConfigInput } from '@common/schemas/campaigns';
import { api } from '@/store/api';
import { resourceApi } from '@/store/resource-api';

// Campaigns, organisers, events, groups and the calendar (decision 0042): the resources through the
// factory of decision 0017, and the module's own endpoints.

export type { CalendarEntry, CalendarItem, CampaignRow, CampaignStats, EventRow, GroupRow, OrganiserRow, ParticipantRow } from '@common/answers/campaigns';

export const { useGetCampaignsQuery, useGetCampaignQuery, useCreateCampaignMutation, useUpdateCampaignMutation, useDeleteCampaignMutation } = resourceApi<CampaignRow, CampaignInput>()({
  one: 'Campaign',
  many: 'Campaigns',
  base: '/campaigns',
  tag: 'Campaign',
  touches: ['Event'],
});
export const { useGetOrganisersQuery, useCreateOrganiserMutation, useUpdateOrganiserMutation, useDeleteOrganiserMutation } = resourceApi<OrganiserRow, OrganiserInput>()({
  one: 'Organiser',
  many: 'Organisers',
  base: '/organisers',
  tag: 'Organiser',
  touches: ['Campaign'],
});
export const { useGetEventsQuery, useGetEventQuery, useCreateEventMutation, useUpdateEventMutation, useDeleteEventMutation } = resourceApi<EventRow, EventInput>()({
  one: 'Event',
  many: 'Events',
  base: '/events',
  tag: 'Event',
  touches: ['Campaign', 'Group', 'Organiser'],
});
export const { useGetGroupsQuery, useCreateGroupMutation, useUpdateGroupMutation, useDeleteGroupMutation } = resourceApi<GroupRow, GroupInput>()({
  one: 'Group',
  many: 'Groups',
  base: '/groups',
  tag: 'Group',
  touches: ['Event'],
});
export const { useGetParticipantsQuery } = resourceApi<ParticipantRow, Record<string, never>>()({
  one: 'Participant',
  many: 'Participants',
  base: '/groups/participants',
  tag: 'Group',
});

export type CalendarRange = { start: string; end: string; campaign_id?: number; status?: string; role?: string; with_tasks?: boolean };

const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaignStats: build.query<CampaignStats, number>({
      query: (id) => `/campaigns/${id}/stats`,
      transformResponse: (a: One<CampaignStats>) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'Campaign', id }, { type: 'Event', id: 'LIST' }],
    }),
    /** GET /calendar/events (start, end): the calendar's visible range */
    getCalendarEvents: build.query<CalendarEntry[], CalendarRange>({
      query: (params) => ({ url: '/calendar/events', params }),
      transformResponse: (a: One<CalendarEntry[]>) => a.data,
      // with_tasks: the task due dates move with the tasks
      providesTags: [{ type: 'Event', id: 'LIST' }, { type: 'Task', id: 'LIST' }],
    }),
    getCalendarFeed: build.query<{ url: string }, void>({
      query: () => '/calendar/feed-url',
      transformResponse: (a: One<{ url: string }>) => a.data,
      providesTags: [{ type: 'Event', id: 'FEED' }],
    }),
    regenerateCalendarFeed: build.mutation<Answer<{ url: string }>, void>({
      query: () => ({ url: '/calendar/feed-url/regenerate', method: 'POST' }),
      invalidatesTags: [{ type: 'Event', id: 'FEED' }],
    }),
    addParticipants: build.mutation<Answer<{ added: number }>, ParticipantsInput & { group_id: number }>({
      query: ({ group_id, ...body }) => ({ url: `/groups/${group_id}/participants`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Group', id: 'LIST' }],
    }),
    removeParticipant: build.mutation<{ message: string }, { group_id: number; contact_id: number }>({
      query: ({ group_id, contact_id }) => ({ url: `/groups/${group_id}/participants/${contact_id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Group', id: 'LIST' }],
    }),
    getGroupRsvpConfig: build.query<RsvpConfigInput | null, number>({
      query: (id) => `/api/event-groups/${id}/rsvp-config`,
      transformResponse: (a: One<RsvpConfigInput | null>) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'Group', id: `rsvp-${id}` }],
    }),
    saveGroupRsvpConfig: build.mutation<Answer<RsvpConfigInput>, { id: number; exists: boolean; config: RsvpConfigInput }>({
      query: ({ id, exists, config }) => ({ url: `/api/event-groups/${id}/rsvp-config`, method: exists ? 'PUT' : 'POST', body: config }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Group', id: `rsvp-${id}` }, { type: 'Group', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetCampaignStatsQuery,
  useGetCalendarEventsQuery,
  useGetCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useAddParticipantsMutation,
  useRemoveParticipantMutation,
  useGetGroupRsvpConfigQuery,
  useSaveGroupRsvpConfigMutation,
} = campaignsApi;
