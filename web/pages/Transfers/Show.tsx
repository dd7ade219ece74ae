import { Head, Link, router } from '@inertiajs/react';
import type { TransferRow } from '@common/answers/banking';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { defaultCurrency } from '@/components/money';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { Details, RecordActions, RecordGate } from '@/components/record/RecordPage';
import { AmountIn, CurrenciesContext } from '@/features/banking/columns';
import type { BankingOptions } from '@/features/banking/TransactionForm';
import { AppLayout } from '@/layouts/AppLayout';
import { useDeleteTransferMutation, useGetTransferQuery } from '@/store/banking-api';
import { DateText } from '@/components/display/DateText';

const link = 'text-primary hover:underline';

export default function TransfersShow({ id, currencies, paymentMethods }: BankingOptions & { id: number }) {
  const query = useGetTransferQuery(id);
  const [remove] = useDeleteTransferMutation();
  const del = useConfirmDelete<TransferRow>(
    (r) => remove(r.id).unwrap(),
    (r) => <>The transfer from {r.from_account_name} to {r.to_account_name} will be deleted and both balances restored.</>,
    () => router.visit('/banking/transfers'),
  );
  const t = query.data;
  const base = defaultCurrency(currencies);
  return (
    <CurrenciesContext.Provider value={currencies}>
      <Head title="Transfer" />
      <PageHeader title={t ? `Transfer ${t.from_account_name} → ${t.to_account_name}` : 'Transfer'}>
        <BackLink href="/banking/transfers">Back to transfers</BackLink>
        {t && <RecordActions area="transfers" href={`/banking/transfers/${id}`} name={`transfer of ${t.transferred_at}`} onDelete={() => del.ask(t)} size="md" />}
      </PageHeader>
      <RecordGate query={query} what="transfer" backHref="/banking/transfers">
        {(r) => (
          <Card title="Details">
            <Details
              items={[
                ['From', <Link key="f" href={`/banking/accounts/${r.from_account_id}`} className={link}>{r.from_account_name}</Link>],
                ['To', <Link key="t" href={`/banking/accounts/${r.to_account_id}`} className={link}>{r.to_account_name}</Link>],
                ['Date', <DateText key="date" value={r.transferred_at} />],
                ['Amount sent', <AmountIn key="a" amount={r.amount} code={r.from_currency} />],
                ['Amount received', <AmountIn key="b" amount={r.to_amount} code={r.to_currency} />],
                ...(r.from_currency !== r.to_currency
                  ? ([
                      [`${r.from_currency} rate`, r.from_rate],
                      [`${r.to_currency} rate`, r.to_rate],
                    ] as [string, React.ReactNode][])
                  : []),
                ...(base ? ([[`Value in ${base.code}`, <AmountIn key="d" amount={r.amount_default} code={base.code} />]] as [string, React.ReactNode][]) : []),
                ['Payment method', r.payment_method ? (paymentMethods.find((m) => m.code === r.payment_method)?.name ?? r.payment_method) : null],
                ['Reference', r.reference],
                ['Description', r.description],
              ]}
            />
          </Card>
        )}
      </RecordGate>
      {del.dialog}
    </CurrenciesContext.Provider>
  );
}

TransfersShow.layout = AppLayout;
