import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import type { CurrencyOption } from '@/components/money';
import { BackLink } from '@/components/record/BackLink';
import { RecordGate } from '@/components/record/RecordPage';
import { AccountForm } from '@/features/banking/AccountForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useGetAccountQuery } from '@/store/banking-api';

export default function AccountsEdit({ id, currencies }: { id: number; currencies: CurrencyOption[] }) {
  const query = useGetAccountQuery(id);
  return (
    <>
      <Head title={query.data ? `Edit ${query.data.name}` : 'Edit bank account'} />
      <PageHeader title="Edit bank account">
        <BackLink href={`/banking/accounts/${id}`}>Back to the account</BackLink>
      </PageHeader>
      {/* keyed by the update time: the form starts from the record as last saved */}
      <RecordGate query={query} what="account" backHref="/banking/accounts">
        {(account) => <AccountForm key={account.updated_at} account={account} currencies={currencies} />}
      </RecordGate>
    </>
  );
}

AccountsEdit.layout = AppLayout;
