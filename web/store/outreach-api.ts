import type { One } from '@common/answers/http';
import type {
  BulkOperationRow,
  ContactFieldRow,
  ContactEventRow,
  OutreachContactRow,
  SegmentActivityRow,
  SegmentAnalytics,
  SegmentCount,
  SegmentPick,
  SegmentRow,
  SegmentStatistics,
} from '@common/answers/outreach';
import type { Paginator } from '@common/schemas/list-query';
import type { ContactFieldInput, OutreachContactInput } from '@common/schemas/outreach';
import type { BulkOperationInput, RuleGroup, SegmentInput } from '@common/segments';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';
import { requestState, resourceApi, type RequestState } from './resource-api';

// Outreach contacts and segments (SPEC §7 Contacts and segments; decisions 0026, 0027): the two
// resources through the factory of decision 0017, and the endpoints they add.

export type { ContactFieldRow, OutreachContactRow, SegmentRow } from '@common/answers/outreach';

export const {
  useGetOutreachContactsQuery,
  useLazyGetOutreachContactQuery,
  useCreateOutreachContactMutation,
  useUpdateOutreachContactMutation,
  useDeleteOutreachContactMutation,
} = resourceApi<OutreachContactRow, OutreachContactInput>()({ one: 'OutreachContact', many: 'OutreachContacts', base: '/contacts', singular: 'contact', tag: 'OutreachContact', touches: ['Segment'] });

/** The company's own contact fields (`/contacts/fields/*`); a change touches how contacts and segments read. */
export const { useGetContactFieldsQuery, useCreateContactFieldMutation, useUpdateContactFieldMutation, useDeleteContactFieldMutation } = resourceApi<
  ContactFieldRow,
  ContactFieldInput
>()({ one: 'ContactField', many: 'ContactFields', base: '/contacts/fields', singular: 'field', tag: 'ContactField', touches: ['OutreachContact', 'Segment'] });

/** Every field of the company, label order (a company has a handful; the list endpoint caps a page at 100). */
export const ALL_CONTACT_FIELDS = { page: 1, per_page: 100, sort_by: 'label', sort_order: 'asc' } as const;
/** Pages that offer or show the fields ask again when they open: a field added elsewhere (another tab, a colleague) is there. */
export const FRESH_FIELDS = { refetchOnMountOrArgChange: true } as const;

/** A row of GET /contacts/search: a picker's match. */
export type ContactMatch = { id: number; name: string; phone: string | null; email: string | null };

export const { useGetSegmentsQuery, useCreateSegmentMutation, useUpdateSegmentMutation, useDeleteSegmentMutation } = resourceApi<SegmentRow, SegmentInput>()({
  one: 'Segment',
  many: 'Segments',
  base: '/segments',
  tag: 'Segment',
});

/** The dashboard's period: the last `date_range` days (7, SPEC §9), or from `start_date` to `end_date`. */
export type PeriodParams = { date_range?: number; start_date?: string; end_date?: string };

const segmentExtras = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /segments/count {rules} → the live count of the rule editor (a mutation: nothing to cache, every edit asks anew) */
    countSegment: build.mutation<SegmentCount, { rules: RuleGroup }>({
      query: (body) => ({ url: '/segments/count', method: 'POST', body }),
      transformResponse: (answer: One<SegmentCount>) => answer.data,
    }),
    /** POST /segments/add-contacts/{id} with contact_ids or matching (a rule tree) */
    addSegmentContacts: build.mutation<SegmentPick, { id: number; contact_ids: number[] } | { id: number; matching: RuleGroup }>({
      query: ({ id, ...body }) => ({ url: `/segments/add-contacts/${id}`, method: 'POST', body }),
      transformResponse: (answer: One<SegmentPick>) => answer.data,
      invalidatesTags: ['Segment'],
    }),
    getSegmentStatistics: build.query<SegmentStatistics, { id: number } & PeriodParams>({
      query: ({ id, ...params }) => ({ url: `/segments/statistics/${id}`, params }),
      transformResponse: (answer: One<SegmentStatistics>) => answer.data,
      providesTags: (_r, _e, { id }) => [{ type: 'Segment', id }],
    }),
    /** GET /segments/activity-logs/{id} (page, per_page 20, activity_type, the period) → paginator */
    getSegmentActivityLogs: build.query<Paginator<SegmentActivityRow>, ListParams>({
      // the DataTable's params carry the segment's id beside the page, filters and period
      query: ({ id, ...params }) => ({ url: `/segments/activity-logs/${id}`, params }),
      providesTags: (_r, _e, { id }) => [{ type: 'Segment', id: Number(id) }],
    }),
    getSegmentAnalytics: build.query<SegmentAnalytics, { id: number; period: 'day' | 'week' | 'month' } & PeriodParams>({
      query: ({ id, ...params }) => ({ url: `/segments/analytics/${id}`, params }),
      transformResponse: (answer: One<SegmentAnalytics>) => answer.data,
      providesTags: (_r, _e, { id }) => [{ type: 'Segment', id }],
    }),
    /** POST /segments/bulk-operations: one job over a selection (decision 0027) */
    startBulkOperation: build.mutation<BulkOperationRow, BulkOperationInput>({
      query: (body) => ({ url: '/segments/bulk-operations', method: 'POST', body }),
      transformResponse: (answer: One<BulkOperationRow>) => answer.data,
    }),
    /** GET /segments/bulk-operations/{id}: polled for the progress bar until done or failed */
    getBulkOperation: build.query<BulkOperationRow, number>({
      query: (id) => ({ url: `/segments/bulk-operations/${id}` }),
      transformResponse: (answer: One<BulkOperationRow>) => answer.data,
    }),
    /** GET /contacts/search?search= → the first 20 contacts whose name, phone or e-mail holds the text */
    searchContacts: build.query<ContactMatch[], string>({
      query: (search) => ({ url: '/contacts/search', params: { search } }),
      transformResponse: (answer: { data: ContactMatch[] }) => answer.data,
      providesTags: [{ type: 'OutreachContact', id: 'LIST' }],
    }),
    /** GET /contacts/{id}/timeline (page, per_page 20) → paginator of the contact's events */
    getContactTimeline: build.query<Paginator<ContactEventRow>, ListParams>({
      query: ({ id, ...params }) => ({ url: `/contacts/${id}/timeline`, params }),
      providesTags: (_r, _e, { id }) => [{ type: 'OutreachContact', id: Number(id) }],
    }),
  }),
});

export const {
  useCountSegmentMutation,
  useAddSegmentContactsMutation,
  useGetSegmentStatisticsQuery,
  useGetSegmentActivityLogsQuery,
  useGetSegmentAnalyticsQuery,
  useGetContactTimelineQuery,
  useSearchContactsQuery,
  useStartBulkOperationMutation,
  useGetBulkOperationQuery,
} = segmentExtras;

/** SPEC §4 and §8: a contact save or delete leaves a success or an error flag plus the request's message. */
export const outreachContactRequestState = (result: Parameters<typeof requestState>[0]): RequestState => requestState(result, 'An error occurred');
