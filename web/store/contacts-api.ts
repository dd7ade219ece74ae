import type { ContactRow, ContactType } from '@common/answers/accounting';
import type { Answer } from '@common/answers/http';
import type { CurrencyFormat } from '@common/money';
import type { Paginator } from '@common/schemas/list-query';
import type { ContactInput } from '@common/schemas/accounting';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';
import { requestState, type RequestState } from './resource-api';

// The row lives in common/answers/accounting.ts; the contact pages import it from here.
export type { ContactRow, ContactType } from '@common/answers/accounting';

/** GET /accounting/contacts/summary/{id} → data: a contact's figures in the default currency. */
export type ContactSummary = {
  contact_id: number;
  type: ContactType;
  currency: CurrencyFormat & { name: string };
  total_paid: string;
  transactions_count: number;
  first_paid_at: string | null;
  last_paid_at: string | null;
  balance: string;
  balance_account: 'receivables' | 'payables';
};

/** A row of GET /banking/transactions/json?contact_id= (the fields the contact's page shows). */
export type ContactTransactionRow = {
  id: number;
  number: string;
  type: 'income' | 'expense';
  paid_at: string;
  amount: string;
  currency_code: string;
  account_name: string | null;
  category_name: string | null;
};

/** Customers and vendors: one set of endpoints told apart by `type` (SPEC §7). */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /accounting/contacts/json (type, search, page, per_page, sort, enabled) → paginator */
    getContacts: build.query<Paginator<ContactRow>, ListParams>({
      query: (params) => ({ url: '/accounting/contacts/json', params }),
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    getContactSummary: build.query<ContactSummary, number>({
      query: (id) => `/accounting/contacts/summary/${id}`,
      transformResponse: (answer: { data: ContactSummary }) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }, { type: 'Transaction', id: 'LIST' }],
    }),
    /** GET /banking/transactions/json?contact_id= (the DataTable sends contact_id as a fixed param) */
    getContactTransactions: build.query<Paginator<ContactTransactionRow>, ListParams>({
      query: (params) => ({ url: '/banking/transactions/json', params }),
      providesTags: [{ type: 'Transaction', id: 'LIST' }],
    }),
    /** POST /accounting/contacts/store → 201 { message, data } */
    createContact: build.mutation<Answer<ContactRow>, ContactInput>({
      query: (body) => ({ url: '/accounting/contacts/store', method: 'POST', body }),
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    /** PUT /accounting/contacts/update/{id} → { message, data } */
    updateContact: build.mutation<Answer<ContactRow>, { id: number } & Partial<ContactInput>>({
      query: ({ id, ...body }) => ({ url: `/accounting/contacts/update/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id }],
    }),
    /** DELETE /accounting/contacts/delete/{id} → { message }; a contact with transactions answers 422 */
    deleteContact: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/accounting/contacts/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id }],
    }),
  }),
});

export const {
  useGetContactsQuery,
  useGetContactSummaryQuery,
  useGetContactTransactionsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
} = contactsApi;

/** SPEC §4: what a contact save or delete leaves: a success or an error flag plus the request's message. */
export type ContactRequestState = RequestState;

/**
 * The state of a contact save or delete from its mutation's result: the server's message on
 * success; on failure (SPEC §8: passed on as an error) the server's message, else the error's own.
 */
export const contactRequestState = (result: Parameters<typeof requestState>[0]): ContactRequestState => requestState(result, 'An error occurred');
