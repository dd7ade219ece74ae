import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { groupSchema } from '@common/schemas/campaigns';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { Modal } from '@/components/overlay/Modal';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { useCreateGroupMutation, useDeleteGroupMutation, useGetGroupsQuery, type GroupRow } from '@/features/campaigns/api';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';

const col = columnHelper<GroupRow>();
const COLUMNS = col.columns([
  col.accessor('name', { header: 'Group', enableSorting: true, cell: ({ row }) => <Link href={`/groups/${row.original.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">{row.original.name}</Link> }),
  col.accessor('campaign_name', { header: 'Campaign', cell: ({ getValue }) => getValue() ?? '—' }),
  col.accessor('events_count', { header: 'Events', meta: { align: 'end' }, cell: ({ getValue }) => formatCount(getValue()) }),
  col.accessor('participants_count', { header: 'Participants', meta: { align: 'end' }, cell: ({ getValue }) => formatCount(getValue()) }),
]);

function NewGroup({ campaigns, onClose }: { campaigns: { id: number; name: string }[]; onClose: () => void }) {
  const form = useZodForm<{ name: string; description: string | null; campaign_id: number | null }>(groupSchema, { name: '', description: null, campaign_id: null });
  const [create] = useCreateGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const answer = await form.submitWith((d) => create(d).unwrap(), e.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        onClose();
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The group could not be saved.'));
    }
  }
  return (
    <Modal open onClose={onClose} title="New event group" footer={<><Button variant="outline" onClick={onClose}>Cancel</Button><Button type="submit" form="group-form" busy={form.processing}>Create group</Button></>}>
      <form id="group-form" onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
        {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
        <TextField form={form} name="name" label="Name" required maxLength={200} autoFocus />
        <TextareaField form={form} name="description" label="Description" rows={3} />
        <SelectField form={form} name="campaign_id" label="Campaign" placeholder="No campaign" options={campaigns.map((c) => ({ value: c.id, label: c.name }))} />
      </form>
    </Modal>
  );
}

/** Campaigns/Groups/Index (PAGES.md /groups): series of events sharing participants and RSVP settings. */
export default function GroupsIndex({ campaigns }: { campaigns: { id: number; name: string }[] }) {
  const canCreate = useCan('event_groups.create');
  const canDelete = useCan('event_groups.delete');
  const [open, setOpen] = useState(false);
  const [remove] = useDeleteGroupMutation();
  const del = useConfirmDelete<GroupRow>((g) => remove(g.id).unwrap(), (g) => <>The group “{g.name}” and its participant list will be deleted; its events stay.</>);
  return (
    <>
      <Head title="Event groups" />
      <PageHeader title="Event groups" description="A series of events with the same participants and RSVP settings.">
        {canCreate && <Button onClick={() => setOpen(true)}><Plus aria-hidden="true" className="size-4" />New group</Button>}
      </PageHeader>
      <DataTable
        label="Event groups"
        columns={COLUMNS}
        useQuery={useGetGroupsQuery}
        getRowId={(g) => g.id}
        rowLabel={(g) => g.name}
        search={{ placeholder: 'Search groups…', label: 'Search groups' }}
        defaultSort={{ id: 'created_at', desc: true }}
        urlState
        rowActions={(g) => canDelete && <Button size="sm" variant="danger-ghost" onClick={() => del.ask(g)} aria-label={`Delete ${g.name}`}>Delete</Button>}
        empty={{ title: 'No event groups yet', description: 'Group a series of events to invite the same people to all of them.' }}
        errorFallback="Failed to fetch groups"
      />
      {open && <NewGroup campaigns={campaigns} onClose={() => setOpen(false)} />}
      {del.dialog}
    </>
  );
}

GroupsIndex.layout = AppLayout;
