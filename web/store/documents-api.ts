import type { Answer } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { DocumentInput, DocumentPaymentInput } from '@common/schemas/documents';
import type { documentRecurringSchema } from '@common/schemas/documents';
import type { z } from 'zod';
import type { DocumentRow, FullDocument } from '@common/answers/documents';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

// The row and the full document live in common/answers/documents.ts; the document pages and
// components still import them from here.
export type { DocumentRow, FullDocument } from '@common/answers/documents';
export type { DocumentLine, DocumentLineTax, DocumentPayment } from '@common/documents/types';

/** A line of a document's timeline (GET /accounting/documents/comments/{id}), newest first. */
export type HistoryEntry = {
  id: number;
  type: string;
  status: string | null;
  description: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
};

type Params = ListParams | Record<string, string | number | boolean | undefined>;

// a payment moves balances and transactions too; a document write changes its list and its timeline
const WRITES = ['Document', 'Comment', 'Transaction', 'BankAccount'] as const;

/** The calls of the invoice, estimate and bill pages (SPEC §7 "Accounting documents"). */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocuments: build.query<Paginator<DocumentRow>, Params>({
      query: (params) => ({ url: '/accounting/documents/json', params }),
      providesTags: [{ type: 'Document', id: 'LIST' }],
    }),
    getDocument: build.query<FullDocument, number>({
      query: (id) => `/accounting/documents/get-document/${id}`,
      transformResponse: (r: { data: FullDocument }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Document', id }],
    }),
    createDocument: build.mutation<Answer<FullDocument>, DocumentInput>({
      query: (body) => ({ url: '/accounting/documents/store', method: 'POST', body }),
      invalidatesTags: [...WRITES],
    }),
    updateDocument: build.mutation<Answer<FullDocument>, { id: number } & DocumentInput>({
      query: ({ id, ...body }) => ({ url: `/accounting/documents/update/${id}`, method: 'PUT', body }),
      invalidatesTags: [...WRITES],
    }),
    deleteDocument: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/accounting/documents/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [...WRITES],
    }),
    updateDocumentStatus: build.mutation<Answer<FullDocument>, { id: number; status: string }>({
      query: ({ id, status }) => ({ url: `/accounting/documents/update-status/${id}`, method: 'POST', body: { status } }),
      invalidatesTags: [...WRITES],
    }),
    recordPayment: build.mutation<Answer<FullDocument>, { id: number } & DocumentPaymentInput>({
      query: ({ id, ...body }) => ({ url: `/accounting/documents/payments/store/${id}`, method: 'POST', body }),
      invalidatesTags: [...WRITES],
    }),
    deletePayment: build.mutation<Answer<FullDocument>, { id: number; transactionId: number }>({
      query: ({ id, transactionId }) => ({ url: `/accounting/documents/payments/delete/${id}/${transactionId}`, method: 'DELETE' }),
      invalidatesTags: [...WRITES],
    }),
    generateInvoice: build.mutation<Answer<FullDocument>, number>({
      query: (id) => ({ url: `/accounting/documents/generate-invoice/${id}`, method: 'POST' }),
      invalidatesTags: [...WRITES],
    }),
    getComments: build.query<HistoryEntry[], number>({
      query: (id) => `/accounting/documents/comments/${id}`,
      transformResponse: (r: { data: HistoryEntry[] }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Comment', id }],
    }),
    addComment: build.mutation<Answer<HistoryEntry>, { id: number; description: string }>({
      query: ({ id, description }) => ({ url: `/accounting/documents/comments/store/${id}`, method: 'POST', body: { description } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Comment', id }],
    }),
    sendDocument: build.mutation<{ message: string }, { id: number; to?: string; subject?: string; body?: string }>({
      query: ({ id, ...body }) => ({ url: `/accounting/documents/send-mail/${id}`, method: 'POST', body }),
      invalidatesTags: [...WRITES],
    }),
    // Recurring invoices (docs/decisions/0014-recurring-invoices-and-document-imports.md). The
    // recurrence is tagged as a part of its document, so a status change (a cancel) refreshes it
    // too; setting or stopping it writes a line on the timeline.
    getRecurrence: build.query<DocumentRecurrence | null, number>({
      query: (id) => `/accounting/documents/recurring/${id}`,
      transformResponse: (r: { data: DocumentRecurrence | null }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Document', id: `recurring-${id}` }],
    }),
    setRecurrence: build.mutation<Answer<DocumentRecurrence>, { id: number } & DocumentRecurrenceInput>({
      query: ({ id, ...body }) => ({ url: `/accounting/documents/recurring/${id}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Document', id: `recurring-${id}` }, { type: 'Comment', id }],
    }),
    stopRecurrence: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/accounting/documents/recurring/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Document', id: `recurring-${id}` }, { type: 'Comment', id }],
    }),
  }),
});

/** GET /accounting/documents/recurring/{id}: an invoice's schedule, what it made and when it makes the next one. */
export type DocumentRecurrence = {
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval: number;
  starts_at: string;
  ends_at: string | null;
  count: number | null;
  /** invoices made from it so far */
  generated: number;
  /** the day of the next invoice; null when none is left to make */
  next_at: string | null;
};
export type DocumentRecurrenceInput = z.input<typeof documentRecurringSchema>;

export const {
  useGetDocumentsQuery,
  useGetDocumentQuery,
  useCreateDocumentMutation,
  useUpdateDocumentMutation,
  useDeleteDocumentMutation,
  useUpdateDocumentStatusMutation,
  useRecordPaymentMutation,
  useDeletePaymentMutation,
  useGenerateInvoiceMutation,
  useGetCommentsQuery,
  useAddCommentMutation,
  useSendDocumentMutation,
  useGetRecurrenceQuery,
  useSetRecurrenceMutation,
  useStopRecurrenceMutation,
} = documentsApi;
