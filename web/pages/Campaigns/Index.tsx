import { Head, Link } from '@inertiajs/react';
import { formatDecimal } from '@common/format';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { CAMPAIGN_STATUSES } from '@common/schemas/campaigns';
import { formatCount } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { StatusPill, statusLabel } from '@/components/display/Badge';
import { DateText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { useDeleteCampaignMutation, useGetCampaignsQuery, type CampaignRow } from '@/features/campaigns/api';
import { CampaignDialog } from '@/features/campaigns/CampaignDialog';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

const col = columnHelper<CampaignRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Campaign',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link href={`/campaigns/${row.original.id}`} dir="auto" className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
          {row.original.name}
        </Link>
        {row.original.goal && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{row.original.goal}</p>}
      </div>
    ),
  }),
  col.accessor('starts_on', { header: 'Dates', enableSorting: true, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => (row.original.starts_on ? <><DateText value={row.original.starts_on} /> – {row.original.ends_on ? <DateText value={row.original.ends_on} /> : '…'}</> : '—') }),
  col.accessor('owner_name', { header: 'Owner', cell: ({ getValue }) => getValue() ?? '—' }),
  col.accessor('events_count', { header: 'Events', meta: { align: 'end' }, cell: ({ getValue }) => formatCount(getValue()) }),
  col.accessor('budget', { header: 'Budget', meta: { align: 'end', className: 'tabular-nums' }, cell: ({ getValue }) => (getValue() === null ? '—' : `${formatDecimal(Number(getValue()))} credits`) }),
  col.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusPill status={getValue()} /> }),
]);

/** Campaigns/Index (PAGES.md /campaigns): searched, filtered by status, paged. */
export default function CampaignsIndex({ members }: { members: { id: number; name: string }[] }) {
  const canCreate = useCan('campaigns.create');
  const canUpdate = useCan('campaigns.update');
  const canDelete = useCan('campaigns.delete');
  const [editing, setEditing] = useState<CampaignRow | 'new' | null>(null);
  const [remove] = useDeleteCampaignMutation();
  const del = useConfirmDelete<CampaignRow>(
    (c) => remove(c.id).unwrap(),
    (c) => <>The campaign “{c.name}” and its organisers will be deleted. A campaign with events or groups cannot be deleted: move or delete them first.</>,
  );
  return (
    <>
      <Head title="Campaigns" />
      <PageHeader title="Campaigns" description="Goals pursued through events, messages and surveys.">
        {canCreate && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            New campaign
          </Button>
        )}
      </PageHeader>
      <DataTable
        label="Campaigns"
        columns={COLUMNS}
        useQuery={useGetCampaignsQuery}
        getRowId={(c) => c.id}
        rowLabel={(c) => c.name}
        search={{ placeholder: 'Search campaigns…', label: 'Search campaigns' }}
        filters={[{ name: 'status', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))] }]}
        defaultSort={{ id: 'created_at', desc: true }}
        urlState
        rowActions={(c) => (
          <>
            {canUpdate && (
              <Button size="sm" variant="ghost" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                Edit
              </Button>
            )}
            {canDelete && (
              <Button size="sm" variant="danger-ghost" onClick={() => del.ask(c)} aria-label={`Delete ${c.name}`}>
                Delete
              </Button>
            )}
          </>
        )}
        empty={{ title: 'No campaigns yet', description: 'Start a campaign, then add its events and organisers.' }}
        errorFallback="Failed to fetch campaigns"
      />
      {editing && <CampaignDialog campaign={editing} members={members} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}

CampaignsIndex.layout = AppLayout;
