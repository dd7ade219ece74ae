import type { Paginator } from '@common/schemas/list-query';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

/** A payment as GET /operator/payments/json lists it (server/modules/payments/operator.ts). */
export type OperatorPaymentRow = {
  tenant_id: number;
  id: number;
  company: string;
  purpose: string;
  reference: string;
  description: string;
  amount: string;
  currency: string;
  driver: string;
  status: string;
  provider_ref: string | null;
  provider_receipt: string | null;
  failure_reason: string | null;
  late: boolean;
  created_by_name: string | null;
  expires_at: string;
  settled_at: string | null;
  created_at: string;
};

type Decision = { tenant_id: number; id: number };

/** The rates as GET /operator/rates/json answers them (server/modules/wallet/rates.ts). */
export type OperatorRates = {
  credit_price: Record<string, string>;
  service: Record<string, string>;
  packages: { credits: string; label: string }[];
  min_credits: string;
  max_credits: string;
};
/** What PUT /operator/rates and a company's override take: the parts named change, the others stay. */
export type OperatorRatesInput = Partial<OperatorRates>;
/** A company's override: as OperatorRatesInput, and a part given as null is cleared (it pays the platform's again). */
export type CompanyRatesInput = {
  credit_price?: Record<string, string | null>;
  service?: Record<string, string | null>;
  packages?: OperatorRates['packages'] | null;
  min_credits?: string | null;
  max_credits?: string | null;
};
/** A company as GET /operator/companies/json lists it (server/modules/platform/companies.ts). */
export type OperatorCompanyRow = { id: number; name: string; created_at: string };
/** GET /operator/rates/companies/{tenant}: what it pays, and the parts of it that are its own. */
export type CompanyRates = { company: { id: number; name: string }; override: OperatorRatesInput | null; effective: OperatorRates };

const RATES = { type: 'Wallet' as const, id: 'OPERATOR-RATES' };

/** The platform operator's payments: the list across companies, and the approval or rejection of an offline one. */
export const operatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOperatorPayments: build.query<Paginator<OperatorPaymentRow>, ListParams>({
      query: (params) => ({ url: '/operator/payments/json', params }),
      providesTags: [{ type: 'Wallet' as const, id: 'OPERATOR-PAYMENTS' }],
    }),
    approveOfflinePayment: build.mutation<{ message: string }, Decision & { receipt?: string }>({
      query: ({ tenant_id, id, receipt }) => ({ url: `/operator/payments/${tenant_id}/${id}/approve`, method: 'POST', body: { receipt: receipt || null } }),
      invalidatesTags: ['Wallet'],
    }),
    rejectOfflinePayment: build.mutation<{ message: string }, Decision & { reason: string }>({
      query: ({ tenant_id, id, reason }) => ({ url: `/operator/payments/${tenant_id}/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Wallet'],
    }),
    getOperatorRates: build.query<OperatorRates, void>({
      query: () => '/operator/rates/json',
      transformResponse: (r: { data: OperatorRates }) => r.data,
      providesTags: [RATES],
    }),
    updateOperatorRates: build.mutation<{ message: string; data: OperatorRates }, OperatorRatesInput>({
      query: (body) => ({ url: '/operator/rates', method: 'PUT', body }),
      invalidatesTags: ['Wallet'],
    }),
    getOperatorCompanies: build.query<Paginator<OperatorCompanyRow>, { search?: string; per_page?: number }>({
      query: (params) => ({ url: '/operator/companies/json', params }),
    }),
    getCompanyRates: build.query<CompanyRates, number>({
      query: (tenant) => `/operator/rates/companies/${tenant}`,
      transformResponse: (r: { data: CompanyRates }) => r.data,
      providesTags: (_r, _e, tenant) => [{ type: 'Wallet' as const, id: `OPERATOR-RATES-${tenant}` }],
    }),
    updateCompanyRates: build.mutation<{ message: string; data: CompanyRates }, { tenant: number; body: CompanyRatesInput }>({
      query: ({ tenant, body }) => ({ url: `/operator/rates/companies/${tenant}`, method: 'PUT', body }),
      invalidatesTags: ['Wallet'],
    }),
    removeCompanyRates: build.mutation<{ message: string }, number>({
      query: (tenant) => ({ url: `/operator/rates/companies/${tenant}`, method: 'DELETE' }),
      invalidatesTags: ['Wallet'],
    }),
  }),
});

export const {
  useGetOperatorRatesQuery,
  useUpdateOperatorRatesMutation,
  useGetOperatorCompaniesQuery,
  useGetCompanyRatesQuery,
  useUpdateCompanyRatesMutation,
  useRemoveCompanyRatesMutation,
} = operatorApi;
export const { useGetOperatorPaymentsQuery, useApproveOfflinePaymentMutation, useRejectOfflinePaymentMutation } = operatorApi;
