import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import type { CurrencyOption } from '@/components/money';
import { BackLink } from '@/components/record/BackLink';
import { AccountForm } from '@/features/banking/AccountForm';
import { AppLayout } from '@/layouts/AppLayout';

export default function AccountsCreate({ currencies }: { currencies: CurrencyOption[] }) {
  return (
    <>
      <Head title="New bank account" />
      <PageHeader title="New bank account" description="A bank or cash account in one currency; its balance starts at the opening balance.">
        <BackLink href="/banking/accounts">Back to accounts</BackLink>
      </PageHeader>
      <AccountForm currencies={currencies} />
    </>
  );
}

AccountsCreate.layout = AppLayout;
