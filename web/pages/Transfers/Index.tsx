import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import type { TransferRow } from '@common/answers/banking';
import { DataTable } from '@/components/data-table/DataTable';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { CurrenciesContext, TRANSFER_COLUMNS } from '@/features/banking/columns';
import type { BankingOptions } from '@/features/banking/TransactionForm';
import { ImportLink } from '@/features/import/ImportLink';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useDeleteTransferMutation, useGetTransfersQuery } from '@/store/banking-api';

export default function TransfersIndex(options: BankingOptions) {
  const canCreate = useCan('transfers.create');
  const [remove] = useDeleteTransferMutation();
  const del = useConfirmDelete<TransferRow>(
    (r) => remove(r.id).unwrap(),
    (r) => <>The transfer from {r.from_account_name} to {r.to_account_name} will be deleted and both balances restored.</>,
  );
  const accountOptions = useMemo(() => options.accounts.map((a) => ({ value: String(a.id), label: a.name })), [options.accounts]);
  const filters = useMemo(
    () => [
      { name: 'from_account_id', label: 'From account', options: accountOptions },
      { name: 'to_account_id', label: 'To account', options: accountOptions },
    ],
    [accountOptions],
  );
  return (
    <CurrenciesContext.Provider value={options.currencies}>
      <Head title="Transfers" />
      <PageHeader title="Transfers" description="Money moved between your accounts.">
        <ImportLink href="/banking/transfers/import" permission="transfers.import" />
        {canCreate && (
          <Link href="/banking/transfers/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New transfer
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="Transfers"
        columns={TRANSFER_COLUMNS}
        useQuery={useGetTransfersQuery}
        exportUrl="/banking/transfers/export"
        filters={filters}
        getRowId={(r) => r.id}
        rowLabel={(r) => `${r.from_account_name} to ${r.to_account_name}`}
        search={{ placeholder: 'Search reference, description…', label: 'Search transfers' }}
        defaultSort={{ id: 'transferred_at', desc: true }}
        rowActions={(r) => <RecordActions area="transfers" href={`/banking/transfers/${r.id}`} name={`transfer of ${r.transferred_at}`} onDelete={() => del.ask(r)} />}
        empty={{ title: 'No transfers yet', description: 'Move money between two of your accounts.' }}
        errorFallback="Failed to fetch transfers"
      />
      {del.dialog}
    </CurrenciesContext.Provider>
  );
}

TransfersIndex.layout = AppLayout;
