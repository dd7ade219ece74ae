import type { Answer } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { ReportData, ReportType } from '@common/reports/types';
import type { ReportInput, ReportSettings } from '@common/schemas/reports';
import type { ListParams } from '@/components/data-table/query';
import { api } from '@/store/api';

/** GET /reports/json rows: a saved definition (its figures come from /reports/{id}/data). */
export type ReportRow = {
  id: number;
  name: string;
  type: ReportType;
  description: string | null;
  settings: ReportSettings;
  created_at: string;
  updated_at: string;
};

/** a reading's overrides of the saved settings (Show's period switch) */
export type ReportReading = { id: number } & Partial<Record<'period' | 'range' | 'date_from' | 'date_to' | 'as_of', string>>;

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReports: build.query<Paginator<ReportRow>, ListParams | Record<string, string | number | boolean | undefined>>({
      query: (params) => ({ url: '/reports/json', params }),
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    getReport: build.query<ReportRow, number>({
      query: (id) => `/reports/get-report/${id}`,
      transformResponse: (r: { data: ReportRow }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Report', id }],
    }),
    getReportData: build.query<ReportData, ReportReading>({
      query: ({ id, ...params }) => ({ url: `/reports/${id}/data`, params }),
      transformResponse: (r: { data: ReportData }) => r.data,
      providesTags: (_r, _e, { id }) => [{ type: 'Report', id }],
    }),
    createReport: build.mutation<Answer<ReportRow>, ReportInput>({
      query: (body) => ({ url: '/reports/store', method: 'POST', body }),
      invalidatesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    updateReport: build.mutation<Answer<ReportRow>, { id: number } & Partial<ReportInput>>({
      query: ({ id, ...body }) => ({ url: `/reports/update/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Report', id: 'LIST' }, { type: 'Report', id }],
    }),
    deleteReport: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/reports/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    createStandardReports: build.mutation<{ message: string; added: number }, void>({
      query: () => ({ url: '/reports/standard', method: 'POST', body: {} }),
      invalidatesTags: [{ type: 'Report', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetReportsQuery,
  useGetReportQuery,
  useGetReportDataQuery,
  useCreateReportMutation,
  useUpdateReportMutation,
  useDeleteReportMutation,
  useCreateStandardReportsMutation,
} = reportsApi;
