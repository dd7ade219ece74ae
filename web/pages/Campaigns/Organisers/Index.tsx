import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { formatCount } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { useDeleteOrganiserMutation, useGetOrganisersQuery, type OrganiserRow } from '@/features/campaigns/api';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

const col = columnHelper<OrganiserRow>();
const COLUMNS = col.columns([
  col.accessor('name', { header: 'Organiser', enableSorting: true, cell: ({ row }) => <div><span className="font-medium text-slate-900 dark:text-white">{row.original.name}</span> {row.original.user_id ? <Badge tone="primary">Member</Badge> : <Badge>Outside</Badge>}<p className="text-xs text-slate-500 dark:text-slate-400" dir="ltr">{[row.original.email, row.original.phone].filter(Boolean).join(' · ')}</p></div> }),
  col.accessor('role', { header: 'Role' }),
  col.accessor('campaign_name', { header: 'Campaign', cell: ({ row }) => <Link href={`/campaigns/${row.original.campaign_id}`} className="text-primary hover:underline">{row.original.campaign_name}</Link> }),
  col.accessor('events_count', { header: 'Events', meta: { align: 'end' }, cell: ({ getValue }) => formatCount(getValue()) }),
]);

/** Campaigns/Organisers/Index (PAGES.md /organisers): the campaigns' organisers, members or outside people. */
export default function OrganisersIndex({ campaigns }: { campaigns: { id: number; name: string }[] }) {
  const canCreate = useCan('organisers.create');
  const canDelete = useCan('organisers.delete');
  const [remove] = useDeleteOrganiserMutation();
  const del = useConfirmDelete<OrganiserRow>((o) => remove(o.id).unwrap(), (o) => <>{o.name} will no longer organise “{o.campaign_name}” or its events.</>);
  return (
    <>
      <Head title="Organisers" />
      <PageHeader title="Organisers" description="Who runs each campaign's events: organisers see and manage the events they organise.">
        {canCreate && (
          <Link href="/organisers/create" className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" className="size-4" />
            New organiser
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="Organisers"
        columns={COLUMNS}
        useQuery={useGetOrganisersQuery}
        getRowId={(o) => o.id}
        rowLabel={(o) => o.name}
        search={{ placeholder: 'Search organisers…', label: 'Search organisers' }}
        filters={[{ name: 'campaign_id', label: 'Campaign', options: [{ value: '', label: 'All campaigns' }, ...campaigns.map((c) => ({ value: String(c.id), label: c.name }))] }]}
        defaultSort={{ id: 'name', desc: false }}
        urlState
        rowActions={(o) => canDelete && <Button size="sm" variant="danger-ghost" onClick={() => del.ask(o)} aria-label={`Delete ${o.name}`}>Delete</Button>}
        empty={{ title: 'No organisers yet', description: 'Add members of your team or outside volunteers to a campaign.' }}
        errorFallback="Failed to fetch organisers"
      />
      {del.dialog}
    </>
  );
}

OrganisersIndex.layout = AppLayout;
