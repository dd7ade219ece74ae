import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { useGetGroupRsvpConfigQuery, useSaveGroupRsvpConfigMutation, type GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';

type Config = { allow_maybe: boolean; max_plus_ones: number; reminder_hours: number | null; channels: ('sms' | 'email')[] };
/** the invitation's own words; empty: Kazi's default words */
type Words = { invitation_sms: string; invitation_email_subject: string; invitation_email_body: string };
const WORDS: { key: keyof Words; label: string; rows: number; placeholder: string }[] = [
  { key: 'invitation_sms', label: 'Invitation by SMS', rows: 3, placeholder: 'Hi {{ first_name }}, you are invited to {{ event_name }} on {{ event_date }}. Please reply here: {{ rsvp_link }}' },
  { key: 'invitation_email_subject', label: 'Invitation e-mail’s subject', rows: 1, placeholder: 'Invitation: {{ event_name }}' },
  { key: 'invitation_email_body', label: 'Invitation e-mail’s text (HTML)', rows: 5, placeholder: '<p>Hi {{ first_name }},</p><p>You are invited to {{ event_name }} on {{ event_date }}.</p><p><a href="{{ rsvp_link }}">Reply</a></p>' },
];
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
  const [words, setWords] = useState<Words>({
    invitation_sms: stored?.invitation_sms ?? '',
    invitation_email_subject: stored?.invitation_email_subject ?? '',
    invitation_email_body: stored?.invitation_email_body ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const exists = Boolean(stored);
  // the settings the form does not edit (questions, deadline) are sent back as they were, not dropped;
  // an emptied text goes as empty, which the server leaves out: the default words again
  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await save({ id: group.id, exists, config: { ...stored, ...c, ...words } }).unwrap();
      toast.success(answer.message);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
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
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1 text-sm font-medium">The invitation’s words</legend>
              <p id="rsvp-words-hint" className="text-xs text-slate-600 dark:text-slate-300">
                Leave a box empty for the default words. You may use {'{{ first_name }}'}, {'{{ event_name }}'}, {'{{ event_date }}'}, {'{{ event_venue }}'} and{' '}
                {'{{ rsvp_link }}'}, the guest’s own link to answer.
              </p>
              {WORDS.map((w) => (
                <label key={w.key} className="flex flex-col gap-1 text-sm font-medium">
                  {w.label}
                  <textarea
                    rows={w.rows}
                    className={input}
                    value={words[w.key]}
                    placeholder={w.placeholder}
                    aria-describedby={errors[w.key] ? `rsvp-${w.key}-error` : 'rsvp-words-hint'}
                    aria-invalid={errors[w.key] ? true : undefined}
                    onChange={(e) => setWords({ ...words, [w.key]: e.target.value })}
                  />
                  {errors[w.key] && (
                    <span id={`rsvp-${w.key}-error`} className="text-sm font-normal text-danger-strong dark:text-danger">
                      {errors[w.key]}
                    </span>
                  )}
                </label>
              ))}
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
