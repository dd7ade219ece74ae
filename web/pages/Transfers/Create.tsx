import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import type { BankingOptions } from '@/features/banking/TransactionForm';
import { TransferForm } from '@/features/banking/TransferForm';
import { AppLayout } from '@/layouts/AppLayout';

export default function TransfersCreate(props: BankingOptions) {
  return (
    <>
      <Head title="New transfer" />
      <PageHeader title="New transfer" description="Move money between two of your accounts, in one currency or across two.">
        <BackLink href="/banking/transfers">Back to transfers</BackLink>
      </PageHeader>
      <TransferForm options={props} />
    </>
  );
}

TransfersCreate.layout = AppLayout;
