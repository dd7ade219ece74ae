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
  }),
});

export const { useGetOperatorPaymentsQuery, useApproveOfflinePaymentMutation, useRejectOfflinePaymentMutation } = operatorApi;
