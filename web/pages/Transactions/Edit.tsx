import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { RecordGate } from '@/components/record/RecordPage';
import { TransactionForm, type BankingOptions } from '@/features/banking/TransactionForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useGetTransactionQuery } from '@/store/banking-api';

export default function TransactionsEdit({ id, ...options }: BankingOptions & { id: number }) {
  const query = useGetTransactionQuery(id);
  return (
    <>
      <Head title={query.data ? `Edit ${query.data.number}` : 'Edit transaction'} />
      <PageHeader title={query.data ? `Edit ${query.data.number}` : 'Edit transaction'}>
        <BackLink href={`/banking/transactions/${id}`}>Back to the transaction</BackLink>
      </PageHeader>
      <RecordGate query={query} what="transaction" backHref="/banking/transactions">
        {(t) => <TransactionForm key={t.updated_at} transaction={t} options={options} />}
      </RecordGate>
    </>
  );
}

TransactionsEdit.layout = AppLayout;
