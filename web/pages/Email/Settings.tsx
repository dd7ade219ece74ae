import { Head } from '@inertiajs/react';
import { CheckCircle2, Copy, Globe, KeyRound, Plug, Plus, RefreshCw, ShieldCheck, Star, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { EmailDnsRecord } from '@common/answers/email';
import { addDomainSchema, emailSettingsSchema, EMAIL_FOOTER_MAX } from '@common/schemas/email-settings';
import { cx } from '@/components/cx';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge, type Tone } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { NumberField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan, useSharedProps } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';
import {
  useAddEmailDomainMutation,
  useCheckEmailDomainMutation,
  useCreateEmailDomainKeyMutation,
  useDeleteEmailDomainKeyMutation,
  useDeleteEmailDomainMutation,
  useGetEmailDomainKeysQuery,
  useGetEmailDomainsQuery,
  useGetEmailSettingsQuery,
  useSetDefaultEmailDomainMutation,
  useTestEmailConnectionMutation,
  useUpdateEmailSettingsMutation,
  useVerifyEmailDomainMutation,
  type EmailDomainKey,
  type EmailDomainRow,
  type EmailSettings,
} from '@/store/email-settings-api';

/** The page's props (server/modules/email/settings.ts): the settings as stored, secrets masked. */
type PageProps = { settings: EmailSettings };
type Values = EmailSettings;

const DRIVERS: { value: Values['driver']; title: string; description: string }[] = [
  { value: 'mailgun', title: 'Mailgun', description: 'Your Mailgun account sends, with its domains, tracking and bounce reports.' },
  { value: 'smtp', title: 'SMTP server', description: 'Your own mail server or relay sends; bounces come back to its mailbox.' },
];
const REGIONS = [
  { value: 'eu', label: 'EU (api.eu.mailgun.net)' },
  { value: 'us', label: 'US (api.mailgun.net)' },
];
const SECURITY = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS from the start (usually port 465)' },
  { value: 'none', label: 'None (a relay on a private network)' },
];

/** "Connection test failed: …" or the success sentence, under the buttons until the next test */
type TestResult = { ok: boolean; message: string } | null;

/** the form without the sending domain: that is the default domain's, chosen in the list below */
const withoutDomain = (data: Values) => ({ ...data, mailgun_domain: undefined });

function SettingsForm({ initial, sendingDomain }: { initial: EmailSettings; sendingDomain: string | null }) {
  const canUpdate = useCan('email_settings.update');
  const [update] = useUpdateEmailSettingsMutation();
  const [test, testing] = useTestEmailConnectionMutation();
  const form = useZodForm<Values>(emailSettingsSchema, initial);
  const [result, setResult] = useState<TestResult>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => update(withoutDomain(data)).unwrap(), event.currentTarget);
      if (answer) {
        form.setDefaults(answer.data);
        form.setData(answer.data);
        toast.success(answer.message, SHORT_TOAST);
      }
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to update settings'));
    }
  }

  async function testConnection(element: HTMLFormElement | null) {
    setResult(null);
    try {
      const answer = await form.submitWith((data) => test(withoutDomain(data)).unwrap(), element);
      if (answer) setResult({ ok: true, message: answer.message });
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, 'Connection test failed') });
    }
  }

  const mailgun = form.data.driver === 'mailgun';
  return (
    <Card title="Sending">
      <form id="email-settings-form" onSubmit={(e) => void save(e)} noValidate className="flex max-w-3xl flex-col gap-6">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        <fieldset disabled={!canUpdate} className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Send email with</legend>
          {DRIVERS.map((d) => (
            <label
              key={d.value}
              className={cx(
                'flex cursor-pointer items-start gap-3 rounded-md p-3 ring-1 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-primary',
                form.data.driver === d.value ? 'bg-primary/5 ring-primary/40' : 'ring-slate-200 dark:ring-slate-700',
              )}
            >
              <input type="radio" name="driver" value={d.value} checked={form.data.driver === d.value} onChange={() => form.setData('driver', d.value)} className="mt-1 size-4 accent-primary" />
              <span>
                <span className="block text-sm font-medium text-slate-900 dark:text-white">{d.title}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{d.description}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {mailgun ? (
          <fieldset disabled={!canUpdate} className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Mailgun</legend>
            <TextField
              form={form}
              name="mailgun_key"
              type="password"
              label="API key"
              required
              autoComplete="off"
              dir="ltr"
              hint={initial.mailgun_key ? 'Stored encrypted. Leave it as it is to keep it, or type a new key.' : 'An account API key (Account settings › API keys): it manages domains too.'}
            />
            <SelectField form={form} name="mailgun_region" label="Region" options={REGIONS} hint="Where your Mailgun account lives: EU and US accounts are separate." />
            <TextField form={form} name="mailgun_from" type="email" label="From address" dir="ltr" hint={sendingDomain ? `On ${sendingDomain}; empty: no-reply@${sendingDomain}` : 'On the sending domain; add a domain below.'} />
            <TextField form={form} name="webhook_signing_key" type="password" label="Webhook signing key" autoComplete="off" dir="ltr" hint="Mailgun › Webhooks › HTTP webhook signing key: events are checked with it." />
            <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
              Sending domain: <strong className="font-medium text-slate-900 dark:text-white">{sendingDomain ?? 'none yet'}</strong> — the default domain below.
            </p>
          </fieldset>
        ) : (
          <fieldset disabled={!canUpdate} className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">SMTP server</legend>
            <TextField form={form} name="smtp_host" label="Host" required dir="ltr" autoComplete="off" placeholder="smtp.example.org" />
            <NumberField form={form} name="smtp_port" label="Port" required min={1} max={65535} />
            <SelectField form={form} name="smtp_security" label="Security" options={SECURITY} />
            <TextField form={form} name="smtp_from" type="email" label="From address" required dir="ltr" />
            <TextField form={form} name="smtp_user" label="User name" dir="ltr" autoComplete="off" />
            <TextField form={form} name="smtp_password" type="password" label="Password" dir="ltr" autoComplete="new-password" hint={initial.smtp_password ? 'Stored encrypted. Leave it as it is to keep it.' : undefined} />
          </fieldset>
        )}

        <fieldset disabled={!canUpdate} className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Every email</legend>
          <TextField form={form} name="default_from_name" label="From name" maxLength={100} autoComplete="organization" />
          <TextField form={form} name="reply_to_email" type="email" label="Reply-to address" dir="ltr" />
          <div className="sm:col-span-2">
            <TextareaField form={form} name="email_footer" label="Footer" rows={3} maxLength={EMAIL_FOOTER_MAX} dir="auto" hint="Your postal address and why people receive your emails; the unsubscribe link follows it." />
          </div>
        </fieldset>

        {result && (
          <p
            role={result.ok ? 'status' : 'alert'}
            data-testid="connection-result"
            className={cx(
              'flex items-start gap-2 rounded-md px-3 py-2 text-sm',
              result.ok ? 'bg-green-50 text-green-800 dark:bg-green-500/10 dark:text-green-200' : 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-200',
            )}
          >
            {result.ok && <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
            {result.message}
          </p>
        )}
        {canUpdate && (
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4 dark:border-slate-700">
            <Button type="submit" busy={form.processing} disabled={form.processing}>
              Save
            </Button>
            <Button variant="outline" busy={testing.isLoading} disabled={testing.isLoading} onClick={(e) => void testConnection(e.currentTarget.form)}>
              <Plug aria-hidden="true" className="size-4" />
              Test connection
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

const PURPOSE: Record<EmailDnsRecord['purpose'], string> = { spf: 'SPF', dkim: 'DKIM', mx: 'MX (receiving)', tracking: 'Tracking', other: 'Other' };
const VALID: Record<EmailDnsRecord['valid'], { tone: Tone; label: string }> = {
  valid: { tone: 'success', label: 'In place' },
  invalid: { tone: 'danger', label: 'Not found' },
  unknown: { tone: 'secondary', label: 'Not checked' },
};
const stateTone = (state: string): Tone => (state === 'active' ? 'success' : state === 'disabled' ? 'danger' : 'warning');
const stateLabel = (state: string) => (state === 'active' ? 'Verified' : state === 'unverified' ? 'Unverified' : state.charAt(0).toUpperCase() + state.slice(1));

function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`Copy ${label}`}
      title="Copy"
      onClick={() => void navigator.clipboard.writeText(value).then(() => toast.info('Copied', SHORT_TOAST), () => toast.error('The browser did not let us copy: select the text instead.'))}
    >
      <Copy aria-hidden="true" className="size-4" />
    </Button>
  );
}

/** The DNS records to create for a domain, each with its state, and the verify button. */
function RecordsDialog({ domain, onClose }: { domain: EmailDomainRow; onClose: () => void }) {
  const canUpdate = useCan('email_settings.update');
  const [verify, verifying] = useVerifyEmailDomainMutation();
  const [check, checking] = useCheckEmailDomainMutation();
  const [row, setRow] = useState(domain);
  const [note, setNote] = useState<{ ok: boolean; message: string } | null>(null);

  async function run(kind: 'verify' | 'check') {
    setNote(null);
    try {
      if (kind === 'verify') {
        const answer = await verify(row.id).unwrap();
        setRow(answer.data);
        setNote({ ok: answer.data.state === 'active', message: answer.message });
      } else {
        const answer = await check(row.id).unwrap();
        setRow(answer.data);
        setNote({ ok: answer.data.state === 'active', message: `${answer.data.domain}: ${stateLabel(answer.data.state).toLowerCase()}` });
      }
    } catch (err) {
      setNote({ ok: false, message: errorMessage(err, kind === 'verify' ? 'Verification failed' : 'The status could not be checked') });
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={`DNS records for ${row.domain}`}
      description="Create these records at your DNS host, then verify. Changes can take a few hours to be seen."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button variant="outline" onClick={() => void run('check')} busy={checking.isLoading} disabled={checking.isLoading || verifying.isLoading}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Check status
          </Button>
          {canUpdate && (
            <Button onClick={() => void run('verify')} busy={verifying.isLoading} disabled={verifying.isLoading || checking.isLoading}>
              <ShieldCheck aria-hidden="true" className="size-4" />
              Verify now
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          State: <Badge tone={stateTone(row.state)}>{stateLabel(row.state)}</Badge>
          {row.checked_at && (
            <span className="text-slate-500 dark:text-slate-400">
              last checked <DateTimeText value={row.checked_at} />
            </span>
          )}
        </p>
        {note && (
          <p role={note.ok ? 'status' : 'alert'} data-testid="verify-result" className={cx('rounded-md px-3 py-2 text-sm', note.ok ? 'bg-green-50 text-green-800 dark:bg-green-500/10 dark:text-green-200' : 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100')}>
            {note.message}
          </p>
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm" data-testid="dns-records">
            <caption className="sr-only">DNS records for {row.domain}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400">
                <th scope="col" className="py-2 pe-3 text-start font-medium">Purpose</th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">Type</th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">Name</th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">Value</th>
                <th scope="col" className="py-2 text-start font-medium">State</th>
              </tr>
            </thead>
            <tbody>
              {row.records.map((r, i) => (
                <tr key={`${r.type}-${r.name}-${r.value}-${i}`} className="border-b border-slate-100 align-top dark:border-slate-700/60">
                  <td className="py-2 pe-3 whitespace-nowrap text-slate-900 dark:text-white">{PURPOSE[r.purpose]}</td>
                  <td className="py-2 pe-3 font-mono text-xs">
                    {r.type}
                    {r.priority && <span className="block text-slate-500 dark:text-slate-400">priority {r.priority}</span>}
                  </td>
                  <td className="py-2 pe-3 font-mono text-xs break-all" dir="ltr">
                    {r.name}
                  </td>
                  <td className="py-2 pe-3">
                    <div className="flex items-start gap-1">
                      <code className="max-w-xs font-mono text-xs break-all text-slate-700 dark:text-slate-300" dir="ltr">
                        {r.value}
                      </code>
                      <CopyButton value={r.value} label={`${PURPOSE[r.purpose]} value`} />
                    </div>
                  </td>
                  <td className="py-2">
                    <Badge tone={VALID[r.valid].tone}>{VALID[r.valid].label}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Modal>
  );
}

/** A domain's sending keys: listed, made (the secret shown once), deleted. */
function KeysDialog({ domain, onClose }: { domain: EmailDomainRow; onClose: () => void }) {
  const canCreate = useCan('email_settings.create');
  const canDelete = useCan('email_settings.delete');
  const { data: keys, error, isLoading } = useGetEmailDomainKeysQuery(domain.id);
  const [create, creating] = useCreateEmailDomainKeyMutation();
  const [remove, removing] = useDeleteEmailDomainKeyMutation();
  const [description, setDescription] = useState('');
  const [fresh, setFresh] = useState<EmailDomainKey | null>(null);
  const [target, setTarget] = useState<EmailDomainKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await create({ id: domain.id, description }).unwrap();
      setFresh(answer.data);
      setDescription('');
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to create the sending key'));
    }
  }

  async function confirmDelete() {
    if (!target) return;
    try {
      const answer = await remove({ id: domain.id, keyId: target.id }).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      if (fresh?.id === target.id) setFresh(null);
      setTarget(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete the sending key'));
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Sending keys for ${domain.domain}`}
      description="A sending key can only send from this domain: give one to each application that sends."
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        {fresh?.secret && (
          <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100" data-testid="new-key">
            <p className="font-medium">Copy this key now: it is not shown again.</p>
            <div className="mt-2 flex items-center gap-2">
              <code className="font-mono text-xs break-all" dir="ltr">
                {fresh.secret}
              </code>
              <CopyButton value={fresh.secret} label="the new key" />
            </div>
          </div>
        )}
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        {canCreate && (
          <form onSubmit={(e) => void add(e)} className="flex flex-wrap items-end gap-2" noValidate>
            <label className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
              Description
              <input
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                maxLength={100}
                placeholder="Website forms"
                className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-primary dark:border-slate-600 dark:bg-slate-800 dark:text-white"
              />
            </label>
            <Button type="submit" busy={creating.isLoading} disabled={creating.isLoading}>
              <KeyRound aria-hidden="true" className="size-4" />
              Create key
            </Button>
          </form>
        )}
        {isLoading ? (
          <p role="status">Loading keys…</p>
        ) : error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(error, 'Failed to list the sending keys')}
          </p>
        ) : keys && keys.length > 0 ? (
          <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Sending keys">
            {keys.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="block font-medium text-slate-900 dark:text-white">{k.description || 'No description'}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    <span dir="ltr" className="font-mono">
                      {k.id}
                    </span>
                    {k.created_at && (
                      <>
                        {' · created '}
                        <DateTimeText value={k.created_at} />
                      </>
                    )}
                    {k.disabled && ' · disabled'}
                  </span>
                </span>
                {canDelete && (
                  <Button size="sm" variant="danger-ghost" onClick={() => setTarget(k)} aria-label={`Delete key ${k.description || k.id}`} title="Delete">
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No sending keys for this domain yet.</p>
        )}
      </div>
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirmDelete()} busy={removing.isLoading} title="Delete this sending key?">
        {target && <p>Applications using “{target.description || target.id}” can no longer send.</p>}
      </ConfirmDialog>
    </Modal>
  );
}

const col = columnHelper<EmailDomainRow>();
const COLUMNS = col.columns([
  col.accessor('domain', {
    header: 'Domain',
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <span dir="ltr" className="font-medium text-slate-900 dark:text-white">
          {row.original.domain}
        </span>
        {row.original.is_default && <Badge tone="primary">Default</Badge>}
      </span>
    ),
  }),
  col.accessor('state', { header: 'State', cell: ({ getValue }) => <Badge tone={stateTone(getValue())}>{stateLabel(getValue())}</Badge> }),
  col.accessor('records', {
    header: 'DNS records',
    cell: ({ getValue }) => {
      const sending = getValue().filter((r) => r.purpose !== 'mx');
      const ok = sending.filter((r) => r.valid === 'valid').length;
      return (
        <span className="tabular-nums">
          {ok} of {sending.length} in place
        </span>
      );
    },
  }),
  col.accessor('checked_at', { header: 'Last checked', meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => (getValue() ? <DateTimeText value={getValue()!} /> : '—') }),
]);

/** The domains on the company's Mailgun account: add, DNS records and verify, default, keys, delete. */
function DomainsCard({ settings }: { settings: EmailSettings }) {
  const canCreate = useCan('email_settings.create');
  const canUpdate = useCan('email_settings.update');
  const canDelete = useCan('email_settings.delete');
  const [add] = useAddEmailDomainMutation();
  const [makeDefault] = useSetDefaultEmailDomainMutation();
  const [remove, removal] = useDeleteEmailDomainMutation();
  const form = useZodForm<{ domain: string }>(addDomainSchema, { domain: '' });
  const [records, setRecords] = useState<EmailDomainRow | null>(null);
  const [keys, setKeys] = useState<EmailDomainRow | null>(null);
  const [target, setTarget] = useState<EmailDomainRow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = settings.driver === 'mailgun' && settings.mailgun_key !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => add(data).unwrap(), event.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        form.reset();
        setRecords(answer.data);
      }
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to add domain'));
    }
  }

  async function setDefault(d: EmailDomainRow) {
    try {
      const answer = await makeDefault(d.id).unwrap();
      toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to set default domain'));
    }
  }

  async function confirmDelete() {
    if (!target) return;
    try {
      const answer = await remove(target.id).unwrap();
      toast.warning(answer.message, SHORT_TOAST);
      setTarget(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete domain'));
    }
  }

  return (
    <Card title="Domains">
      <div className="flex flex-col gap-4">
        {!ready ? (
          <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {settings.driver === 'smtp' ? 'Domains are managed through Mailgun; with an SMTP server your mail host handles them.' : 'Save your Mailgun API key above to add sending domains.'}
          </p>
        ) : (
          canCreate && (
            <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-start gap-2">
              <div className="min-w-60 flex-1">
                <TextField form={form} name="domain" label="Add a domain" placeholder="mg.example.org" dir="ltr" hint="A subdomain (mg.example.org) keeps your main domain's mail apart." />
              </div>
              <Button type="submit" className="mt-7" busy={form.processing} disabled={form.processing}>
                <Plus aria-hidden="true" className="size-4" />
                Add domain
              </Button>
            </form>
          )
        )}
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        <DataTable
          label="Email domains"
          columns={COLUMNS}
          useQuery={useGetEmailDomainsQuery}
          getRowId={(d) => d.id}
          rowLabel={(d) => d.domain}
          defaultSort={{ id: 'domain', desc: false }}
          urlState={false}
          rowActions={(d) => (
            <>
              <Button size="sm" variant="ghost" onClick={() => setRecords(d)} aria-label={`DNS records and verification of ${d.domain}`} title="DNS records and verify">
                <ShieldCheck aria-hidden="true" className="size-4" />
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setKeys(d)} aria-label={`Sending keys of ${d.domain}`} title="Sending keys">
                <KeyRound aria-hidden="true" className="size-4" />
              </Button>
              {canUpdate && !d.is_default && (
                <Button size="sm" variant="ghost" onClick={() => void setDefault(d)} aria-label={`Make ${d.domain} the default`} title="Make default">
                  <Star aria-hidden="true" className="size-4" />
                </Button>
              )}
              {canDelete && (
                <Button size="sm" variant="danger-ghost" onClick={() => setTarget(d)} aria-label={`Delete ${d.domain}`} title="Delete">
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              )}
            </>
          )}
          empty={{ title: 'No domains yet', description: 'Add the domain your emails come from; Mailgun gives the DNS records that prove it is yours.' }}
          errorFallback="Failed to fetch domains"
        />
      </div>
      {records && <RecordsDialog key={records.id} domain={records} onClose={() => setRecords(null)} />}
      {keys && <KeysDialog key={keys.id} domain={keys} onClose={() => setKeys(null)} />}
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirmDelete()} busy={removal.isLoading} title="Delete this domain?">
        {target && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{target.domain}</strong> is deleted from your Mailgun account too, with its sending keys.
            {target.is_default && ' It is the sending domain: choose another before sending again.'}
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}

/** Email/Settings (PAGES.md /email/settings): how the company sends email, and its sending domains. */
export default function EmailSettingsPage() {
  const { settings: initial } = useSharedProps<PageProps>();
  // the settings as now stored (a domain made default changes the sending domain)
  const { data: settings = initial } = useGetEmailSettingsQuery();
  return (
    <>
      <Head title="Email settings" />
      <PageHeader title="Email settings" description="How your emails are sent, who they come from, and the domains they are sent on." />
      <div className="flex flex-col gap-6">
        <SettingsForm initial={initial} sendingDomain={settings.mailgun_domain} />
        <DomainsCard settings={settings} />
      </div>
    </>
  );
}

EmailSettingsPage.layout = AppLayout;
