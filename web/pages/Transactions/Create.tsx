import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { TransactionForm, type BankingOptions } from '@/features/banking/TransactionForm';
import { AppLayout } from '@/layouts/AppLayout';

export default function TransactionsCreate(props: BankingOptions) {
  return (
    <>
      <Head title="New transaction" />
      <PageHeader title="New transaction" description="Money received into or paid out of an account.">
        <BackLink href="/banking/transactions">Back to transactions</BackLink>
      </PageHeader>
      <TransactionForm options={props} />
    </>
  );
}

TransactionsCreate.layout = AppLayout;
