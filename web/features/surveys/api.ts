import type { Paginator } from '@common/schemas/list-query';
import type { QuestionResult, SurveyInput, SurveyResponseRow, SurveyRow, SurveySendInput, SurveySendRow } from '@common/surveys';
import { api } from '@/store/api';
import { resourceApi } from '@/store/resource-api';

// Surveys (decision 0048): the resource through the factory of decision 0017, and the module's own endpoints.

export type { SurveyRow } from '@common/surveys';

export const { useGetSurveysQuery, useGetSurveyQuery, useCreateSurveyMutation, useUpdateSurveyMutation, useDeleteSurveyMutation } = resourceApi<SurveyRow, SurveyInput>()({
  one: 'Survey',
  many: 'Surveys',
  base: '/surveys',
  tag: 'Survey',
  touches: ['SurveyResult'],
});

export type ResultsFilter = { survey_id?: number; campaign_id?: number; event_id?: number; group_id?: number; is_participant?: boolean; date_from?: string; date_to?: string; page?: number; per_page?: number };
export type ResultsPage = Paginator<SurveyResponseRow> & { summary: QuestionResult[] | null };

const clean = (f: ResultsFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '' && v !== null));

const surveysApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /surveys/results/json: the responses (paged) and, for one survey, every question's results */
    getSurveyResults: build.query<ResultsPage, ResultsFilter>({
      query: (f) => ({ url: '/surveys/results/json', params: clean(f) }),
      providesTags: [{ type: 'SurveyResult', id: 'LIST' }],
    }),
    /** GET /surveys/results/count: SPEC §3 survey response counts */
    getSurveyResultsCount: build.query<{ data: number; event_count: number }, ResultsFilter>({
      query: (f) => ({ url: '/surveys/results/count', params: clean(f) }),
      providesTags: [{ type: 'SurveyResult', id: 'LIST' }],
    }),
    closeSurvey: build.mutation<{ message: string; data: SurveyRow }, { id: number; close: boolean }>({
      query: ({ id, close }) => ({ url: `/surveys/${close ? 'close' : 'open'}-survey/${id}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Survey', id }, { type: 'Survey', id: 'LIST' }],
    }),
    /** GET /events/get-surveys/{id}: the event's surveys (and its group's), with the event's own responses */
    getEventSurveys: build.query<(SurveyRow & { event_responses: number })[], number>({
      query: (eventId) => `/events/get-surveys/${eventId}`,
      transformResponse: (a: { data: (SurveyRow & { event_responses: number })[] }) => a.data,
      providesTags: [{ type: 'Survey', id: 'LIST' }],
    }),
    /** POST /surveys/send-survey/{id}: the survey by SMS and/or email, each recipient with their personal link */
    sendSurvey: build.mutation<{ message: string; data: { recipients: number; send_ids: number[] } }, { id: number; body: SurveySendInput }>({
      query: ({ id, body }) => ({ url: `/surveys/send-survey/${id}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Survey', id: `SENDS-${id}` }],
    }),
    /** GET /surveys/get-sends/{id}: the survey's sends with their recipients' counts by state */
    getSurveySends: build.query<SurveySendRow[], number>({
      query: (id) => `/surveys/get-sends/${id}`,
      transformResponse: (a: { data: SurveySendRow[] }) => a.data,
      providesTags: (_r, _e, id) => [{ type: 'Survey', id: `SENDS-${id}` }],
    }),
    getGroupSurveys: build.query<SurveyRow[], number>({
      query: (groupId) => ({ url: '/groups/surveys', params: { group_id: groupId } }),
      transformResponse: (a: { data: SurveyRow[] }) => a.data,
      providesTags: [{ type: 'Survey', id: 'LIST' }],
    }),
    linkGroupSurvey: build.mutation<{ message: string }, { group_id: number; survey_id: number | null; participant: boolean }>({
      query: ({ participant, ...body }) => ({ url: participant ? '/groups/link-participant-survey' : '/groups/link-survey', method: 'POST', body }),
      invalidatesTags: [{ type: 'Survey', id: 'LIST' }],
    }),
  }),
});

export const { useGetEventSurveysQuery, useGetSurveyResultsQuery, useGetSurveyResultsCountQuery, useCloseSurveyMutation, useGetGroupSurveysQuery, useLinkGroupSurveyMutation, useSendSurveyMutation, useGetSurveySendsQuery } = surveysApi;
