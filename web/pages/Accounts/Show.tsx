import { Head, router } from '@inertiajs/react';
import type { BankAccountRow } from '@common/answers/banking';
import { DataTable } from '@/components/data-table/DataTable';
import { StatusPill } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import type { CurrencyOption } from '@/components/money';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { Details, RecordActions, RecordGate } from '@/components/record/RecordPage';
import { AmountIn, CurrenciesContext, TRANSACTION_COLUMNS, TRANSFER_COLUMNS } from '@/features/banking/columns';
import { MonthlyChart } from '@/features/banking/MonthlyChart';
import { AppLayout } from '@/layouts/AppLayout';
import { useDeleteAccountMutation, useGetAccountQuery, useGetTransactionsQuery, useGetTransfersQuery } from '@/store/banking-api';
import { DateText } from '@/components/display/DateText';

export default function AccountsShow({ id, currencies }: { id: number; currencies: CurrencyOption[] }) {
  const query = useGetAccountQuery(id);
  const [remove] = useDeleteAccountMutation();
  const del = useConfirmDelete<BankAccountRow>(
    (r) => remove(r.id).unwrap(),
    (r) => (
      <>
        The account <strong className="font-medium text-slate-900 dark:text-white">{r.name}</strong> will be deleted.
      </>
    ),
    () => router.visit('/banking/accounts'),
  );
  const account = query.data;
  return (
    <CurrenciesContext.Provider value={currencies}>
      <Head title={account?.name ?? 'Bank account'} />
      <PageHeader title={account?.name ?? 'Bank account'} description={account ? `${account.number} · ${account.currency_code}` : undefined}>
        <BackLink href="/banking/accounts">Back to accounts</BackLink>
        {account && <RecordActions area="accounts" href={`/banking/accounts/${id}`} name={account.name} onDelete={() => del.ask(account)} size="md" />}
      </PageHeader>
      <RecordGate query={query} what="account" backHref="/banking/accounts">
        {(a) => (
          <div className="flex flex-col gap-6">
            <div className="grid gap-6 lg:grid-cols-3">
              <Card title="Current balance" className="lg:col-span-1">
                <p className="text-3xl font-semibold text-slate-900 dark:text-white" data-testid="current-balance">
                  <AmountIn amount={a.current_balance} code={a.currency_code} tone="signed" />
                </p>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  Opening balance <AmountIn amount={a.opening_balance} code={a.currency_code} /> on <DateText value={a.opening_date} />
                </p>
              </Card>
              <Card title="Details" className="lg:col-span-2">
                <Details
                  items={[
                    ['Number', a.number],
                    ['Currency', a.currency_code],
                    ['Bank name', a.bank_name],
                    ['Bank phone', a.bank_phone],
                    ['Bank address', a.bank_address],
                    ['Status', <StatusPill key="s" status={a.enabled ? 'enabled' : 'disabled'} label={a.enabled ? 'Enabled' : 'Disabled'} tone={a.enabled ? 'success' : 'secondary'} />],
                  ]}
                />
              </Card>
            </div>
            <MonthlyChart accountId={a.id} currencyCode={a.currency_code} />
            <section aria-labelledby="account-transactions">
              <h2 id="account-transactions" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Transactions</h2>
              <DataTable
                label={`Transactions of ${a.name}`}
                columns={TRANSACTION_COLUMNS}
                useQuery={useGetTransactionsQuery}
                params={{ bank_account_id: a.id }}
                getRowId={(r) => r.id}
                defaultPerPage={10}
                defaultSort={{ id: 'paid_at', desc: true }}
                empty={{ title: 'No transactions in this account' }}
                errorFallback="Failed to fetch transactions"
              />
            </section>
            <div className="grid gap-6 xl:grid-cols-2">
              <section aria-labelledby="transfers-out">
                <h2 id="transfers-out" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Transfers out</h2>
                <DataTable
                  label={`Transfers from ${a.name}`}
                  columns={TRANSFER_COLUMNS}
                  useQuery={useGetTransfersQuery}
                  params={{ from_account_id: a.id }}
                  getRowId={(r) => r.id}
                  defaultPerPage={10}
                  empty={{ title: 'No transfers out' }}
                  errorFallback="Failed to fetch transfers"
                />
              </section>
              <section aria-labelledby="transfers-in">
                <h2 id="transfers-in" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Transfers in</h2>
                <DataTable
                  label={`Transfers to ${a.name}`}
                  columns={TRANSFER_COLUMNS}
                  useQuery={useGetTransfersQuery}
                  params={{ to_account_id: a.id }}
                  getRowId={(r) => r.id}
                  defaultPerPage={10}
                  empty={{ title: 'No transfers in' }}
                  errorFallback="Failed to fetch transfers"
                />
              </section>
            </div>
          </div>
        )}
      </RecordGate>
      {del.dialog}
    </CurrenciesContext.Provider>
  );
}

AccountsShow.layout = AppLayout;
