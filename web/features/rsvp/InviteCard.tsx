import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { MultiSelectField } from '@/components/form/MultiSelectField';
import type { Option } from '@/components/form/options';
import { contactLookup, SEGMENT_LOOKUP } from '@/features/outreach/lookups';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { useSendInvitationsMutation } from '@/store/rsvp-api';

const SEGMENTS = SEGMENT_LOOKUP;
const CONTACTS = contactLookup('phone');

/** Invite contacts, segments or the group's participants, by SMS and/or email (POST /events/send-invitations/{id}). */
export function InviteCard({ eventId, inGroup, defaultChannels }: { eventId: number; inGroup: boolean; defaultChannels: Array<'sms' | 'email'> }) {
  const [segments, setSegments] = useState<Option[]>([]);
  const [contacts, setContacts] = useState<Option[]>([]);
  const [group, setGroup] = useState(false);
  const [channels, setChannels] = useState<Array<'sms' | 'email'>>(defaultChannels);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [send, { isLoading }] = useSendInvitationsMutation();

  const toggle = (c: 'sms' | 'email', on: boolean) => setChannels((cur) => (on ? [...new Set([...cur, c])] : cur.filter((x) => x !== c)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await send({
        eventId,
        body: { segment_ids: segments.map((s) => Number(s.value)), contact_ids: contacts.map((c) => Number(c.value)), group_participants: group, channels },
      }).unwrap();
      toast.success(answer.message || SENT, SHORT_TOAST);
      setSegments([]);
      setContacts([]);
      setGroup(false);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'Failed to send invitations'));
    }
  }

  return (
    <Card title="Send invitations">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <MultiSelectField label="Segments" value={segments} onChange={setSegments} load={SEGMENTS} placeholder="Search segments…" error={errors['segment_ids'] ?? null} />
        <MultiSelectField label="Contacts" value={contacts} onChange={setContacts} load={CONTACTS} placeholder="Search by name, phone or email…" error={errors['contact_ids'] ?? null} />
        {inGroup && <Checkbox label="The group’s participants" checked={group} onChange={(e) => setGroup(e.target.checked)} />}
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Send by</legend>
          <Checkbox label="SMS" checked={channels.includes('sms')} onChange={(e) => toggle('sms', e.target.checked)} />
          <Checkbox label="Email" checked={channels.includes('email')} onChange={(e) => toggle('email', e.target.checked)} />
        </fieldset>
        {(errors['audience'] || errors['channels']) && (
          <p role="alert" className="text-sm text-danger">
            {errors['audience'] ?? errors['channels']}
          </p>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Each guest gets their own link to answer. Contacts without consent on a channel, or suppressed, are left out; the messages are paid from the wallet.
        </p>
        <div>
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            Send invitations
          </Button>
        </div>
      </form>
    </Card>
  );
}
