import { Head, Link } from '@inertiajs/react';
import { CheckCircle2, Download, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { BulkOperationRow } from '@common/answers/outreach';
import { formatCount } from '@common/format';
import type { BulkOperationInput } from '@common/segments';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { TextInput } from '@/components/form/TextInput';
import { selectClasses } from '@/components/form/styles';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { BackLink } from '@/components/record/BackLink';
import { ProgressBar } from '@/components/upload/ProgressBar';
import { AppLayout } from '@/layouts/AppLayout';
import { fieldErrorsOf, errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useGetBulkOperationQuery, useStartBulkOperationMutation } from '@/store/outreach-api';

type Segment = { id: number; name: string; type: 'dynamic' | 'static'; size: number | null };
type Props = { segments: Segment[]; segment: number | null };
type Action = BulkOperationInput['action'];

/** The actions, each with what it needs (server/modules/outreach/bulk.ts checks the same). */
const ACTIONS: { value: Action; label: string; permission: string }[] = [
  { value: 'tag', label: 'Add a tag', permission: 'contacts.update' },
  { value: 'untag', label: 'Remove a tag', permission: 'contacts.update' },
  { value: 'add_to_segment', label: 'Add to a static segment', permission: 'segments.update' },
  { value: 'remove_from_segment', label: 'Remove from a static segment', permission: 'segments.update' },
  { value: 'set_consent', label: 'Record consent', permission: 'contacts.update' },
  { value: 'export', label: 'Export to CSV', permission: 'contacts.export' },
  { value: 'delete', label: 'Delete the contacts', permission: 'contacts.delete' },
];

const POLL_MS = 500;

/**
 * Segments/BulkOperations (PAGES.md): one action over a segment's members or the whole contact
 * book, run by the server as one job (decision 0027); the page follows it with a progress bar
 * and ends with its summary (and the file, for an export).
 */
export default function SegmentsBulkOperations({ segments, segment }: Props) {
  const can = {
    'contacts.update': useCan('contacts.update'),
    'contacts.delete': useCan('contacts.delete'),
    'contacts.export': useCan('contacts.export'),
    'segments.update': useCan('segments.update'),
  } as Record<string, boolean>;
  const actions = ACTIONS.filter((a) => can[a.permission]);
  const statics = segments.filter((s) => s.type === 'static');
  const [source, setSource] = useState<string>(segment ? String(segment) : 'all');
  const [action, setAction] = useState<Action>(actions[0]?.value ?? 'tag');
  const [tag, setTag] = useState('');
  const [target, setTarget] = useState<string>(statics[0] ? String(statics[0].id) : '');
  const [channel, setChannel] = useState<'sms' | 'email' | 'voice'>('sms');
  const [status, setStatus] = useState<'granted' | 'withdrawn'>('granted');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState<number | null>(null);
  const [start, starting] = useStartBulkOperationMutation();

  const selection: BulkOperationInput['selection'] = source === 'all' ? { matching: { match: 'all', rules: [] } } : { segment_id: Number(source) };
  const sourceName = source === 'all' ? 'every contact' : `the contacts of “${segments.find((s) => String(s.id) === source)?.name ?? ''}”`;

  function body(): BulkOperationInput {
    switch (action) {
      case 'tag':
      case 'untag':
        return { action, selection, tag };
      case 'add_to_segment':
      case 'remove_from_segment':
        return { action, selection, segment_id: Number(target) };
      case 'set_consent':
        return { action, selection, channel, status };
      default:
        return { action, selection };
    }
  }

  async function run() {
    setErrors({});
    try {
      const op = await start(body()).unwrap();
      setRunning(op.id);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      toast.error(errorMessage(err, 'The operation could not be started'));
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (action === 'delete') setConfirming(true);
    else void run();
  }

  return (
    <>
      <Head title="Bulk operations" />
      <PageHeader title="Bulk operations" description="Tag, untag, pick into a segment, record consent, export or delete many contacts at once.">
        <BackLink href="/segments">Segments</BackLink>
      </PageHeader>

      {running !== null ? (
        <Progress id={running} onAgain={() => setRunning(null)} />
      ) : (
        <Card>
          <form onSubmit={submit} className="grid gap-5 sm:grid-cols-2" noValidate>
            <Field id="bulk-source" label="Contacts" error={errors['selection.segment_id'] ?? errors.selection}>
              {(control) => (
                <select {...control} className={selectClasses} value={source} onChange={(e) => setSource(e.target.value)}>
                  <option value="all">Every contact</option>
                  {segments.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                      {s.size !== null ? ` (${formatCount(s.size)})` : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="bulk-action" label="Action">
              {(control) => (
                <select {...control} className={selectClasses} value={action} onChange={(e) => setAction(e.target.value as Action)}>
                  {actions.map((a) => (
                    <option key={a.value} value={a.value}>
                      {a.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>

            {(action === 'tag' || action === 'untag') && (
              <TextInput id="bulk-tag" label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} error={errors.tag} maxLength={50} required />
            )}
            {(action === 'add_to_segment' || action === 'remove_from_segment') && (
              <Field id="bulk-target" label="Static segment" error={errors.segment_id} hint={statics.length ? undefined : 'There is no static segment yet: create one first.'}>
                {(control) => (
                  <select {...control} className={selectClasses} value={target} onChange={(e) => setTarget(e.target.value)}>
                    {statics.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {action === 'set_consent' && (
              <>
                <Field id="bulk-channel" label="Channel" error={errors.channel}>
                  {(control) => (
                    <select {...control} className={selectClasses} value={channel} onChange={(e) => setChannel(e.target.value as typeof channel)}>
                      <option value="sms">SMS</option>
                      <option value="email">Email</option>
                      <option value="voice">Voice</option>
                    </select>
                  )}
                </Field>
                <Field id="bulk-status" label="Consent" error={errors.status} hint="Recorded in each contact's consent history, as given by you.">
                  {(control) => (
                    <select {...control} className={selectClasses} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
                      <option value="granted">Given</option>
                      <option value="withdrawn">Withdrawn</option>
                    </select>
                  )}
                </Field>
              </>
            )}

            <div className="flex items-center gap-3 sm:col-span-2">
              <Button type="submit" variant={action === 'delete' ? 'danger' : 'primary'} disabled={starting.isLoading || !actions.length} busy={starting.isLoading}>
                {ACTIONS.find((a) => a.value === action)?.label ?? 'Start'}
              </Button>
              <span className="text-sm text-slate-500 dark:text-slate-400">for {sourceName}</span>
            </div>
          </form>
        </Card>
      )}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run();
        }}
        title={`Delete ${sourceName}?`}
        confirmLabel="Delete"
      >
        The contacts, their consent history and their timelines are deleted for good.
      </ConfirmDialog>
    </>
  );
}

/** The running job: a progress bar while it works, then its summary (and the file of an export). */
function Progress({ id, onAgain }: { id: number; onAgain: () => void }) {
  const [finished, setFinished] = useState(false);
  const { data, error } = useGetBulkOperationQuery(id, { pollingInterval: finished ? 0 : POLL_MS, skipPollingIfUnfocused: false });
  const done = data?.state === 'done' || data?.state === 'failed';
  if (done && !finished) setFinished(true);
  const percent = !data ? 0 : data.state === 'done' ? 100 : data.total ? (data.processed / data.total) * 100 : 0;

  return (
    <Card title="Progress">
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(error, 'The progress could not be read')}
        </p>
      ) : data?.state === 'done' || data?.state === 'failed' ? (
        <Summary op={data} onAgain={onAgain} />
      ) : (
        <div className="flex flex-col gap-3">
          <ProgressBar value={percent} label="Bulk operation progress" />
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {data ? `${formatCount(data.processed)} of ${formatCount(data.total)} contacts done…` : 'Starting…'}
          </p>
        </div>
      )}
    </Card>
  );
}

function Summary({ op, onAgain }: { op: BulkOperationRow; onAgain: () => void }) {
  const ok = op.state === 'done';
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className={`flex items-center gap-2 text-sm ${ok ? 'text-emerald-800 dark:text-success' : 'text-red-700 dark:text-red-300'}`}>
        {ok ? <CheckCircle2 aria-hidden="true" className="size-5" /> : <XCircle aria-hidden="true" className="size-5" />}
        {op.message}
      </p>
      <div className="flex flex-wrap gap-3">
        {op.download_url && (
          <a href={op.download_url} className={buttonClasses('primary', 'md')} download>
            <Download aria-hidden="true" className="size-4" /> Download the CSV
          </a>
        )}
        <Button variant="outline" onClick={onAgain}>
          Another operation
        </Button>
        <Link href="/contacts" className={buttonClasses('outline', 'md')}>
          Contacts
        </Link>
      </div>
    </div>
  );
}

SegmentsBulkOperations.layout = AppLayout;
