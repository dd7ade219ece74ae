import type { Paginator } from '@common/schemas/list-query';
import type { BillingInterval, PlanChangeQuote, PlanInput, PlanRow, SubscriptionInvoiceRow, SubscriptionPage } from '@common/subscriptions';
import type { PaymentDriver } from '@common/wallet';
import { api } from './api';

type Message<T = undefined> = { message: string; data: T };
export type OperatorPlanRow = PlanRow & { subscribers: number };
export type GetStartedInput =
  | { step: 'company'; company_name: string; phone?: string | null; industry?: string | null; team_size?: string | null }
  | { step: 'plan'; plan_id: number; interval: BillingInterval; start: 'trial' | 'pay' };

/** Plans, onboarding and the company's subscription (server/modules/subscriptions; docs/decisions/0046). */
export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<PlanRow[], void>({
      query: () => '/get-plans',
      transformResponse: (r: { data: PlanRow[] }) => r.data,
      providesTags: ['Plan'],
    }),
    getStarted: build.mutation<Message<{ next: string }>, GetStartedInput>({
      query: (body) => ({ url: '/get-started', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    getSubscription: build.query<SubscriptionPage, void>({
      query: () => '/subscriptions/json',
      transformResponse: (r: { data: SubscriptionPage }) => r.data,
      providesTags: ['Subscription'],
    }),
    getQuote: build.query<PlanChangeQuote, { plan_id: number; interval: BillingInterval }>({
      query: (params) => ({ url: '/subscriptions/quote', params }),
      transformResponse: (r: { data: PlanChangeQuote }) => r.data,
    }),
    changePlan: build.mutation<Message<{ quote: PlanChangeQuote; invoice_id: number | null }>, { plan_id: number; interval: BillingInterval }>({
      query: (body) => ({ url: '/subscriptions/change', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    subscribe: build.mutation<Message<{ invoice_id: number }>, { plan_id: number; interval: BillingInterval }>({
      query: (body) => ({ url: '/subscriptions/subscribe', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    cancelSubscription: build.mutation<{ message: string }, 'cancel' | 'resume'>({
      query: (what) => ({ url: `/subscriptions/${what}`, method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    getInvoices: build.query<Paginator<SubscriptionInvoiceRow>, { page: number }>({
      query: (params) => ({ url: '/subscriptions/invoices/json', params }),
      providesTags: ['Subscription'],
    }),
    getInvoice: build.query<SubscriptionInvoiceRow, number>({
      query: (id) => `/subscriptions/invoices/${id}`,
      transformResponse: (r: { data: SubscriptionInvoiceRow }) => r.data,
      providesTags: ['Subscription'],
    }),
    payInvoice: build.mutation<Message<SubscriptionInvoiceRow>, { id: number; driver: PaymentDriver; phone?: string | null; return_to: 'onboarding' | 'subscriptions' }>({
      query: ({ id, ...body }) => ({ url: `/subscriptions/invoices/${id}/pay`, method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    getOperatorPlans: build.query<OperatorPlanRow[], void>({
      query: () => '/operator/plans/json',
      transformResponse: (r: { data: OperatorPlanRow[] }) => r.data,
      providesTags: ['Plan'],
    }),
    savePlan: build.mutation<Message<PlanRow>, { id: number | null; body: PlanInput }>({
      query: ({ id, body }) => (id ? { url: `/operator/plans/update/${id}`, method: 'PUT', body } : { url: '/operator/plans/store', method: 'POST', body }),
      invalidatesTags: ['Plan'],
    }),
    deletePlan: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/operator/plans/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Plan'],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetStartedMutation,
  useGetSubscriptionQuery,
  useGetQuoteQuery,
  useChangePlanMutation,
  useSubscribeMutation,
  useCancelSubscriptionMutation,
  useGetInvoicesQuery,
  useGetInvoiceQuery,
  usePayInvoiceMutation,
  useGetOperatorPlansQuery,
  useSavePlanMutation,
  useDeletePlanMutation,
} = subscriptionsApi;
