import { Head, Link } from '@inertiajs/react';
import { Plus, Trash } from 'lucide-react';
import { createContext, useContext, useMemo } from 'react';
import type { ItemRow } from '@common/answers/accounting';
import { formatMoney, type CurrencyFormat } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { ENABLED_FILTER } from '@/components/data-table/filters';
import { Badge, StatusPill } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { ImportLink } from '@/features/import/ImportLink';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useDeleteItemMutation, useGetItemsQuery } from '@/store/items-api';

type Props = { currency: CurrencyFormat; categories: { id: number; name: string }[] };

/** The default currency's format, for the price cells (columns live at module scope). */
const CurrencyContext = createContext<CurrencyFormat | null>(null);

function Price({ amount }: { amount: string | null }) {
  const currency = useContext(CurrencyContext);
  if (amount === null || !currency) return <span className="text-slate-400">—</span>;
  return <span dir="ltr">{formatMoney(amount, currency)}</span>;
}

const col = columnHelper<ItemRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="max-w-xs min-w-0">
        <div className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
          {row.original.name}
          {!row.original.enabled && <StatusPill status="inactive" label="Disabled" />}
        </div>
        {row.original.description && <div className="truncate text-xs text-slate-500 dark:text-slate-400">{row.original.description}</div>}
      </div>
    ),
  }),
  col.accessor('category', {
    header: 'Category',
    cell: ({ getValue }) => {
      const c = getValue();
      return c ? (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: c.color }} />
          {c.name}
        </span>
      ) : (
        <span className="text-slate-400">—</span>
      );
    },
  }),
  col.accessor('sale_price', { header: 'Sale price', enableSorting: true, meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' }, cell: ({ getValue }) => <Price amount={getValue()} /> }),
  col.accessor('purchase_price', {
    header: 'Purchase price',
    enableSorting: true,
    meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' },
    cell: ({ getValue }) => <Price amount={getValue()} />,
  }),
  col.accessor('taxes', {
    header: 'Taxes',
    cell: ({ getValue }) =>
      getValue().length ? (
        <span className="flex flex-wrap gap-1">
          {getValue().map((t) => (
            <Badge key={t.id} tone="info">
              {t.name} {t.rate}%
            </Badge>
          ))}
        </span>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
]);

export default function ItemsIndex({ currency, categories }: Props) {
  const canCreate = useCan('items.create');
  const canUpdate = useCan('items.update');
  const canDelete = useCan('items.delete');
  const [remove] = useDeleteItemMutation();
  const deletion = useConfirmedDelete<ItemRow>((id) => remove(id).unwrap(), { plural: 'items' });
  const [first] = deletion.pending;
  const filters = useMemo(
    () => [
      ENABLED_FILTER,
      { name: 'category_id', label: 'Category', options: [{ value: '', label: 'All' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))] },
    ],
    [categories],
  );

  return (
    <>
      <Head title="Items" />
      <PageHeader title="Items" description={`The products and services you sell and buy. Prices in ${currency.code}.`}>
        <ImportLink href="/sales/items/import" permission="items.import" />
        {canCreate && (
          <Link href="/sales/items/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New item
          </Link>
        )}
      </PageHeader>

      <CurrencyContext.Provider value={currency}>
        <DataTable
          label="Items"
          columns={COLUMNS}
          useQuery={useGetItemsQuery}
          exportUrl="/sales/items/export"
          getRowId={(i) => i.id}
          rowLabel={(i) => i.name}
          search={{ placeholder: 'Search by name or description…', label: 'Search items' }}
          filters={filters}
          defaultSort={{ id: 'name', desc: false }}
          defaultPerPage={15}
          selectable={canDelete}
          bulkActions={canDelete ? [{ label: 'Delete', variant: 'danger', icon: <Trash aria-hidden="true" className="size-4" />, onAction: (rows) => deletion.ask(rows) }] : undefined}
          rowActions={
            canUpdate || canDelete
              ? (i) => <RecordActions area={'items'} href={`/sales/items/${i.id}`} name={i.name} onDelete={() => void deletion.ask([i])} />
              : undefined
          }
          empty={{
            title: 'No items yet',
            description: 'Products and services you add appear here, ready for invoices and bills.',
            action: canCreate && (
              <Link href="/sales/items/create" className={buttonClasses('outline', 'sm')}>
                New item
              </Link>
            ),
          }}
          errorFallback="Failed to fetch items"
        />
      </CurrencyContext.Provider>

      <ConfirmDialog {...deletion.dialog} title={deletion.pending.length > 1 ? `Delete ${deletion.pending.length} items?` : 'Delete this item?'}>
        {deletion.pending.length === 1 && first ? (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{first.name}</strong> will be deleted. This cannot be undone.
          </p>
        ) : (
          <p>The selected items will be deleted. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

ItemsIndex.layout = AppLayout;
