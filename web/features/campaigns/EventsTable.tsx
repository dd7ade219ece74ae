import { Link } from '@inertiajs/react';
import { EVENT_STATUSES } from '@common/schemas/campaigns';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { StatusPill, statusLabel } from '@/components/display/Badge';
import { DateTimeText } from '@/components/display/DateText';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { useDeleteEventMutation, useGetEventsQuery, type EventRow } from './api';

const col = columnHelper<EventRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Event',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link href={`/events/${row.original.id}`} dir="auto" className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
          {row.original.name}
        </Link>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{[row.original.venue, row.original.online_url ? 'Online' : null].filter(Boolean).join(' · ') || '—'}</p>
      </div>
    ),
  }),
  col.accessor('starts_at', { header: 'Starts', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  col.accessor('campaign_name', { header: 'Campaign', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
  col.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusPill status={getValue()} /> }),
]);

/** The events list (Events/Index, a campaign's and a group's events), narrowed by `params`. */
export function EventsTable({ campaigns, params }: { campaigns?: { id: number; name: string }[]; params?: Record<string, number> }) {
  const [remove] = useDeleteEventMutation();
  const del = useConfirmDelete<EventRow>(
    (e) => remove(e.id).unwrap(),
    (e) => <>The event “{e.name}”, its invitations and answers will be deleted.</>,
  );
  return (
    <>
      <DataTable
        label="Events"
        columns={COLUMNS}
        useQuery={useGetEventsQuery}
        params={params}
        getRowId={(e) => e.id}
        rowLabel={(e) => e.name}
        search={{ placeholder: 'Search events…', label: 'Search events' }}
        filters={[
          { name: 'status', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...EVENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))] },
          ...(campaigns ? [{ name: 'campaign_id', label: 'Campaign', options: [{ value: '', label: 'All campaigns' }, ...campaigns.map((c) => ({ value: String(c.id), label: c.name }))] }] : []),
        ]}
        defaultSort={{ id: 'starts_at', desc: true }}
        urlState={!params}
        rowActions={(e) => <RecordActions area="events" href={`/events/${e.id}`} name={e.name} onDelete={() => del.ask(e)} />}
        empty={{ title: 'No events yet', description: 'Create an event, then invite people to it.' }}
        errorFallback="Failed to fetch events"
      />
      {del.dialog}
    </>
  );
}
