import { Head, Link } from '@inertiajs/react';
import { ListChecks, Plus, UserPlus } from 'lucide-react';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { AppLayout } from '@/layouts/AppLayout';
import { DateText, DateTimeText } from '@/components/display/DateText';
import { useCan } from '@/lib/page';
import { useDeleteSegmentMutation, useGetSegmentsQuery, type SegmentRow } from '@/store/outreach-api';
import { formatCount } from '@common/format';

const col = columnHelper<SegmentRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link href={`/segments/${row.original.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
          {row.original.name}
        </Link>
        {row.original.description && <div className="truncate text-xs text-slate-500 dark:text-slate-400">{row.original.description}</div>}
      </div>
    ),
  }),
  col.accessor('type', { header: 'Type', cell: ({ getValue }) => <Badge tone={getValue() === 'dynamic' ? 'info' : 'secondary'}>{getValue() === 'dynamic' ? 'Dynamic' : 'Static'}</Badge> }),
  col.accessor('size', {
    header: 'Size',
    enableSorting: true,
    sortDescFirst: true,
    meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' },
    cell: ({ row }) => (
      <div>
        <div className="font-medium">{row.original.size === null ? '—' : formatCount(row.original.size)}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">counted <DateTimeText value={row.original.size_at} /></div>
      </div>
    ),
  }),
  col.accessor('created_at', { header: 'Created', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateText value={getValue()} /> }),
]);

const FILTERS = [
  {
    name: 'type',
    label: 'Type',
    options: [
      { value: '', label: 'All' },
      { value: 'dynamic', label: 'Dynamic' },
      { value: 'static', label: 'Static' },
    ],
  },
];

/** Segments/Index (PAGES.md): the company's segments with their last counted size. */
export default function SegmentsIndex() {
  const canCreate = useCan('segments.create');
  const canUpdate = useCan('segments.update');
  // bulk operations need one of their actions' permissions (server/modules/outreach/bulk.ts)
  const canBulk = useCan('contacts.update') || canUpdate;
  const canDelete = useCan('segments.delete');
  const [remove] = useDeleteSegmentMutation();
  const deletion = useConfirmedDelete<SegmentRow>((id) => remove(id).unwrap(), { plural: 'segments' });
  const [first] = deletion.pending;

  return (
    <>
      <Head title="Segments" />
      <PageHeader title="Segments" description="Groups of contacts to send to: by rules that stay up to date, or picked by hand.">
        {canBulk && (
          <Link href="/segments/bulk-operations" className={buttonClasses('outline')}>
            <ListChecks aria-hidden="true" className="size-4" />
            Bulk operations
          </Link>
        )}
        {canUpdate && (
          <Link href="/segments/contact-selection" className={buttonClasses('outline')}>
            <UserPlus aria-hidden="true" className="size-4" />
            Pick contacts
          </Link>
        )}
        {canCreate && (
          <Link href="/segments/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New segment
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="Segments"
        columns={COLUMNS}
        useQuery={useGetSegmentsQuery}
        getRowId={(s) => s.id}
        rowLabel={(s) => s.name}
        search={{ placeholder: 'Search by name…', label: 'Search segments' }}
        filters={FILTERS}
        defaultSort={{ id: 'name', desc: false }}
        rowActions={canUpdate || canDelete ? (s) => <RecordActions area="segments" href={`/segments/${s.id}`} name={s.name} onDelete={() => void deletion.ask([s])} /> : undefined}
        empty={{
          title: 'No segments yet',
          description: 'A segment is a group of contacts: dynamic by rules (everyone tagged vip who gave SMS consent), or static by hand.',
          action: canCreate && (
            <Link href="/segments/create" className={buttonClasses('outline', 'sm')}>
              New segment
            </Link>
          ),
        }}
        errorFallback="Failed to fetch segments"
      />
      <ConfirmDialog {...deletion.dialog} title="Delete this segment?">
        {first && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{first.name}</strong> will be deleted. Its contacts stay in the contact book.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

SegmentsIndex.layout = AppLayout;
