import { Pencil, Repeat } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/display/Card';
import { SkeletonText } from '@/components/display/Skeleton';
import { cx } from '@/components/cx';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { DateField, NumberField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useGetRecurrenceQuery, useSetRecurrenceMutation, useStopRecurrenceMutation, type DocumentRecurrence, type FullDocument } from '@/store/documents-api';
import { todayIso } from './kinds';
import { recurringFormSchema, recurringFormValues, scheduleOf, toRecurringInput, type RecurringEnd, type RecurringFormValues } from './recurring-form';
import { everyInWords, formatDay, generatedInWords, scheduleInWords, unitOf } from '@common/documents/recurring-words';

// the server's own sentence (server/modules/documents/recurring.ts), shown before anyone tries
const CANCELLED = 'A cancelled invoice cannot recur.';

/**
 * The "Recurring" card of Invoices/Show: the invoice's schedule in words, the next invoice's
 * date and how many were made, with Edit and Stop; or, when it does not recur, what recurring
 * does and "Make recurring". Only users with invoices.update change it.
 */
export function RecurringPanel({ doc }: { doc: FullDocument }) {
  const canUpdate = useCan('invoices.update');
  const query = useGetRecurrenceQuery(doc.id);
  const [stop, stopState] = useStopRecurrenceMutation();
  const [editing, setEditing] = useState(false);
  const [stopping, setStopping] = useState(false);
  const cancelled = doc.status === 'cancelled';
  const recurrence = query.data ?? null;
  const canChange = canUpdate && !cancelled;

  async function confirmStop() {
    try {
      const answer = await stop(doc.id).unwrap();
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, 'The recurring invoice could not be stopped.'));
    } finally {
      setStopping(false);
    }
  }

  return (
    <Card
      title="Recurring"
      data-testid="recurring-panel"
      actions={
        recurrence && canChange ? (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label="Edit the recurring schedule">
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        ) : undefined
      }
    >
      {query.isLoading && <SkeletonText lines={2} />}
      {query.error && <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'The recurring schedule could not be loaded.')}</p>}
      {query.isSuccess && recurrence && <Schedule recurrence={recurrence} />}
      {query.isSuccess && recurrence && cancelled && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">This invoice is cancelled: no more invoices will be made from it.</p>
      )}
      {query.isSuccess && !recurrence && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {cancelled
            ? CANCELLED
            : 'This invoice does not recur. A recurring invoice is copied into a new invoice, marked sent, on each date of its schedule (not mailed).'}
        </p>
      )}
      {query.isSuccess && canUpdate && (recurrence || !cancelled) && (
        <div className="mt-4 flex flex-wrap gap-2">
          {recurrence ? (
            <Button size="sm" variant="danger" onClick={() => setStopping(true)}>
              Stop
            </Button>
          ) : (
            <Button size="sm" onClick={() => setEditing(true)}>
              <Repeat aria-hidden="true" className="size-4" />
              Make recurring
            </Button>
          )}
        </div>
      )}

      {editing && <RecurringDialog doc={doc} current={recurrence} open={editing} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={stopping}
        onClose={() => setStopping(false)}
        onConfirm={() => void confirmStop()}
        busy={stopState.isLoading}
        title="Stop this recurring invoice?"
        confirmLabel="Stop"
        cancelLabel="Keep it"
      >
        <p>No more invoices will be made from invoice {doc.document_number}. The invoices already made stay as they are.</p>
      </ConfirmDialog>
    </Card>
  );
}

function Schedule({ recurrence: r }: { recurrence: DocumentRecurrence }) {
  return (
    <>
      <p className="text-sm font-medium text-slate-900 dark:text-white" data-testid="recurring-schedule">
        {scheduleInWords(r)}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Next invoice</dt>
        <dd className="text-end text-slate-900 dark:text-white" data-testid="recurring-next">
          {r.next_at ? <time dateTime={r.next_at}>{formatDay(r.next_at)}</time> : 'None left to make'}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Made</dt>
        <dd className="text-end text-slate-900 dark:text-white" data-testid="recurring-generated">
          {generatedInWords(r.generated, r.count)}
        </dd>
      </dl>
    </>
  );
}

const FREQUENCIES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const;

const ENDS: { value: RecurringEnd; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'on', label: 'On a date' },
  { value: 'after', label: 'After a number of invoices' },
];

/** "Make recurring" / "Edit": frequency, interval, start, and an end (none, a date, a count). */
function RecurringDialog({ doc, current, open, onClose }: { doc: FullDocument; current: DocumentRecurrence | null; open: boolean; onClose: () => void }) {
  const form = useZodForm<RecurringFormValues>(recurringFormSchema, recurringFormValues(current, todayIso()));
  const [save] = useSetRecurrenceMutation();
  const endName = useId();
  const { frequency, interval, end } = form.data;
  // a refusal about the invoice itself (cancelled, not an invoice) has no field of its own
  const errors = form.errors as Record<string, string | undefined>;
  const general = errors.id ?? errors.form;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const answer = await form.submitWith((data) => save({ id: doc.id, ...toRecurringInput(data), starts_at: data.starts_at }).unwrap(), e.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'The recurring invoice could not be saved.'));
    }
  }

  const schedule = scheduleOf(form.data);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={current ? 'Edit the recurring schedule' : 'Make recurring'}
      description={`Invoice ${doc.document_number} is copied into a new invoice, marked sent, on each date.`}
      size="lg"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        {general && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2 dark:bg-red-950/40 dark:text-red-300">
            {general}
          </p>
        )}
        <SelectField form={form} name="frequency" label="Repeats" required options={FREQUENCIES} />
        <NumberField form={form} name="interval" label="Interval" required min={1} max={365} hint={interval != null && interval >= 1 ? everyInWords(frequency, interval) : `Every N ${unitOf(frequency, 2)}`} />
        <DateField form={form} name="starts_at" label="Starts on" required className="sm:col-span-2" />
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Ends</legend>
          {ENDS.map((o) => (
            <label
              key={o.value}
              className={cx(
                'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm ring-1 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-primary',
                end === o.value ? 'bg-primary/5 ring-primary/40' : 'ring-slate-200 dark:ring-slate-700',
              )}
            >
              <input
                type="radio"
                name={endName}
                value={o.value}
                checked={end === o.value}
                onChange={() => {
                  form.setData('end', o.value);
                  form.clearErrors('ends_at', 'count');
                }}
                className="size-4 accent-primary"
              />
              <span className="text-slate-900 dark:text-white">{o.label}</span>
            </label>
          ))}
        </fieldset>
        {end === 'on' && <DateField form={form} name="ends_at" label="Ends on" required min={form.data.starts_at || undefined} className="sm:col-span-2" />}
        {end === 'after' && <NumberField form={form} name="count" label="Number of invoices" required min={1} max={1000} className="sm:col-span-2" />}
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400" aria-live="polite" data-testid="recurring-preview">
          {schedule ? scheduleInWords(schedule) : ' '}
        </p>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.processing} disabled={form.processing}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
