import { Link, router } from '@inertiajs/react';
import { AlertTriangle, CalendarClock, Moon, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { templateTextParts, type MessageParts } from '@common/sms-parts';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button, buttonClasses } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { Field } from '@/components/form/Field';
import { MultiSelectField } from '@/components/form/MultiSelectField';
import type { Option } from '@/components/form/options';
import { announce } from '@/components/form/refused';
import { controlBase, controlClasses, controlState, selectClasses } from '@/components/form/styles';
import { cx } from '@/components/cx';
import { creditsLabel } from '@/features/wallet/credits';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useSharedProps } from '@/lib/page';
import { useGetSmsTemplatesQuery } from '@/store/sms-templates-api';
import { useCreateSmsMutation, useGetSmsSettingsQuery, usePreviewSmsMutation, useUpdateSmsMessageMutation, type SmsPreview } from '@/store/sms-api';
import { draftOf, hasAudience, type ComposeState } from './sends';
import { contactLookup, SEGMENT_LOOKUP } from '@/features/outreach/lookups';

const EMPTY: ComposeState = {
  message: '',
  segment_ids: [],
  contact_ids: [],
  numbers: '',
  sender_id: '',
  template_id: null,
  when: 'now',
  scheduled_at: '',
  ignore_quiet_hours: false,
};

const SEGMENTS = SEGMENT_LOOKUP;
const CONTACTS = contactLookup('phone', 'phone');
/** the company's templates by name (the largest page: a company keeps a few dozen) */
const TEMPLATES = { page: 1, per_page: 100, sort_by: 'name', sort_order: 'asc' } as const;
const VARIABLES = ['{{ first_name }}', '{{ last_name }}', '{{ name }}', '{{ phone }}'];

/** The error of a field or of any of its parts ("audience" or "audience.numbers.2"). */
function errorOf(errors: Record<string, string>, ...names: string[]): string | null {
  for (const name of names) {
    if (errors[name]) return errors[name];
    const part = Object.entries(errors).find(([k]) => k.startsWith(`${name}.`));
    if (part) return part[1];
  }
  return null;
}

type Previewed = { key: string; data?: SmsPreview; errors?: Record<string, string>; failure?: string };

/**
 * The draft's preview (POST /sms/preview), asked for 400 ms after the last change: the answer to
 * an older draft is dropped, a 422 lands on the fields, any other failure is said in the panel.
 */
function usePreview(state: ComposeState) {
  const [preview] = usePreviewSmsMutation();
  const draft = useMemo(() => draftOf(state), [state]);
  const key = useMemo(() => JSON.stringify(draft), [draft]);
  const [result, setResult] = useState<Previewed | null>(null);
  const latest = useRef(key);
  const [attempt, setAttempt] = useState(0);
  const asks = draft.message.trim() !== '' || hasAudience(draft);

  useEffect(() => {
    latest.current = key;
    if (!asks) return;
    const timer = window.setTimeout(() => {
      preview(draft)
        .unwrap()
        .then((data) => {
          if (latest.current === key) setResult({ key, data });
        })
        .catch((err: unknown) => {
          if (latest.current !== key) return;
          const errors = fieldErrorsOf(err);
          setResult(Object.keys(errors).length ? { key, errors } : { key, failure: errorMessage(err, 'Failed to preview the SMS') });
        });
    }, 400);
    return () => window.clearTimeout(timer);
    // the key says everything the draft holds
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asks, attempt]);

  return { draft, key, asks, result: asks ? result : null, current: asks && result?.key === key, retry: () => setAttempt((n) => n + 1) };
}

export type ComposeFormProps = {
  /** the send being edited (PUT /sms/messages/update/{id}); a new send when absent */
  id?: number;
  initial?: ComposeState;
  /** the labels of the chosen segments and contacts of an edited send */
  initialSegments?: Option[];
  initialContacts?: Option[];
};

/** Sms/Messages/Create and Edit: who gets it, the text, the sender, when; and what it will cost before it goes. */
export function ComposeForm({ id, initial = EMPTY, initialSegments = [], initialContacts = [] }: ComposeFormProps) {
  const formats = useFormats();
  const timeZone = useSharedProps().tenant?.timezone ?? 'UTC';
  const [state, setState] = useState<ComposeState>(initial);
  const [segments, setSegments] = useState<Option[]>(initialSegments);
  const [contacts, setContacts] = useState<Option[]>(initialContacts);
  const [refused, setRefused] = useState<{ key: string; errors: Record<string, string>; message: string | null } | null>(null);
  // a field's preview error shows once the user has been there (or tried to send): picking a segment first is not "Enter the message."
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(initial === EMPTY ? [] : ['message', 'audience', 'scheduled_at', 'sender_id']));
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set([...t, field])));
  const set = <K extends keyof ComposeState>(name: K, value: ComposeState[K]) => {
    touch(name === 'segment_ids' || name === 'contact_ids' || name === 'numbers' ? 'audience' : name);
    setState((s) => ({ ...s, [name]: value }));
  };
  const { draft, key, asks, result, current, retry } = usePreview(state);
  const { data: settings } = useGetSmsSettingsQuery();
  const { data: templatesPage, isError: templatesFailed } = useGetSmsTemplatesQuery(TEMPLATES);
  const templates = templatesPage?.data ?? [];
  const [create, { isLoading: creating }] = useCreateSmsMutation();
  const [update, { isLoading: updating }] = useUpdateSmsMessageMutation();
  const busy = creating || updating;
  const formRef = useRef<HTMLFormElement>(null);

  const stillRefused = refused && refused.key === key ? refused : null;
  const shown = Object.fromEntries(Object.entries(result?.errors ?? {}).filter(([k]) => touched.has(k.split('.')[0])));
  const errors = { ...shown, ...(stillRefused?.errors ?? {}) };
  const preview = result?.data ?? null;
  const written = useMemo(() => templateTextParts(state.message), [state.message]);
  const scheduled = state.when === 'later';
  // the server refuses a send with numbers it cannot read: they are taken out first
  const ready = current && preview !== null && preview.recipients > 0 && preview.invalid_numbers.length === 0 && preview.enough && (!scheduled || state.scheduled_at !== '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) {
      setTouched(new Set(['message', 'audience', 'scheduled_at', 'sender_id']));
      announce('Not sent yet: the preview shows what is missing.', formRef.current);
      return;
    }
    try {
      const answer = id ? await update({ id, ...draft }).unwrap() : await create(draft).unwrap();
      toast.success(answer.message);
      router.visit('/sms/messages');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const status = (err as { status?: unknown }).status;
      const message = Object.keys(fields).length && status === 422 ? null : errorMessage(err, id ? 'Failed to update the SMS' : 'Failed to send the SMS');
      setRefused({ key, errors: fields, message });
      announce(message ?? Object.values(fields).join(' '), formRef.current);
    }
  };

  const senderIds = settings?.sender_ids ?? [];
  const pickTemplate = (raw: string) => {
    const template = templates.find((t) => String(t.id) === raw);
    setState((s) => ({ ...s, template_id: template?.id ?? null, message: template ? template.body : s.message }));
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="grid items-start gap-6 xl:grid-cols-3">
      <div className="flex flex-col gap-6 xl:col-span-2">
        <Card title="Recipients">
          <div className="flex flex-col gap-4">
            <MultiSelectField
              label="Segments"
              value={segments}
              onChange={(next) => {
                setSegments(next);
                set('segment_ids', next.map((o) => Number(o.value)));
              }}
              load={SEGMENTS}
              placeholder="Search segments…"
              error={errorOf(errors, 'audience.segment_ids')}
            />
            <MultiSelectField
              label="Contacts"
              value={contacts}
              onChange={(next) => {
                setContacts(next);
                set('contact_ids', next.map((o) => Number(o.value)));
              }}
              load={CONTACTS}
              placeholder="Search by name, phone or email…"
              error={errorOf(errors, 'audience.contact_ids')}
            />
            <Field label="Phone numbers" hint="One a line, or separated by commas. Numbers without a country code are read in your company's country." error={errorOf(errors, 'audience.numbers', 'audience')}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  dir="ltr"
                  value={state.numbers}
                  onChange={(e) => set('numbers', e.target.value)}
                  placeholder={'0712 345678\n+254 733 000000'}
                  className={cx(controlBase, controlState(Boolean(errorOf(errors, 'audience.numbers', 'audience'))), 'px-3 py-2 font-mono')}
                />
              )}
            </Field>
          </div>
        </Card>

        <Card title="Message">
          <div className="flex flex-col gap-4">
            <Field label="Template" hint={templatesFailed ? 'The templates could not be loaded.' : templates.length === 0 ? 'No templates yet.' : 'Choosing a template replaces the text.'}>
              {(control) => (
                <select {...control} className={cx(selectClasses)} value={state.template_id === null ? '' : String(state.template_id)} onChange={(e) => pickTemplate(e.target.value)} disabled={templates.length === 0}>
                  <option value="">No template</option>
                  {templates.map((t) => (
                    <option key={t.id} value={String(t.id)}>
                      {t.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Text"
              required
              error={errorOf(errors, 'message')}
              hint={<>Variables: {VARIABLES.join(', ')} and {'{{ custom.<field> }}'}.</>}
              aside={<Counter parts={written} />}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={6}
                  value={state.message}
                  onChange={(e) => set('message', e.target.value)}
                  className={cx(controlBase, controlState(Boolean(errorOf(errors, 'message'))), 'px-3 py-2')}
                />
              )}
            </Field>
            {written.unicodeCharacters.length > 0 && (
              <div className="rounded-md bg-warning/10 px-3 py-2 text-sm text-orange-800 dark:text-warning" data-testid="ucs2-characters">
                <p>These characters make the message UCS-2 (70 characters a part instead of 160):</p>
                <p className="mt-1 flex flex-wrap gap-1.5">
                  {written.unicodeCharacters.map((c) => (
                    <mark key={c} className="rounded bg-warning/30 px-1.5 font-mono text-slate-900 dark:text-white">
                      {c}
                    </mark>
                  ))}
                </p>
              </div>
            )}
            {written.extensionCharacters.length > 0 && (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Count as two characters each: <span className="font-mono">{written.extensionCharacters.join(' ')}</span>
              </p>
            )}
            <Field label="Sender ID" hint={senderIds.length === 0 ? 'Your provider account’s default sender is used.' : undefined} error={errorOf(errors, 'sender_id')}>
              {(control) => (
                <select {...control} className={cx(selectClasses)} value={state.sender_id} onChange={(e) => set('sender_id', e.target.value)}>
                  <option value="">{senderIds[0] ? `Default (${senderIds[0]})` : 'Default'}</option>
                  {senderIds.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </Card>

        <Card title="When">
          <fieldset className="flex flex-col gap-4">
            <legend className="sr-only">When to send</legend>
            <div className="flex flex-wrap gap-6">
              <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input type="radio" name="when" className="accent-primary" checked={!scheduled} onChange={() => set('when', 'now')} />
                Send now
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input type="radio" name="when" className="accent-primary" checked={scheduled} onChange={() => set('when', 'later')} />
                Schedule for later
              </label>
            </div>
            {scheduled && (
              <Field label="Date and time" required hint={`In your company's time zone (${timeZone}).`} error={errorOf(errors, 'scheduled_at')} className="max-w-xs">
                {(control) => (
                  <input
                    {...control}
                    type="datetime-local"
                    value={state.scheduled_at}
                    onChange={(e) => set('scheduled_at', e.target.value)}
                    className={controlClasses(Boolean(errorOf(errors, 'scheduled_at')), 'tabular-nums')}
                  />
                )}
              </Field>
            )}
            {settings?.quiet_hours_enabled && (
              <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300">
                <Moon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                Quiet hours: SMS are not sent between {settings.quiet_start} and {settings.quiet_end}; a send in them waits for their end.
              </p>
            )}
            {current && preview?.quiet_until && !state.ignore_quiet_hours && (
              <p className="flex items-start gap-2 rounded-md bg-info/10 px-3 py-2 text-sm text-cyan-800 dark:text-info" role="status">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                This send falls in quiet hours: it will wait until {formats.dateTime(preview.quiet_until)}.
              </p>
            )}
            <Checkbox label="Send even in quiet hours" checked={state.ignore_quiet_hours} onChange={(e) => set('ignore_quiet_hours', e.target.checked)} />
          </fieldset>
        </Card>
      </div>

      <div className="flex flex-col gap-6 xl:sticky xl:top-20">
        <Card title="Cost preview">
          <CostPanel asks={asks} current={current} result={result} onRetry={retry} />
          {stillRefused?.message && <ErrorAlert className="mt-4">{stillRefused.message}</ErrorAlert>}
          <div className="mt-5 flex flex-wrap gap-2">
            <Button type="submit" disabled={!ready || busy} busy={busy}>
              {scheduled ? <CalendarClock aria-hidden="true" className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
              {id ? 'Save changes' : scheduled ? 'Schedule' : 'Send'}
            </Button>
            <Link href="/sms/messages" className={buttonClasses('outline')}>
              Cancel
            </Link>
          </div>
        </Card>
      </div>
    </form>
  );
}

/**
 * "42 characters · 1 part · 118 left · GSM-7" of the text as typed, at once (common/sms-parts.ts,
 * the server's own count): the variables are left out, each recipient's values add to them (the
 * cost preview counts a rendering).
 */
function Counter({ parts }: { parts: MessageParts }) {
  if (parts.parts === 0) return null;
  return (
    <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400" data-testid="sms-counter" aria-live="polite">
      {formatCount(parts.units)} characters · {parts.parts === 1 ? '1 part' : `${formatCount(parts.parts)} parts`} · {formatCount(parts.remaining)} left · {parts.encoding}
    </span>
  );
}

function Line({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cx('text-end tabular-nums', strong ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-800 dark:text-slate-200')}>{children}</dd>
    </div>
  );
}

/** The recipients after consent and suppression, what was left out and why, the parts and the credits against the balance. */
function CostPanel({ asks, current, result, onRetry }: { asks: boolean; current: boolean; result: Previewed | null; onRetry: () => void }) {
  const formats = useFormats();
  if (!asks) return <p className="text-sm text-slate-500 dark:text-slate-400">Choose who gets the SMS and write it: what it costs shows here.</p>;
  if (!result) return <p className="text-sm text-slate-500 dark:text-slate-400" role="status">Working out the cost…</p>;
  if (result.failure) return <ErrorAlert onRetry={onRetry}>{result.failure}</ErrorAlert>;
  if (result.errors) {
    return (
      <div className="text-sm text-slate-600 dark:text-slate-300">
        <p>To see the cost:</p>
        <ul className="mt-1 list-disc ps-5">
          {[...new Set(Object.values(result.errors))].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </div>
    );
  }
  const p = result.data!;
  const excluded = p.excluded.no_consent + p.excluded.suppressed + p.excluded.no_phone + p.excluded.duplicates;
  return (
    <div className={cx('flex flex-col gap-4 text-sm', !current && 'opacity-60')} aria-busy={!current} data-testid="sms-cost">
      <dl className="divide-y divide-slate-100 dark:divide-slate-700">
        <Line label="Recipients" strong>
          {formatCount(p.recipients)}
        </Line>
        {excluded > 0 && (
          <div className="py-1.5">
            <dt className="text-slate-600 dark:text-slate-400">Left out ({formatCount(excluded)})</dt>
            <dd>
              <ul className="mt-1 space-y-0.5 text-xs text-slate-500 dark:text-slate-400">
                {p.excluded.no_consent > 0 && <li>{formatCount(p.excluded.no_consent)} without SMS consent</li>}
                {p.excluded.suppressed > 0 && <li>{formatCount(p.excluded.suppressed)} unsubscribed or suppressed</li>}
                {p.excluded.no_phone > 0 && <li>{formatCount(p.excluded.no_phone)} without a phone number</li>}
                {p.excluded.duplicates > 0 && <li>{p.excluded.duplicates === 1 ? '1 duplicate number' : `${formatCount(p.excluded.duplicates)} duplicate numbers`}</li>}
              </ul>
            </dd>
          </div>
        )}
        {p.invalid_numbers.length > 0 && (
          <div className="py-1.5">
            <dt className="text-red-700 dark:text-red-300">{p.invalid_numbers.length === 1 ? '1 number could not be read' : `${formatCount(p.invalid_numbers.length)} numbers could not be read`}</dt>
            <dd className="mt-1 font-mono text-xs break-all text-slate-600 dark:text-slate-400" dir="ltr">
              {p.invalid_numbers.join(', ')}
            </dd>
            <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">Correct or remove {p.invalid_numbers.length === 1 ? 'it' : 'them'} to send.</dd>
          </div>
        )}
        <Line label="Parts per message">
          {formatCount(p.parts)} ({p.encoding})
        </Line>
        <Line label="Parts in all">{formatCount(p.total_parts)}</Line>
        <Line label="Cost" strong>
          {creditsLabel(p.credits, formats.currency)}
        </Line>
        <Line label="Balance">{creditsLabel(p.balance, formats.currency)}</Line>
      </dl>
      {p.recipients === 0 && (
        <p className="flex items-start gap-2 rounded-md bg-warning/10 px-3 py-2 text-orange-800 dark:text-warning" role="status">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Nobody can receive this SMS: choose other recipients.
        </p>
      )}
      {!p.enough && (
        <div className="rounded-md bg-danger/10 px-3 py-2 text-red-700 dark:text-red-300" role="alert">
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Not enough credits: this send needs {creditsLabel(p.credits, formats.currency)} and the balance is {creditsLabel(p.balance, formats.currency)}.
          </p>
          <Link href="/wallet#buy-credits" className="mt-1 inline-block font-medium underline underline-offset-2 hover:no-underline">
            Buy credits
          </Link>
        </div>
      )}
      {p.rendered && (
        <figure>
          <figcaption className="mb-1 text-xs font-medium text-slate-500 dark:text-slate-400">{p.personalised ? 'As the first recipient gets it' : 'The message'}</figcaption>
          <p className="rounded-md bg-slate-100 px-3 py-2 whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-200" data-testid="sms-rendered">
            {p.rendered}
          </p>
        </figure>
      )}
    </div>
  );
}
