import { Eye } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses, hintClasses, selectClasses } from '@/components/form/styles';
import { Modal } from '@/components/overlay/Modal';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { usePreviewEmailMutation, useSendEmailMutation, type EmailDraft, type EmailPreview } from '@/store/email-api';
import { useGetEmailTemplatesQuery } from '@/store/email-templates-api';
import { useGetSegmentsQuery, type ContactMatch } from '@/store/outreach-api';
import { ContactPicker } from '@/features/outreach/ContactPicker';
import { creditsLabel } from '@/features/wallet/credits';
import { splitAddresses } from './labels';

const ALL_SEGMENTS = { page: 1, per_page: 100, sort_by: 'name', sort_order: 'asc' } as const;
const ALL_TEMPLATES = { page: 1, per_page: 100, sort_by: 'name', sort_order: 'asc' } as const;
const STARTER = '<p>Hello {{ first_name | default: "there" }},</p>\n<p></p>';

type Mode = 'campaign' | 'addresses';

/** maps the server's field names to the dialog's */
function mapErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) out[k.startsWith('audience') ? 'audience' : k.startsWith('to') ? 'to' : k] = v;
  return out;
}

/**
 * "Send email": a campaign to segments and contacts (consent and suppression honoured; each
 * message carries the footer's unsubscribe link and the one-click headers), or one email to a few
 * addresses; subject and HTML with {{ variables }} (escaped in the HTML), now or at a time. The
 * preview shows who it reaches, what it costs and the message for a sample contact in a sandboxed
 * frame where no script runs. POST /email/preview, POST /email/send.
 */
export function ComposeEmail({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formats = useFormats();
  const { data: segmentPage } = useGetSegmentsQuery(ALL_SEGMENTS, { skip: !open });
  const { data: templatePage } = useGetEmailTemplatesQuery(ALL_TEMPLATES, { skip: !open });
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [send, { isLoading: sending }] = useSendEmailMutation();
  const [askPreview, { isLoading: previewing }] = usePreviewEmailMutation();
  const [mode, setMode] = useState<Mode>('campaign');
  const [segments, setSegments] = useState<number[]>([]);
  const [contacts, setContacts] = useState<ContactMatch[]>([]);
  const [addresses, setAddresses] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState(STARTER);
  const [schedule, setSchedule] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const ids = { subject: useId(), html: useId(), to: useId(), schedule: useId(), template: useId() };
  const templates = templatePage?.data ?? [];
  const segmentRows = segmentPage?.data ?? [];

  const draft = (): EmailDraft => ({
    subject,
    ...(templateId ? { template_id: templateId } : { html }),
    scheduled_at: schedule || null,
    ...(mode === 'campaign' ? { audience: { segment_ids: segments, contact_ids: contacts.map((c) => c.id) } } : { to: splitAddresses(addresses) }),
  });

  const reset = () => {
    setSegments([]);
    setContacts([]);
    setAddresses('');
    setSubject('');
    setHtml(STARTER);
    setSchedule('');
    setTemplateId(null);
    setErrors({});
    setRefusal(null);
    setPreview(null);
  };

  const local = (): Record<string, string> => {
    const e: Record<string, string> = {};
    if (!templateId && !subject.trim()) e.subject = 'Enter the subject.';
    if (!templateId && !html.trim()) e.html = 'Enter the message.';
    if (mode === 'campaign' && segments.length + contacts.length === 0) e.audience = 'Choose who to send to: segments or contacts.';
    if (mode === 'addresses' && splitAddresses(addresses).length === 0) e.to = 'Enter at least one email address.';
    return e;
  };

  const refused = (err: unknown, fallback: string) => {
    const mapped = mapErrors(fieldErrorsOf(err));
    setErrors(mapped);
    if (!Object.keys(mapped).length) {
      const message = errorMessage(err, fallback);
      setRefusal(message);
      toast.error(message);
    }
  };

  const showPreview = async () => {
    setRefusal(null);
    const e = local();
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      setPreview(await askPreview(draft()).unwrap());
    } catch (err) {
      setPreview(null);
      refused(err, 'The email could not be previewed.');
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const e = local();
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      const answer = await send(draft()).unwrap();
      toast.success(answer.data.status === 'scheduled' ? answer.message : SENT, SHORT_TOAST);
      reset();
      onClose();
    } catch (err) {
      refused(err, 'The email could not be sent.');
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send email"
      description="A campaign to segments and contacts who agreed to email, or one email to a few addresses."
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => void showPreview()} busy={previewing}>
            <Eye aria-hidden="true" className="size-4" />
            Preview
          </Button>
          <Button type="submit" form="send-email" busy={sending}>
            {schedule ? 'Schedule email' : 'Send email'}
          </Button>
        </>
      }
    >
      <form id="send-email" onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
        {refusal && <ErrorAlert>{refusal}</ErrorAlert>}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Recipients</legend>
          <div role="radiogroup" aria-label="Send to" className="flex flex-wrap gap-4 text-sm text-slate-800 dark:text-slate-100">
            {(
              [
                ['campaign', 'Segments and contacts'],
                ['addresses', 'Email addresses'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex cursor-pointer items-center gap-2">
                <input type="radio" name="mode" className="accent-primary" checked={mode === value} onChange={() => setMode(value)} />
                {label}
              </label>
            ))}
          </div>
          {mode === 'campaign' ? (
            <>
              {segmentRows.length > 0 && (
                <div>
                  <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Segments</p>
                  <div className="flex max-h-32 flex-wrap gap-2 overflow-y-auto">
                    {segmentRows.map((s) => (
                      <label key={s.id} className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-100">
                        <input
                          type="checkbox"
                          className="accent-primary"
                          checked={segments.includes(s.id)}
                          onChange={(e) => setSegments(e.target.checked ? [...segments, s.id] : segments.filter((x) => x !== s.id))}
                        />
                        {s.name}
                        {s.size !== null && <span className="text-xs text-slate-500 dark:text-slate-400">{formatCount(s.size)}</span>}
                      </label>
                    ))}
                  </div>
                </div>
              )}
              <ContactPicker picked={contacts} onChange={setContacts} reach="email" />
              {errors.audience && (
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {errors.audience}
                </p>
              )}
            </>
          ) : (
            <Field id={ids.to} label="Email addresses" hint="Up to 50, one per line or separated by commas. Each gets its own email." error={errors.to}>
              {(control) => <textarea {...control} rows={2} dir="ltr" value={addresses} onChange={(e) => setAddresses(e.target.value)} className={controlClasses(Boolean(errors.to), 'py-2')} placeholder="name@example.com" />}
            </Field>
          )}
        </fieldset>
        {templates.length > 0 && (
          <Field id={ids.template} label="Template" hint="A template from Email templates, or write the message here." error={errors.template_id}>
            {(control) => (
              <select {...control} value={templateId ?? ''} onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)} className={selectClasses}>
                <option value="">No template: write it here</option>
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field id={ids.subject} label="Subject" required={!templateId} hint={templateId ? "Leave empty to use the template's subject." : undefined} error={errors.subject}>
          {(control) => <input {...control} value={subject} onChange={(e) => setSubject(e.target.value)} className={controlClasses(Boolean(errors.subject))} maxLength={998} />}
        </Field>
        {!templateId && (
        <Field
          id={ids.html}
          label="Message (HTML)"
          required
          hint="Variables: {{ first_name }}, {{ last_name }}, {{ name }}, {{ email }}, {{ custom.<field> }}. Their values are escaped. Your footer and an unsubscribe link are added to campaigns."
          error={errors.html}
        >
          {(control) => <textarea {...control} rows={8} dir="ltr" value={html} onChange={(e) => setHtml(e.target.value)} className={controlClasses(Boolean(errors.html), 'py-2 font-mono text-xs')} />}
        </Field>
        )}
        <Field id={ids.schedule} label="Send at" hint="Leave empty to send now." error={errors.scheduled_at}>
          {(control) => <input {...control} type="datetime-local" value={schedule} onChange={(e) => setSchedule(e.target.value)} className={controlClasses(Boolean(errors.scheduled_at), 'sm:w-64')} />}
        </Field>
        {preview ? (
          <section aria-label="Preview" className="flex flex-col gap-3 rounded-md bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-900/40 dark:text-slate-200" aria-live="polite">
            <p>
              <strong className="font-semibold text-slate-900 dark:text-white">{formatCount(preview.recipients)}</strong> {preview.recipients === 1 ? 'recipient' : 'recipients'}:{' '}
              {creditsLabel(preview.credits, formats.currency)} held now. Balance: {creditsLabel(preview.balance, formats.currency)}.
              {preview.excluded.no_consent + preview.excluded.suppressed + preview.excluded.no_email > 0 &&
                ` Left out: ${formatCount(preview.excluded.no_consent)} without email consent, ${formatCount(preview.excluded.suppressed)} unsubscribed or bounced, ${formatCount(preview.excluded.no_email)} without an address.`}
            </p>
            {!preview.enough && <p className="font-medium text-red-600 dark:text-red-400">The balance does not cover this email: buy credits first, or send to fewer people.</p>}
            <p className="font-medium text-slate-900 dark:text-white">Subject: {preview.subject}</p>
            {/* sandbox without allow-scripts: nothing in the message can run */}
            <iframe title="Email preview" sandbox="" srcDoc={preview.html} className="h-72 w-full rounded border border-slate-200 bg-white dark:border-slate-700" />
          </section>
        ) : (
          <p className={hintClasses}>Preview to see who it reaches, what it costs and how it looks.</p>
        )}
      </form>
    </Modal>
  );
}
