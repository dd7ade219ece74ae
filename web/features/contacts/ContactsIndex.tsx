import { Head, Link } from '@inertiajs/react';
import { Plus, Trash } from 'lucide-react';
import { useMemo } from 'react';
import type { CurrencyFormat } from '@common/money';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { ENABLED_FILTER } from '@/components/data-table/filters';
import { StatusPill } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { Money } from '@/components/money/Money';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { ImportLink } from '@/features/import/ImportLink';
import { useCan } from '@/lib/page';
import { useDeleteContactMutation, useGetContactsQuery, type ContactRow, type ContactType } from '@/store/contacts-api';
import { CONTACT_COPY } from './copy';

const col = columnHelper<ContactRow>();

function columnsFor(base: string, currency: CurrencyFormat | undefined, balanceLabel: string) {
  return col.columns([
    col.accessor('name', {
      header: 'Name',
      enableSorting: true,
      cell: ({ row }) => (
        <div className="min-w-0">
          <Link href={`${base}/${row.original.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
            {row.original.name}
          </Link>
          {row.original.reference && <div className="truncate text-xs text-slate-500 dark:text-slate-400">Ref. {row.original.reference}</div>}
        </div>
      ),
    }),
    col.accessor('email', {
      header: 'Email',
      enableSorting: true,
      cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span>,
    }),
    col.accessor('phone', { header: 'Phone', cell: ({ getValue }) => <span dir="ltr">{getValue() ?? '—'}</span> }),
    col.accessor('currency_code', { header: 'Currency', meta: { className: 'tabular-nums' } }),
    col.accessor('balance', {
      header: balanceLabel,
      meta: { className: 'text-end whitespace-nowrap' },
      cell: ({ getValue }) => <Money amount={getValue()} currency={currency} code={currency?.code} tone="signed" />,
    }),
    col.accessor('enabled', {
      header: 'Status',
      enableSorting: true,
      cell: ({ getValue }) => <StatusPill status={getValue() ? 'active' : 'inactive'} label={getValue() ? 'Enabled' : 'Disabled'} />,
    }),
  ]);
}


/** The list of customers or vendors: search, status filter, sort, 15 a page, edit and delete (one or several). */
export function ContactsIndex({ type, currency }: { type: ContactType; currency?: CurrencyFormat }) {
  const copy = CONTACT_COPY[type];
  // the open receivable (customers) or payable (vendors), summed in SQL with the page
  const columns = useMemo(() => columnsFor(copy.base, currency, type === 'customer' ? 'Receivable' : 'Payable'), [copy.base, currency, type]);
  const canCreate = useCan(`${copy.area}.create`);
  const canUpdate = useCan(`${copy.area}.update`);
  const canDelete = useCan(`${copy.area}.delete`);
  const [remove] = useDeleteContactMutation();
  const deletion = useConfirmedDelete<ContactRow>((id) => remove(id).unwrap(), { plural: copy.plural });
  const [first] = deletion.pending;

  return (
    <>
      <Head title={copy.Plural} />
      <PageHeader title={copy.Plural} description={type === 'customer' ? 'The people and companies you sell to.' : 'The people and companies you buy from.'}>
        {type === 'customer' && <ImportLink href="/sales/customers/import" permission="customers.import" />}
        {canCreate && (
          <Link href={`${copy.base}/create`} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New {copy.singular}
          </Link>
        )}
      </PageHeader>

      <DataTable
        label={copy.Plural}
        columns={columns}
        useQuery={useGetContactsQuery}
        params={{ type }}
        exportUrl="/accounting/contacts/export"
        getRowId={(c) => c.id}
        rowLabel={(c) => c.name}
        search={{ placeholder: 'Search by name, email, phone…', label: `Search ${copy.plural}` }}
        filters={[ENABLED_FILTER]}
        defaultSort={{ id: 'name', desc: false }}
        defaultPerPage={15}
        selectable={canDelete}
        bulkActions={canDelete ? [{ label: 'Delete', variant: 'danger', icon: <Trash aria-hidden="true" className="size-4" />, onAction: (rows) => deletion.ask(rows) }] : undefined}
        rowActions={
          canUpdate || canDelete
            ? (c) => <RecordActions area={copy.area} href={`${copy.base}/${c.id}`} name={c.name} onDelete={() => void deletion.ask([c])} />
            : undefined
        }
        empty={{
          title: `No ${copy.plural} yet`,
          description: `${copy.Plural} you add appear here.`,
          action: canCreate && (
            <Link href={`${copy.base}/create`} className={buttonClasses('outline', 'sm')}>
              New {copy.singular}
            </Link>
          ),
        }}
        errorFallback={`Failed to fetch ${copy.plural}`}
      />

      <ConfirmDialog {...deletion.dialog} title={deletion.pending.length > 1 ? `Delete ${deletion.pending.length} ${copy.plural}?` : `Delete this ${copy.singular}?`}>
        {deletion.pending.length === 1 && first ? (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{first.name}</strong> will be deleted. A {copy.singular} with transactions cannot be
            deleted: disable it instead.
          </p>
        ) : (
          <p>The selected {copy.plural} will be deleted. Those with transactions are kept.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
