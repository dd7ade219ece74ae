import type { One } from '@common/answers/http';
import type { CheckInAnswer, RsvpDashboard, RsvpInvitationPage, RsvpInvitationRow, RsvpTotals } from '@common/answers/rsvp';
import { api } from './api';

// RSVP (SPEC §7 Events; issue 19): an event's invitations, responses and non-responded list, the
// sends of invitations and follow-ups, check-in and the dashboard figures. Sending or resending
// invitations and reminders re-fetches the invitations and the non-responded list (SPEC §4), and
// the wallet's figures (the sends hold credits).

export type { CheckInAnswer, RsvpDashboard, RsvpInvitationPage, RsvpInvitationRow, RsvpTotals } from '@common/answers/rsvp';

export type RsvpList = 'invitations' | 'responses' | 'non_responded';
const PATH: Record<RsvpList, string> = {
  invitations: '/events/get-rsvp-invitations',
  responses: '/events/get-rsvp-responses',
  non_responded: '/events/get-non-responded-invitations',
};

export interface RsvpListArgs {
  eventId: number;
  list: RsvpList;
  page: number;
  per_page: number;
  search?: string;
  answer?: string;
  meta?: boolean;
}

export interface InviteBody {
  contact_ids: number[];
  segment_ids: number[];
  group_participants: boolean;
  channels: Array<'sms' | 'email'>;
}

const SENT = (eventId: number) => [
  { type: 'Invitation' as const, id: `LIST-${eventId}` },
  { type: 'Event' as const, id: `RSVP-${eventId}` },
  { type: 'Wallet' as const, id: 'METRICS' },
  { type: 'Wallet' as const, id: 'LIST' },
];

const rsvpApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRsvpList: build.query<RsvpInvitationPage, RsvpListArgs>({
      query: ({ eventId, list, meta, ...params }) => ({ url: `${PATH[list]}/${eventId}`, params: { ...params, ...(meta ? { meta: 1 } : {}) } }),
      providesTags: (_r, _e, a) => [{ type: 'Invitation', id: `LIST-${a.eventId}` }],
    }),
    getRsvpDashboard: build.query<RsvpDashboard, number>({
      query: (eventId) => ({ url: `/events/rsvp-dashboard/${eventId}` }),
      transformResponse: (answer: One<RsvpDashboard>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Event', id: `RSVP-${id}` }, { type: 'Invitation', id: `LIST-${id}` }],
    }),
    sendInvitations: build.mutation<{ message: string; data: { invited: number; recipients: number } }, { eventId: number; body: InviteBody }>({
      query: ({ eventId, body }) => ({ url: `/events/send-invitations/${eventId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => SENT(a.eventId),
    }),
    resendInvitation: build.mutation<{ message: string }, { eventId: number; invitationId: number }>({
      query: ({ eventId, invitationId }) => ({ url: `/events/resend-invitation/${eventId}`, method: 'POST', body: { invitation_id: invitationId } }),
      invalidatesTags: (_r, _e, a) => SENT(a.eventId),
    }),
    sendFollowUps: build.mutation<{ message: string; data: { recipients: number } }, { eventId: number; invitationIds: number[] }>({
      query: ({ eventId, invitationIds }) => ({ url: `/events/send-follow-up-reminders/${eventId}`, method: 'POST', body: { invitation_ids: invitationIds } }),
      invalidatesTags: (_r, _e, a) => SENT(a.eventId),
    }),
    sendFollowUp: build.mutation<{ message: string }, { eventId: number; invitationId: number }>({
      query: ({ eventId, invitationId }) => ({ url: `/events/send-follow-up-reminder/${eventId}/${invitationId}`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, a) => SENT(a.eventId),
    }),
    getCheckInGuests: build.query<{ data: RsvpInvitationRow[]; meta: RsvpTotals }, { eventId: number; search: string }>({
      query: ({ eventId, search }) => ({ url: `/events/check-in-guests/${eventId}`, params: { per_page: 50, ...(search ? { search } : {}) } }),
      providesTags: (_r, _e, a) => [{ type: 'Invitation', id: `LIST-${a.eventId}` }],
    }),
    checkIn: build.mutation<{ message: string; data: CheckInAnswer }, { eventId: number; code?: string; invitation_id?: number }>({
      query: ({ eventId, ...body }) => ({ url: `/events/check-in/${eventId}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, a) => [{ type: 'Invitation', id: `LIST-${a.eventId}` }, { type: 'Event', id: `RSVP-${a.eventId}` }],
    }),
  }),
});

export const {
  useGetRsvpListQuery,
  useGetRsvpDashboardQuery,
  useSendInvitationsMutation,
  useResendInvitationMutation,
  useSendFollowUpsMutation,
  useSendFollowUpMutation,
  useGetCheckInGuestsQuery,
  useCheckInMutation,
} = rsvpApi;
