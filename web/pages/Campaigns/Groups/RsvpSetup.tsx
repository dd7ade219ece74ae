import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { useGetGroupRsvpConfigQuery, useSaveGroupRsvpConfigMutation, type GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';

type Config = { allow_maybe: boolean; max_plus_ones: number; reminder_hours: number | null; channels: ('sms' | 'email')[] };
const input = 'rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900';

/** Campaigns/Groups/RsvpSetup (PAGES.md /groups/{id}/rsvp-setup): the RSVP settings every event of the group shares. */
export default function GroupsRsvpSetup({ group, can_update }: { group: GroupRow; can_update: boolean }) {
  const stored = useGetGroupRsvpConfigQuery(group.id);
  return (
    <GroupFrame group={group} here="/rsvp-setup">
      <Card title="RSVP settings" className="max-w-2xl">
        {stored.isLoading ? <p className="text-sm text-slate-500">Loading…</p> : <SettingsForm key={JSON.stringify(stored.data)} group={group} stored={stored.data ?? null} canUpdate={can_update} />}
      </Card>
    </GroupFrame>
  );
}

function SettingsForm({ group, stored, canUpdate: can_update }: { group: GroupRow; stored: ReturnType<typeof useGetGroupRsvpConfigQuery>['data'] | null; canUpdate: boolean }) {
  const [save, state] = useSaveGroupRsvpConfigMutation();
  const [c, setC] = useState<Config>(
    stored
      ? { allow_maybe: stored.allow_maybe ?? true, max_plus_ones: Number(stored.max_plus_ones ?? 0), reminder_hours: stored.reminder_hours == null ? null : Number(stored.reminder_hours), channels: stored.channels ?? ['sms'] }
      : { allow_maybe: true, max_plus_ones: 0, reminder_hours: 24, channels: ['sms'] },
  );
  const exists = Boolean(stored);
  // the form edits four settings: the others stored (questions, deadline, the invitation's words) are sent back as they were, not dropped
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const answer = await save({ id: group.id, exists, config: { ...stored, ...c } }).unwrap();
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, exists ? 'Failed to update RSVP settings' : 'Failed to save RSVP settings'));
    }
  }
  const channel = (ch: 'sms' | 'email') => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={c.channels.includes(ch)} onChange={(e) => setC({ ...c, channels: e.target.checked ? [...c.channels, ch] : c.channels.filter((x) => x !== ch) })} />
      {ch === 'sms' ? 'SMS' : 'Email'}
    </label>
  );
  return (
          <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={c.allow_maybe} onChange={(e) => setC({ ...c, allow_maybe: e.target.checked })} />
              Offer “maybe” as an answer
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Guests an invitee may bring
              <input type="number" min={0} max={20} className={input} value={c.max_plus_ones} onChange={(e) => setC({ ...c, max_plus_ones: Number(e.target.value) })} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Reminder, hours before the start (empty: none)
              <input type="number" min={1} className={input} value={c.reminder_hours ?? ''} onChange={(e) => setC({ ...c, reminder_hours: e.target.value === '' ? null : Number(e.target.value) })} />
            </label>
            <fieldset className="flex gap-4">
              <legend className="mb-1 text-sm font-medium">Channels</legend>
              {channel('sms')}
              {channel('email')}
            </fieldset>
            {can_update && (
              <Button type="submit" busy={state.isLoading}>
                Save RSVP settings
              </Button>
            )}
          </form>
  );
}

GroupsRsvpSetup.layout = AppLayout;
