import { Head, Link, router } from '@inertiajs/react';
import type { TransactionRow } from '@common/answers/banking';
import { AttachmentsCard } from '@/features/attachments/AttachmentsCard';
import { AmountIn, CurrenciesContext, TypeBadge } from '@/features/banking/columns';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { defaultCurrency } from '@/components/money';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { Details, RecordActions, RecordGate } from '@/components/record/RecordPage';
import { textLinkClasses } from '@/components/TextLink';
import type { BankingOptions } from '@/features/banking/TransactionForm';
import { useCan } from '@/lib/page';
import { AppLayout } from '@/layouts/AppLayout';
import { useDeleteTransactionMutation, useGetTransactionQuery } from '@/store/banking-api';
import { DateText } from '@/components/display/DateText';


export default function TransactionsShow({ id, currencies, paymentMethods }: BankingOptions & { id: number }) {
  const query = useGetTransactionQuery(id);
  const canUpdate = useCan('transactions.update');
  const [remove] = useDeleteTransactionMutation();
  const del = useConfirmDelete<TransactionRow>(
    (r) => remove(r.id).unwrap(),
    (r) => <>The transaction {r.number} will be deleted and the account balance restored.</>,
    () => router.visit('/banking/transactions'),
  );
  const t = query.data;
  const base = defaultCurrency(currencies);
  // customers are shown under /sales, vendors under /purchases
  const contactHref = (r: TransactionRow) => (r.type === 'income' ? `/sales/customers/${r.contact_id}` : `/purchases/vendors/${r.contact_id}`);
  return (
    <CurrenciesContext.Provider value={currencies}>
      <Head title={t?.number ?? 'Transaction'} />
      <PageHeader title={t ? `Transaction ${t.number}` : 'Transaction'}>
        <BackLink href="/banking/transactions">Back to transactions</BackLink>
        {t && <RecordActions area="transactions" href={`/banking/transactions/${id}`} name={t.number} onDelete={() => del.ask(t)} size="md" />}
      </PageHeader>
      <RecordGate query={query} what="transaction" backHref="/banking/transactions">
        {(r) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <Card title={<span className="flex items-center gap-3">Details <TypeBadge type={r.type} /></span>}>
              <Details
                items={[
                  ['Amount', <AmountIn key="a" amount={r.amount} code={r.currency_code} tone={r.type} />],
                  ...(base && base.code !== r.currency_code
                    ? ([
                        [`In ${base.code}`, <AmountIn key="d" amount={r.amount_default} code={base.code} />],
                        ['Rate', r.currency_rate],
                      ] as [string, React.ReactNode][])
                    : []),
                  ['Date', <DateText key="date" value={r.paid_at} />],
                  ['Account', <Link key="acc" href={`/banking/accounts/${r.bank_account_id}`} className={textLinkClasses}>{r.account_name}</Link>],
                  [r.type === 'income' ? 'Customer' : 'Vendor', r.contact_id ? <Link key="c" href={contactHref(r)} className={textLinkClasses}>{r.contact_name}</Link> : null],
                  ['Category', r.category_name],
                  ['Payment method', r.payment_method ? (paymentMethods.find((m) => m.code === r.payment_method)?.name ?? r.payment_method) : null],
                  ['Reference', r.reference],
                  ['Description', r.description],
                ]}
              />
            </Card>
            <AttachmentsCard owner={{ base: '/banking/transactions', id: r.id }} canUpdate={canUpdate} />
          </div>
        )}
      </RecordGate>
      {del.dialog}
    </CurrenciesContext.Provider>
  );
}

TransactionsShow.layout = AppLayout;
