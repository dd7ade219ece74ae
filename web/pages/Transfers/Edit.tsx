import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { RecordGate } from '@/components/record/RecordPage';
import type { BankingOptions } from '@/features/banking/TransactionForm';
import { TransferForm } from '@/features/banking/TransferForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useGetTransferQuery } from '@/store/banking-api';

export default function TransfersEdit({ id, ...options }: BankingOptions & { id: number }) {
  const query = useGetTransferQuery(id);
  return (
    <>
      <Head title="Edit transfer" />
      <PageHeader title="Edit transfer">
        <BackLink href={`/banking/transfers/${id}`}>Back to the transfer</BackLink>
      </PageHeader>
      <RecordGate query={query} what="transfer" backHref="/banking/transfers">
        {(t) => <TransferForm key={t.updated_at} transfer={t} options={options} />}
      </RecordGate>
    </>
  );
}

TransfersEdit.layout = AppLayout;
