import type { Paginator } from '@common/schemas/list-query';
import type { BankAccountInput, TransactionInput, TransferInput } from '@common/schemas/banking';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

type Answer<T> = { message: string; data: T };

/** GET /banking/accounts/json rows; current_balance comes from the ledger. */
export type BankAccountRow = {
  id: number;
  name: string;
  number: string;
  currency_code: string;
  opening_balance: string;
  opening_date: string;
  current_balance: string;
  bank_name: string | null;
  bank_phone: string | null;
  bank_address: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
};

export type TransactionRow = {
  id: number;
  number: string;
  type: 'income' | 'expense';
  bank_account_id: number;
  account_name: string;
  paid_at: string;
  amount: string;
  currency_code: string;
  currency_rate: string;
  /** the amount in the default currency */
  amount_default: string;
  contact_id: number | null;
  contact_name: string | null;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  payment_method: string | null;
  reference: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
};

export type TransferRow = {
  id: number;
  from_account_id: number;
  from_account_name: string;
  from_currency: string;
  to_account_id: number;
  to_account_name: string;
  to_currency: string;
  transferred_at: string;
  amount: string;
  from_rate: string;
  to_amount: string;
  to_rate: string;
  amount_default: string;
  payment_method: string | null;
  reference: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
};

type Params = ListParams | Record<string, string | number | boolean | undefined>;

// Every write touches balances: an account's current balance follows its transactions and transfers.
const ALL = ['BankAccount', 'Transaction', 'Transfer'] as const;

/** The banking pages' calls (accounts, transactions, transfers). */
export const bankingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<Paginator<BankAccountRow>, Params>({
      query: (params) => ({ url: '/banking/accounts/json', params }),
      providesTags: [{ type: 'BankAccount', id: 'LIST' }],
    }),
    getAccount: build.query<BankAccountRow, number>({
      query: (id) => `/banking/accounts/get-account/${id}`,
      transformResponse: (r: { data: BankAccountRow }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'BankAccount', id }],
    }),
    createAccount: build.mutation<Answer<BankAccountRow>, BankAccountInput>({
      query: (body) => ({ url: '/banking/accounts/store', method: 'POST', body }),
      invalidatesTags: [...ALL],
    }),
    updateAccount: build.mutation<Answer<BankAccountRow>, { id: number } & Partial<BankAccountInput>>({
      query: ({ id, ...body }) => ({ url: `/banking/accounts/update/${id}`, method: 'PUT', body }),
      invalidatesTags: [...ALL],
    }),
    deleteAccount: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/banking/accounts/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [...ALL],
    }),

    getTransactions: build.query<Paginator<TransactionRow>, Params>({
      query: (params) => ({ url: '/banking/transactions/json', params }),
      providesTags: [{ type: 'Transaction', id: 'LIST' }],
    }),
    getTransaction: build.query<TransactionRow, number>({
      query: (id) => `/banking/transactions/get-transaction/${id}`,
      transformResponse: (r: { data: TransactionRow }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Transaction', id }],
    }),
    createTransaction: build.mutation<Answer<TransactionRow>, TransactionInput>({
      query: (body) => ({ url: '/banking/transactions/store', method: 'POST', body }),
      invalidatesTags: [...ALL],
    }),
    updateTransaction: build.mutation<Answer<TransactionRow>, { id: number } & Partial<TransactionInput>>({
      query: ({ id, ...body }) => ({ url: `/banking/transactions/update/${id}`, method: 'PUT', body }),
      invalidatesTags: [...ALL],
    }),
    deleteTransaction: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/banking/transactions/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [...ALL],
    }),

    getTransfers: build.query<Paginator<TransferRow>, Params>({
      query: (params) => ({ url: '/banking/transfers/json', params }),
      providesTags: [{ type: 'Transfer', id: 'LIST' }],
    }),
    getTransfer: build.query<TransferRow, number>({
      query: (id) => `/banking/transfers/get-transfer/${id}`,
      transformResponse: (r: { data: TransferRow }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Transfer', id }],
    }),
    createTransfer: build.mutation<Answer<TransferRow>, TransferInput>({
      query: (body) => ({ url: '/banking/transfers/store', method: 'POST', body }),
      invalidatesTags: [...ALL],
    }),
    updateTransfer: build.mutation<Answer<TransferRow>, { id: number } & Partial<TransferInput>>({
      query: ({ id, ...body }) => ({ url: `/banking/transfers/update/${id}`, method: 'PUT', body }),
      invalidatesTags: [...ALL],
    }),
    deleteTransfer: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/banking/transfers/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [...ALL],
    }),
  }),
});

export const {
  useGetAccountsQuery,
  useGetAccountQuery,
  useCreateAccountMutation,
  useUpdateAccountMutation,
  useDeleteAccountMutation,
  useGetTransactionsQuery,
  useGetTransactionQuery,
  useCreateTransactionMutation,
  useUpdateTransactionMutation,
  useDeleteTransactionMutation,
  useGetTransfersQuery,
  useGetTransferQuery,
  useCreateTransferMutation,
  useUpdateTransferMutation,
  useDeleteTransferMutation,
} = bankingApi;
