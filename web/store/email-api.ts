import type { EmailMetrics, EmailPeriod, EmailPreview, EmailSendRow, EmailTransactionRow, EmailTransactionTotals } from '@common/answers/email-sending';
import type { Answer, One } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

// Email sending (SPEC §7 Email): the metrics and graphs, the sends (group transactions) and their
// recipients (transactions), the compose dialog's preview and send. A send invalidates the
// 'Email' tags and the wallet's figures (its credits are held at once).

export type { EmailMetrics, EmailPeriod, EmailPreview, EmailSendRow, EmailTransactionRow, EmailTransactionTotals } from '@common/answers/email-sending';

/** POST /email/send and /email/preview */
export type EmailDraft = {
  subject: string;
  html?: string;
  template_id?: number | null;
  text?: string;
  to?: string[];
  audience?: { contact_ids: number[]; segment_ids: number[] };
  from_name?: string | null;
  reply_to?: string | null;
  scheduled_at?: string | null;
  preview_contact_id?: number | null;
};

export type EmailSendAction = 'pause' | 'resume' | 'cancel';

const EMAIL = (['METRICS', 'TOTALS', 'SENDS', 'LIST'] as const).map((id) => ({ type: 'Email' as const, id }));

const emailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /email/metrics?period= → figures, rates and the chart's series */
    getEmailMetrics: build.query<EmailMetrics, EmailPeriod>({
      query: (period) => ({ url: '/email/metrics', params: { period } }),
      transformResponse: (answer: One<EmailMetrics>) => answer.data,
      providesTags: [{ type: 'Email', id: 'METRICS' }],
    }),
    /** GET /email/transaction-totals?filter=SENT|FAILED&filter_value=period → one graph */
    getEmailTransactionTotals: build.query<EmailTransactionTotals, { filter: 'SENT' | 'FAILED'; filter_value: EmailPeriod }>({
      query: (params) => ({ url: '/email/transaction-totals', params }),
      transformResponse: (answer: One<EmailTransactionTotals>) => answer.data,
      providesTags: [{ type: 'Email', id: 'TOTALS' }],
    }),
    /** GET /email/group-transactions/json → paginator of sends with totals and rates */
    getEmailSends: build.query<Paginator<EmailSendRow>, ListParams>({
      query: (params) => ({ url: '/email/group-transactions/json', params }),
      providesTags: [{ type: 'Email', id: 'SENDS' }],
    }),
    /** GET /email/transactions/json (page, per_page, search, sort, state, status, send_id) → paginator of recipients */
    getEmailTransactions: build.query<Paginator<EmailTransactionRow>, ListParams>({
      query: (params) => ({ url: '/email/transactions/json', params }),
      providesTags: [{ type: 'Email', id: 'LIST' }],
    }),
    /** GET /email/webhook-url → the address to give Mailgun for its events */
    getEmailWebhookUrl: build.query<string, void>({
      query: () => ({ url: '/email/webhook-url' }),
      transformResponse: (answer: One<{ url: string }>) => answer.data.url,
    }),
    /** POST /email/preview → who it reaches, what it costs, the HTML for a sample contact */
    previewEmail: build.mutation<EmailPreview, EmailDraft>({
      query: (body) => ({ url: '/email/preview', method: 'POST', body }),
      transformResponse: (answer: One<EmailPreview>) => answer.data,
    }),
    /** POST /email/send → 201 { message, data: the send } */
    sendEmail: build.mutation<Answer<EmailSendRow>, EmailDraft>({
      query: (body) => ({ url: '/email/send', method: 'POST', body }),
      invalidatesTags: [...EMAIL, { type: 'Wallet', id: 'METRICS' }, { type: 'Wallet', id: 'LIST' }],
    }),
    /** POST /email/group-transactions/{pause|resume|cancel}/{id} → { message, data: the send } */
    changeEmailSend: build.mutation<Answer<EmailSendRow>, { id: number; action: EmailSendAction }>({
      query: ({ id, action }) => ({ url: `/email/group-transactions/${action}/${id}`, method: 'POST', body: {} }),
      invalidatesTags: [...EMAIL, { type: 'Wallet', id: 'METRICS' }, { type: 'Wallet', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetEmailMetricsQuery,
  useGetEmailTransactionTotalsQuery,
  useGetEmailSendsQuery,
  useGetEmailTransactionsQuery,
  useGetEmailWebhookUrlQuery,
  usePreviewEmailMutation,
  useSendEmailMutation,
  useChangeEmailSendMutation,
} = emailApi;
