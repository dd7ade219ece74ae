import { Head, Link, router } from '@inertiajs/react';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { CHANNELS } from '@common/outreach';
import { segmentSchema, type RuleGroup } from '@common/segments';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { BackLink } from '@/components/record/BackLink';
import { errorMessage } from '@/lib/errors';
import { requestState } from '@/store/resource-api';
import { ALL_CONTACT_FIELDS, FRESH_FIELDS, useCreateSegmentMutation, useGetContactFieldsQuery, useGetSegmentsQuery, useUpdateSegmentMutation, type SegmentRow } from '@/store/outreach-api';
import { CHANNEL_LABEL } from './copy';
import { EMPTY_RULES } from './rule-vocabulary';
import { RuleEditor } from './RuleEditor';
import { useLiveCount, type LiveCount } from './use-live-count';
import { formatCount } from '@common/format';
import { ErrorAlert } from '@/components/display/ErrorAlert';

const TYPE_OPTIONS = [
  { value: 'dynamic', label: 'Dynamic: contacts matching rules, kept up to date' },
  { value: 'static', label: 'Static: contacts you pick' },
];

/** The count panel beside the rules: how many contacts match now, and how many may be sent to per channel. */
function CountPanel({ live }: { live: LiveCount }) {
  const invalid = Object.keys(live.errors).length > 0;
  const count = live.count;
  return (
    <Card title="Matching contacts" aria-live="polite" aria-busy={live.counting}>
      {live.failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {live.failure}
        </p>
      ) : invalid ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Complete the conditions marked in red to count.</p>
      ) : count ? (
        <>
          <p className="flex items-center gap-2 text-3xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="live-count">
            {formatCount(count.count)}
            {live.counting && <LoaderCircle aria-label="Counting" className="size-5 animate-spin text-slate-400" />}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{count.count === 1 ? 'contact matches' : 'contacts match'} these rules</p>
          <dl className="mt-4 grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 dark:border-slate-700">
            {CHANNELS.map((ch) => (
              <div key={ch}>
                <dt className="text-xs text-slate-500 dark:text-slate-400">{CHANNEL_LABEL[ch]}</dt>
                <dd className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={`sendable-${ch}`}>
                  {formatCount(count.sendable[ch])}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Reachable: consent given on the channel and not suppressed.</p>
        </>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">Counting…</p>
      )}
    </Card>
  );
}

/** The segment editor (decision 0028: a page, not a dialog): name, description, type and, for a dynamic segment, its rules with a live count. */
export function SegmentForm({ segment }: { segment?: SegmentRow }) {
  const form = useZodForm(segmentSchema, {
    name: segment?.name ?? '',
    description: segment?.description ?? '',
    type: segment?.type ?? ('dynamic' as 'dynamic' | 'static'),
  });
  // the tree lives beside the form: Inertia's form types cannot describe a recursive value
  const [rules, setRules] = useState<RuleGroup>(segment?.rules ?? EMPTY_RULES);
  const dynamic = form.data.type === 'dynamic';
  const live = useLiveCount(rules, dynamic);
  const { data: others } = useGetSegmentsQuery({ page: 1, per_page: 100, sort_by: 'name', sort_order: 'asc' });
  const { data: fields } = useGetContactFieldsQuery(ALL_CONTACT_FIELDS, FRESH_FIELDS);
  const [create, creation] = useCreateSegmentMutation();
  const [update, updating] = useUpdateSegmentMutation();
  const request = requestState(segment ? updating : creation);
  // the save's own 422 on the rules, and the live count's
  const ruleErrors = { ...live.errors, ...Object.fromEntries(Object.entries(form.errors as Record<string, string>).filter(([k]) => k.startsWith('rules'))) };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await form.submitWith((data) => {
        const body = { ...data, rules: data.type === 'dynamic' ? rules : EMPTY_RULES };
        return segment ? update({ id: segment.id, ...body }).unwrap() : create(body).unwrap();
      }, event.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`/segments/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      {request.error && !Object.keys(form.errors).length && (
        <ErrorAlert>{request.message}</ErrorAlert>
      )}
      <Card title="Segment">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField form={form} name="name" label="Name" required maxLength={255} />
          {segment ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Type</p>
              <p className="text-sm text-slate-900 dark:text-slate-100">{segment.type === 'dynamic' ? 'Dynamic: contacts matching rules' : 'Static: contacts you pick'}</p>
            </div>
          ) : (
            <SelectField form={form} name="type" label="Type" options={TYPE_OPTIONS} required />
          )}
          <TextareaField form={form} name="description" label="Description" rows={2} maxLength={1000} className="md:col-span-2" />
        </div>
      </Card>
      {dynamic ? (
        <div className="grid items-start gap-6 xl:grid-cols-3">
          <Card title="Rules" className="xl:col-span-2">
            <RuleEditor value={rules} onChange={setRules} errors={ruleErrors} segments={(others?.data ?? []).filter((s) => s.id !== segment?.id)} fields={fields?.data} />
          </Card>
          <div className="xl:sticky xl:top-20">
            <CountPanel live={live} />
          </div>
        </div>
      ) : (
        <Card>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            A static segment holds the contacts you pick into it. After saving, add contacts from{' '}
            {segment ? (
              <Link className="text-primary hover:underline dark:text-primary-light" href={`/segments/contact-selection?segment=${segment.id}`}>
                the contact selection
              </Link>
            ) : (
              'the contact selection'
            )}
            .
          </p>
        </Card>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{segment ? 'Save changes' : 'Create segment'}</SubmitButton>
        <Link href={segment ? `/segments/${segment.id}` : '/segments'} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function SegmentFormPage({ segment }: { segment?: SegmentRow }) {
  const title = segment ? `Edit ${segment.name}` : 'New segment';
  return (
    <>
      <Head title={title} />
      <PageHeader title={title}>
        <BackLink href={segment ? `/segments/${segment.id}` : '/segments'}>{segment ? 'Back to the segment' : 'Back to segments'}</BackLink>
      </PageHeader>
      <SegmentForm segment={segment} />
    </>
  );
}
