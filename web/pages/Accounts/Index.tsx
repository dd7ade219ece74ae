import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { createContext, useContext } from 'react';
import type { BankAccountRow } from '@common/answers/banking';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { StatusPill } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { defaultCurrency, findCurrency, Money, totalInDefault, type CurrencyOption } from '@/components/money';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useDeleteAccountMutation, useGetAccountsQuery } from '@/store/banking-api';

const Currencies = createContext<CurrencyOption[]>([]);

function Balance({ row }: { row: BankAccountRow }) {
  const list = useContext(Currencies);
  return <Money amount={row.current_balance} currency={findCurrency(list, row.currency_code)} code={row.currency_code} tone="signed" />;
}

const col = columnHelper<BankAccountRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <Link href={`/banking/accounts/${row.original.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor('number', { header: 'Number', enableSorting: true }),
  col.accessor('currency_code', { header: 'Currency', enableSorting: true }),
  col.accessor('current_balance', { header: 'Current balance', meta: { align: 'end' }, cell: ({ row }) => <Balance row={row.original} /> }),
  col.accessor('enabled', { header: 'Status', cell: ({ getValue }) => <StatusPill status={getValue() ? 'enabled' : 'disabled'} label={getValue() ? 'Enabled' : 'Disabled'} tone={getValue() ? 'success' : 'secondary'} /> }),
]);

/**
 * All balances in the default currency. The server has no such sum, so every account (up to
 * 100, the list's largest page) is read and converted here with exact decimals (common/money.ts).
 */
function TotalBalance({ currencies }: { currencies: CurrencyOption[] }) {
  const { data, isLoading, isError } = useGetAccountsQuery({ page: 1, per_page: 100 });
  const target = defaultCurrency(currencies);
  const total = data ? totalInDefault(data.data.map((a) => ({ amount: a.current_balance, currency_code: a.currency_code })), currencies) : null;
  return (
    <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
      Total balance{target ? ` in ${target.code}` : ''}:{' '}
      {isLoading ? '…' : isError || total === null ? 'not available' : <Money amount={total} currency={target} className="font-semibold text-slate-900 dark:text-white" />}
      {data && data.total > data.data.length && ` (first ${data.data.length} of ${data.total} accounts)`}
    </p>
  );
}

export default function AccountsIndex({ currencies }: { currencies: CurrencyOption[] }) {
  const canCreate = useCan('accounts.create');
  const [remove] = useDeleteAccountMutation();
  const del = useConfirmDelete<BankAccountRow>(
    (r) => remove(r.id).unwrap(),
    (r) => (
      <>
        The account <strong className="font-medium text-slate-900 dark:text-white">{r.name}</strong> will be deleted.
      </>
    ),
  );
  return (
    <Currencies.Provider value={currencies}>
      <Head title="Bank accounts" />
      <PageHeader title="Bank accounts" description="Bank and cash accounts with their balances from the books.">
        {canCreate && (
          <Link href="/banking/accounts/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New account
          </Link>
        )}
      </PageHeader>
      <TotalBalance currencies={currencies} />
      <DataTable
        label="Bank accounts"
        columns={COLUMNS}
        useQuery={useGetAccountsQuery}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.name}
        search={{ placeholder: 'Search accounts…', label: 'Search accounts' }}
        defaultSort={{ id: 'name', desc: false }}
        rowActions={(r) => <RecordActions area="accounts" href={`/banking/accounts/${r.id}`} name={r.name} onDelete={() => del.ask(r)} />}
        empty={{ title: 'No bank accounts yet', description: 'Add the bank and cash accounts money moves through.' }}
        errorFallback="Failed to fetch accounts"
      />
      {del.dialog}
    </Currencies.Provider>
  );
}

AccountsIndex.layout = AppLayout;
