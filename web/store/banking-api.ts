import type { BankAccountRow, TransactionRow, TransferRow } from '@common/answers/banking';
import type { BankAccountInput, TransactionInput, TransferInput } from '@common/schemas/banking';
import type { TagType } from './api';
import { resourceApi } from './resource-api';

// The row types live in common/answers/banking.ts; the banking forms of web/components/banking
// still import them from here.
export type { BankAccountRow, TransactionRow, TransferRow } from '@common/answers/banking';

// Every write touches balances: an account's current balance follows its transactions and transfers.
const ALL: readonly TagType[] = ['BankAccount', 'Transaction', 'Transfer'];

/** The banking pages' calls: accounts, transactions and transfers, each the resource's five endpoints. */
export const accountsApi = resourceApi<BankAccountRow, BankAccountInput>()({ one: 'Account', many: 'Accounts', base: '/banking/accounts', tag: 'BankAccount', touches: ALL });
export const transactionsApi = resourceApi<TransactionRow, TransactionInput>()({
  one: 'Transaction',
  many: 'Transactions',
  base: '/banking/transactions',
  tag: 'Transaction',
  touches: ALL,
});
export const transfersApi = resourceApi<TransferRow, TransferInput>()({ one: 'Transfer', many: 'Transfers', base: '/banking/transfers', tag: 'Transfer', touches: ALL });

export const { useGetAccountsQuery, useGetAccountQuery, useCreateAccountMutation, useUpdateAccountMutation, useDeleteAccountMutation } = accountsApi;
export const { useGetTransactionsQuery, useGetTransactionQuery, useCreateTransactionMutation, useUpdateTransactionMutation, useDeleteTransactionMutation } =
  transactionsApi;
export const { useGetTransfersQuery, useGetTransferQuery, useCreateTransferMutation, useUpdateTransferMutation, useDeleteTransferMutation } = transfersApi;
