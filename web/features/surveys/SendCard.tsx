import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { SURVEY_MESSAGE_DEFAULTS, SURVEY_VARIABLES, type SurveySendChannel, type SurveySendRow } from '@common/surveys';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { Field } from '@/components/form/Field';
import { MultiSelectField } from '@/components/form/MultiSelectField';
import type { AsyncOptions } from '@/components/form/SelectField';
import type { Option } from '@/components/form/options';
import { controlClasses } from '@/components/form/styles';
import { TextInput } from '@/components/form/TextInput';
import { contactLookup, SEGMENT_LOOKUP } from '@/features/outreach/lookups';
import { MESSAGE_STATUS_LABEL, MESSAGE_STATUS_TONE } from '@/features/sms/sends';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { useGetSurveySendsQuery, useSendSurveyMutation } from './api';

const CONTACTS = contactLookup('phone');
const GROUPS: AsyncOptions = { url: '/groups/json', params: { sort_by: 'name', sort_order: 'asc' } };
const VARIABLES = SURVEY_VARIABLES.map((v) => `{{ ${v} }}`).join(', ');

function MessageBox({ id, label, value, onChange, error, rows = 3 }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string; rows?: number }) {
  return (
    <Field id={id} label={label} error={error ?? null}>
      {(control) => <textarea {...control} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} className={controlClasses(Boolean(error), 'px-3 py-2')} />}
    </Field>
  );
}

/**
 * Send the survey by SMS and/or email to segments, contacts or groups' participants
 * (POST /surveys/send-survey/{id}): each recipient gets their own link ({{ survey_link }}), so
 * their answer is theirs and taken once.
 */
export function SendSurveyCard({ surveyId, open }: { surveyId: number; open: boolean }) {
  const [segments, setSegments] = useState<Option[]>([]);
  const [contacts, setContacts] = useState<Option[]>([]);
  const [groups, setGroups] = useState<Option[]>([]);
  const [channels, setChannels] = useState<SurveySendChannel[]>(['sms']);
  const [texts, setTexts] = useState(SURVEY_MESSAGE_DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [send, { isLoading }] = useSendSurveyMutation();
  const toggle = (c: SurveySendChannel, on: boolean) => setChannels((cur) => (on ? [...new Set([...cur, c])] : cur.filter((x) => x !== c)));
  const text = (k: keyof typeof SURVEY_MESSAGE_DEFAULTS) => (v: string) => setTexts((t) => ({ ...t, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const answer = await send({
        id: surveyId,
        body: {
          channels,
          segment_ids: segments.map((s) => Number(s.value)),
          contact_ids: contacts.map((c) => Number(c.value)),
          group_ids: groups.map((g) => Number(g.value)),
          ...(channels.includes('sms') ? { message: texts.message } : {}),
          ...(channels.includes('email') ? { subject: texts.subject, body: texts.body } : {}),
        },
      }).unwrap();
      toast.success(answer.message || SENT, SHORT_TOAST);
      setSegments([]);
      setContacts([]);
      setGroups([]);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toast.error(errorMessage(err, 'Failed to send the survey'));
    }
  }

  if (!open) {
    return (
      <Card title="Send by SMS or email">
        <p className="text-sm text-slate-600 dark:text-slate-300">This survey is closed: reopen it to send it.</p>
      </Card>
    );
  }
  return (
    <Card title="Send by SMS or email">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label="Send the survey">
        <MultiSelectField label="Segments" value={segments} onChange={setSegments} load={SEGMENT_LOOKUP} placeholder="Search segments…" error={errors['segment_ids'] ?? null} />
        <MultiSelectField label="Contacts" value={contacts} onChange={setContacts} load={CONTACTS} placeholder="Search by name, phone or email…" error={errors['contact_ids'] ?? null} />
        <MultiSelectField label="Groups’ participants" value={groups} onChange={setGroups} load={GROUPS} placeholder="Search groups…" error={errors['group_ids'] ?? null} />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Send by</legend>
          <Checkbox label="SMS" checked={channels.includes('sms')} onChange={(e) => toggle('sms', e.target.checked)} />
          <Checkbox label="Email" checked={channels.includes('email')} onChange={(e) => toggle('email', e.target.checked)} />
        </fieldset>
        {channels.includes('sms') && <MessageBox id="survey-send-message" label="SMS text" value={texts.message} onChange={text('message')} error={errors['message']} />}
        {channels.includes('email') && (
          <>
            <TextInput id="survey-send-subject" label="Email subject" value={texts.subject} onChange={(e) => text('subject')(e.target.value)} error={errors['subject'] ?? null} />
            <MessageBox id="survey-send-body" label="Email (HTML)" value={texts.body} onChange={text('body')} error={errors['body']} rows={5} />
          </>
        )}
        {(errors['audience'] || errors['channels']) && (
          <p role="alert" className="text-sm text-danger">
            {errors['audience'] ?? errors['channels']}
          </p>
        )}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Variables: {VARIABLES} and the contact’s fields. Each recipient gets their own link and may answer once; those already sent this survey, or who answered it, are left out, and so are contacts without consent
          on a channel or suppressed. The messages are paid from the wallet.
        </p>
        <div>
          <Button type="submit" busy={isLoading} disabled={isLoading}>
            Send survey
          </Button>
        </div>
      </form>
    </Card>
  );
}

const reached = (r: SurveySendRow) => r.counts.sent + r.counts.delivered;
const refused = (r: SurveySendRow) => r.counts.failed + r.counts.rejected + r.counts.cancelled;

/** The survey's sends and how far each has gone (GET /surveys/get-sends/{id}), refreshed while one is still going. */
export function SurveySendsCard({ surveyId }: { surveyId: number }) {
  const [going, setGoing] = useState(false);
  const sends = useGetSurveySendsQuery(surveyId, { pollingInterval: going ? 3000 : 0 });
  const list = sends.data ?? [];
  const active = list.some((s) => s.status === 'queued' || s.status === 'sending' || s.status === 'scheduled');
  if (active !== going) setGoing(active);
  if (!list.length) return null;
  return (
    <Card title="Sends">
      <table className="w-full text-sm" aria-label="Sends of the survey">
        <thead>
          <tr className="text-start text-xs text-slate-500 dark:text-slate-400">
            <th className="py-1 text-start font-medium">Sent</th>
            <th className="py-1 text-start font-medium">Channel</th>
            <th className="py-1 text-start font-medium">To</th>
            <th className="py-1 text-end font-medium">Recipients</th>
            <th className="py-1 text-end font-medium">Sent or delivered</th>
            <th className="py-1 text-end font-medium">Failed</th>
            <th className="py-1 text-end font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.id} className="border-t border-slate-100 dark:border-slate-700">
              <td className="py-2">
                <DateTimeText value={s.created_at} />
              </td>
              <td className="py-2">{s.channel === 'sms' ? 'SMS' : 'Email'}</td>
              <td className="py-2 text-slate-600 dark:text-slate-300">{s.audience_label}</td>
              <td className="py-2 text-end tabular-nums">{formatCount(s.recipients)}</td>
              <td className="py-2 text-end tabular-nums">{formatCount(reached(s))}</td>
              <td className="py-2 text-end tabular-nums">{formatCount(refused(s))}</td>
              <td className="py-2 text-end">
                <Badge tone={MESSAGE_STATUS_TONE[s.status]}>{MESSAGE_STATUS_LABEL[s.status]}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
