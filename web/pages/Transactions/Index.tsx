import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { add, negate } from '@common/money';
import type { TransactionRow } from '@common/answers/banking';
import type { ListParams } from '@/components/data-table/query';
import { DataTable } from '@/components/data-table/DataTable';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { TextInput } from '@/components/form/TextInput';
import { defaultCurrency, Money } from '@/components/money';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { CurrenciesContext, TRANSACTION_COLUMNS } from '@/features/banking/columns';
import type { BankingOptions } from '@/features/banking/TransactionForm';
import { ImportLink } from '@/features/import/ImportLink';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useDeleteTransactionMutation, useGetTransactionsQuery } from '@/store/banking-api';

/**
 * Income and expense of the rows on screen, in the default currency (amount_default). The
 * server has no totals for a whole filtered list, so this says plainly it is for this page.
 */
function PageTotals({ rows, options }: { rows: readonly TransactionRow[]; options: BankingOptions }) {
  const base = defaultCurrency(options.currencies);
  if (!base || rows.length === 0) return null;
  const income = add('0', ...rows.filter((r) => r.type === 'income').map((r) => r.amount_default));
  const expense = add('0', ...rows.filter((r) => r.type === 'expense').map((r) => r.amount_default));
  return (
    <p className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="page-totals">
      <span>This page, in {base.code}:</span>
      <span>
        Income <Money amount={income} currency={base} tone="income" className="font-semibold" />
      </span>
      <span>
        Expense <Money amount={expense} currency={base} tone="expense" className="font-semibold" />
      </span>
      <span>
        Net <Money amount={add(income, negate(expense))} currency={base} tone="signed" className="font-semibold" />
      </span>
    </p>
  );
}

export default function TransactionsIndex(options: BankingOptions) {
  const canCreate = useCan('transactions.create');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // the table's current query, read again here (same RTK cache entry) for the page totals
  const [params, setParams] = useState<ListParams | null>(null);
  const useQuery = useCallback((p: ListParams) => {
    const key = JSON.stringify(p);
    // after the render: the table is a child, and a parent may not be updated while it renders
    // eslint-disable-next-line react-hooks/rules-of-hooks -- called as the table's query hook
    useEffect(() => setParams((prev) => (prev && JSON.stringify(prev) === key ? prev : (JSON.parse(key) as ListParams))), [key]);
    // eslint-disable-next-line react-hooks/rules-of-hooks -- called as the table's query hook
    return useGetTransactionsQuery(p);
  }, []);
  const current = useGetTransactionsQuery(params ?? { page: 1, per_page: 15 }, { skip: !params });
  const [remove] = useDeleteTransactionMutation();
  const del = useConfirmDelete<TransactionRow>(
    (r) => remove(r.id).unwrap(),
    (r) => <>The transaction {r.number} will be deleted and the account balance restored.</>,
  );
  const filters = useMemo(
    () => [
      { name: 'type', label: 'Type', options: [{ value: 'income', label: 'Income' }, { value: 'expense', label: 'Expense' }] },
      { name: 'bank_account_id', label: 'Account', options: options.accounts.map((a) => ({ value: String(a.id), label: a.name })) },
    ],
    [options.accounts],
  );
  return (
    <CurrenciesContext.Provider value={options.currencies}>
      <Head title="Transactions" />
      <PageHeader title="Transactions" description="Income and expense in every account.">
        <ImportLink href="/banking/transactions/import" permission="transactions.import" />
        {canCreate && (
          <Link href="/banking/transactions/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New transaction
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="Transactions"
        columns={TRANSACTION_COLUMNS}
        useQuery={useQuery}
        exportUrl="/banking/transactions/export"
        params={{ date_from: from || undefined, date_to: to || undefined }}
        filters={filters}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.number}
        search={{ placeholder: 'Search number, reference…', label: 'Search transactions' }}
        defaultSort={{ id: 'paid_at', desc: true }}
        toolbar={
          <div className="flex flex-wrap items-end gap-2">
            <TextInput id="date-from" type="date" label="From" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} wrapperClassName="w-40" />
            <TextInput id="date-to" type="date" label="To" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} wrapperClassName="w-40" />
          </div>
        }
        rowActions={(r) => <RecordActions area="transactions" href={`/banking/transactions/${r.id}`} name={r.number} onDelete={() => del.ask(r)} />}
        empty={{ title: 'No transactions yet', description: 'Record money received or paid out.' }}
        errorFallback="Failed to fetch transactions"
      />
      {current.data && <PageTotals rows={current.data.data} options={options} />}
      {del.dialog}
    </CurrenciesContext.Provider>
  );
}

TransactionsIndex.layout = AppLayout;
