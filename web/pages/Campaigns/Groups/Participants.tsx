import { useState } from 'react';
import { toast } from 'react-toastify';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { MultiSelectField } from '@/components/form/MultiSelectField';
import type { Option } from '@/components/form/options';
import { useAddParticipantsMutation, useGetParticipantsQuery, useRemoveParticipantMutation, type GroupRow, type ParticipantRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { contactLookup } from '@/features/outreach/lookups';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useGetSegmentsQuery } from '@/store/outreach-api';

const CONTACTS = contactLookup('phone');
const col = columnHelper<ParticipantRow>();
const COLUMNS = col.columns([col.accessor('name', { header: 'Name' }), col.accessor('phone', { header: 'Phone', cell: ({ getValue }) => <span dir="ltr">{getValue() ?? '—'}</span> }), col.accessor('email', { header: 'Email', cell: ({ getValue }) => getValue() ?? '—' })]);

/** Campaigns/Groups/Participants (PAGES.md /groups/{id}/participants): the contacts every event of the group invites; added one by one or a whole segment at once. */
export default function GroupsParticipants({ group, can_update }: { group: GroupRow; can_update: boolean }) {
  const segments = useGetSegmentsQuery({ page: 1, per_page: 100 } as never);
  const [segment, setSegment] = useState('');
  const [contacts, setContacts] = useState<Option[]>([]);
  const [add, adding] = useAddParticipantsMutation();
  const [remove] = useRemoveParticipantMutation();
  async function addThem(body: { segment_id: number } | { contact_ids: number[] }) {
    try {
      const answer = await add({ group_id: group.id, ...body }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      if ('contact_ids' in body) setContacts([]);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }
  return (
    <GroupFrame group={group} here="/participants">
      {can_update && (
        <Card title="Add participants" className="mb-6">
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Every contact of a segment
              <select aria-label="Segment" className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900" value={segment} onChange={(e) => setSegment(e.target.value)}>
                <option value="">Choose a segment</option>
                {(segments.data?.data ?? []).map((s: { id: number; name: string }) => (
                  <option key={s.id} value={s.id}>{s.name}</option>
                ))}
              </select>
            </label>
            <Button disabled={!segment} busy={adding.isLoading} onClick={() => void addThem({ segment_id: Number(segment) })}>Add the segment</Button>
          </div>
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <MultiSelectField className="min-w-72" label="Contacts" value={contacts} onChange={setContacts} load={CONTACTS} placeholder="Search by name, phone or email…" />
            <Button disabled={!contacts.length} busy={adding.isLoading} onClick={() => void addThem({ contact_ids: contacts.map((c) => Number(c.value)) })}>
              Add the contacts
            </Button>
          </div>
        </Card>
      )}
      <DataTable
        label="Participants"
        columns={COLUMNS}
        useQuery={useGetParticipantsQuery}
        params={{ group_id: group.id }}
        getRowId={(p) => p.id}
        rowLabel={(p) => p.name}
        rowActions={(p) => can_update && <Button size="sm" variant="danger-ghost" aria-label={`Remove ${p.name}`} onClick={() => void remove({ group_id: group.id, contact_id: p.contact_id }).unwrap().then((a) => toast.warning(a.message, SHORT_TOAST))}>Remove</Button>}
        empty={{ title: 'No participants yet', description: 'Add contacts, or every contact of a segment: they are invited to every event of the group.' }}
        errorFallback="Failed to fetch participants"
      />
    </GroupFrame>
  );
}

GroupsParticipants.layout = AppLayout;
