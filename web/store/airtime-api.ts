import type { AirtimeDraft, AirtimeMetrics, AirtimePeriod, AirtimeSendRow, AirtimeTotals, AirtimeTransactionRow, AirtimeTransactionsTotals } from '@common/answers/airtime';
import type { Answer, One } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

// Airtime top-ups (SPEC §7 Airtime): the figures, the chart, the sends and their top-ups, read
// against the shared answer shapes of common/answers/airtime.ts. A send invalidates the 'Airtime'
// tags and the wallet's figures (its credits are held at once).

export type { AirtimeDraft, AirtimeMetrics, AirtimePeriod, AirtimeSendRow, AirtimeTotals, AirtimeTransactionRow, AirtimeTransactionsTotals } from '@common/answers/airtime';

const AIRTIME = (['METRICS', 'TOTALS', 'SENDS', 'LIST'] as const).map((id) => ({ type: 'Airtime' as const, id }));

const airtimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /airtime/metrics → total, scheduled, pending, successful, failed, total_sent (SPEC §3) */
    getAirtimeMetrics: build.query<AirtimeMetrics, void>({
      query: () => ({ url: '/airtime/metrics' }),
      transformResponse: (answer: One<AirtimeMetrics>) => answer.data,
      providesTags: [{ type: 'Airtime', id: 'METRICS' }],
    }),
    /** GET /airtime/totals?type=7d|30d|90d|365d → the chart over the period */
    getAirtimeTotals: build.query<AirtimeTotals, AirtimePeriod>({
      query: (type) => ({ url: '/airtime/totals', params: { type } }),
      transformResponse: (answer: One<AirtimeTotals>) => answer.data,
      providesTags: [{ type: 'Airtime', id: 'TOTALS' }],
    }),
    /** GET /airtime/transactions-totals → top-ups by state and the amounts by outcome */
    getAirtimeTransactionsTotals: build.query<AirtimeTransactionsTotals, void>({
      query: () => ({ url: '/airtime/transactions-totals' }),
      transformResponse: (answer: One<AirtimeTransactionsTotals>) => answer.data,
      providesTags: [{ type: 'Airtime', id: 'LIST' }],
    }),
    /** GET /airtime/sends/json (page, per_page, sort, status) → paginator of sends */
    getAirtimeSends: build.query<Paginator<AirtimeSendRow>, ListParams>({
      query: (params) => ({ url: '/airtime/sends/json', params }),
      providesTags: [{ type: 'Airtime', id: 'SENDS' }],
    }),
    /** GET /airtime/transactions/json (page, per_page, search, sort, state, send_id, contact_id) → paginator of top-ups */
    getAirtimeTransactions: build.query<Paginator<AirtimeTransactionRow>, ListParams>({
      query: (params) => ({ url: '/airtime/transactions/json', params }),
      providesTags: [{ type: 'Airtime', id: 'LIST' }],
    }),
    /** POST /airtime/send → 201 { message, data: the send } */
    sendAirtime: build.mutation<Answer<AirtimeSendRow>, AirtimeDraft>({
      query: (body) => ({ url: '/airtime/send', method: 'POST', body }),
      invalidatesTags: [...AIRTIME, { type: 'Wallet', id: 'METRICS' }, { type: 'Wallet', id: 'LIST' }],
    }),
    /** POST /airtime/sends/{pause|resume|cancel}/{id} → { message, data: the send } */
    changeAirtimeSend: build.mutation<Answer<AirtimeSendRow>, { id: number; action: AirtimeSendAction }>({
      query: ({ id, action }) => ({ url: `/airtime/sends/${action}/${id}`, method: 'POST', body: {} }),
      invalidatesTags: [...AIRTIME, { type: 'Wallet', id: 'METRICS' }, { type: 'Wallet', id: 'LIST' }],
    }),
  }),
});

export type AirtimeSendAction = 'pause' | 'resume' | 'cancel';

export const {
  useGetAirtimeMetricsQuery,
  useGetAirtimeTotalsQuery,
  useGetAirtimeTransactionsTotalsQuery,
  useGetAirtimeSendsQuery,
  useGetAirtimeTransactionsQuery,
  useSendAirtimeMutation,
  useChangeAirtimeSendMutation,
} = airtimeApi;
