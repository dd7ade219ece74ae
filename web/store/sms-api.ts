import type { Answer, One } from '@common/answers/http';
import type {
  SmsCounts,
  SmsDraft,
  SmsMessageRow,
  SmsPreview,
  SmsSettings,
  SmsTotals,
  SmsTransactionDetail,
  SmsTransactionRow,
} from '@common/answers/sms';
import { api } from './api';
import { resourceApi } from './resource-api';

// Bulk SMS (SPEC §7 SMS; issue 16): the sends, their recipients, the figures and the sending
// rules, read against common/answers/sms.ts. Every write that may move a send or a balance
// invalidates the 'Sms' tags (the counts, lists and chart follow) and the wallet's figures.

export type { SmsCounts, SmsDraft, SmsMessageRow, SmsPreview, SmsSettings, SmsTotals, SmsTransactionDetail, SmsTransactionRow } from '@common/answers/sms';

/** the Overview chart's periods (GET /sms/transactions/totals?type=) */
export const SMS_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type SmsPeriod = (typeof SMS_PERIODS)[number];

/** The sends: GET /sms/messages/json, get-message/{id}, PUT update/{id} (while scheduled), DELETE delete/{id}. */
export const { useGetSmsMessagesQuery, useGetSmsMessageQuery, useUpdateSmsMessageMutation, useDeleteSmsMessageMutation } = resourceApi<SmsMessageRow, SmsDraft>()({
  one: 'SmsMessage',
  many: 'SmsMessages',
  base: '/sms/messages',
  singular: 'message',
  tag: 'Sms',
  touches: ['Wallet'],
});

/** The recipients: GET /sms/transactions/json (message_id, state, search…). */
export const { useGetSmsTransactionsQuery } = resourceApi<SmsTransactionRow, never>()({
  one: 'SmsTransaction',
  many: 'SmsTransactions',
  base: '/sms/transactions',
  singular: 'transaction',
  tag: 'Sms',
});

/** What a pause, resume or cancel acts on. */
export type SmsAction = 'pause' | 'resume' | 'cancel';

const SMS_FIGURES = (['LIST', 'COUNT', 'TOTALS', 'RECENT'] as const).map((id) => ({ type: 'Sms' as const, id }));
const WALLET = [{ type: 'Wallet' as const, id: 'METRICS' }, { type: 'Wallet' as const, id: 'LIST' }];

const smsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /sms/count → sends by status (total, scheduled, sent, processing) */
    getSmsCounts: build.query<SmsCounts, void>({
      query: () => ({ url: '/sms/count' }),
      transformResponse: (answer: One<SmsCounts>) => answer.data,
      providesTags: [{ type: 'Sms', id: 'COUNT' }],
    }),
    /** GET /sms/transactions/totals?type=30d → the period's figures and a point per day (month) */
    getSmsTotals: build.query<SmsTotals, SmsPeriod>({
      query: (type) => ({ url: '/sms/transactions/totals', params: { type } }),
      transformResponse: (answer: One<SmsTotals>) => answer.data,
      providesTags: [{ type: 'Sms', id: 'TOTALS' }],
    }),
    /** GET /sms/transactions/recent → the 10 latest recipients */
    getRecentSmsTransactions: build.query<SmsTransactionRow[], void>({
      query: () => ({ url: '/sms/transactions/recent' }),
      transformResponse: (answer: One<SmsTransactionRow[]>) => answer.data,
      providesTags: [{ type: 'Sms', id: 'RECENT' }],
    }),
    /** POST /sms/preview {draft} → recipients, encoding, parts and credits; nothing is written (a mutation: every edit asks anew) */
    previewSms: build.mutation<SmsPreview, SmsDraft>({
      query: (body) => ({ url: '/sms/preview', method: 'POST', body }),
      transformResponse: (answer: One<SmsPreview>) => answer.data,
    }),
    /** POST /sms/store {draft} → 201 the send; 402 when the wallet is short, 422 on bad input or no recipient */
    createSms: build.mutation<Answer<SmsMessageRow>, SmsDraft>({
      query: (body) => ({ url: '/sms/store', method: 'POST', body }),
      invalidatesTags: [...SMS_FIGURES, ...WALLET],
    }),
    /** POST /sms/messages/{pause|resume|cancel}/{id} → the send in its new state */
    actOnSms: build.mutation<Answer<SmsMessageRow>, { id: number; action: SmsAction }>({
      query: ({ id, action }) => ({ url: `/sms/messages/${action}/${id}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [...SMS_FIGURES, { type: 'Sms', id }, ...WALLET],
    }),
    /** GET /sms/transactions/get-transaction/{id} → one recipient with its history */
    getSmsTransactionDetail: build.query<SmsTransactionDetail, number>({
      query: (id) => ({ url: `/sms/transactions/get-transaction/${id}` }),
      transformResponse: (answer: One<SmsTransactionDetail>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Sms', id: `TRANSACTION-${id}` }],
    }),
    /** GET /sms/settings → quiet hours, the automatic pause and the sender IDs */
    getSmsSettings: build.query<SmsSettings, void>({
      query: () => ({ url: '/sms/settings' }),
      transformResponse: (answer: One<SmsSettings>) => answer.data,
      providesTags: [{ type: 'Sms', id: 'SETTINGS' }],
    }),
    /** PUT /sms/settings {settings} → the company's sending rules */
    saveSmsSettings: build.mutation<Answer<SmsSettings>, SmsSettings>({
      query: (body) => ({ url: '/sms/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Sms', id: 'SETTINGS' }],
    }),
  }),
});

export const {
  useGetSmsCountsQuery,
  useGetSmsTotalsQuery,
  useGetRecentSmsTransactionsQuery,
  useGetSmsTransactionDetailQuery,
  usePreviewSmsMutation,
  useCreateSmsMutation,
  useActOnSmsMutation,
  useGetSmsSettingsQuery,
  useSaveSmsSettingsMutation,
} = smsApi;
