import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { AIRTIME_CURRENCIES } from '@common/answers/airtime';
import { formatCount } from '@common/format';
import { compare } from '@common/money';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses, decimalInputProps, hintClasses, selectClasses } from '@/components/form/styles';
import { Modal } from '@/components/overlay/Modal';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { useGetAirtimeMetricsQuery, useSendAirtimeMutation } from '@/store/airtime-api';
import { useGetSegmentsQuery, type ContactMatch } from '@/store/outreach-api';
import { ContactPicker } from '@/features/outreach/ContactPicker';
import { useGetWalletMetricsQuery } from '@/store/wallet-api';
import { creditsLabel } from '@/features/wallet/credits';
import { creditsFor, readAmount, splitNumbers } from './labels';

const ALL_SEGMENTS = { page: 1, per_page: 100, sort_by: 'name', sort_order: 'asc' } as const;

/**
 * "Send airtime": who (segments, contacts, pasted numbers), how much per recipient and in which
 * currency, now or later; the credits it will hold against the balance. POST /airtime/send; the
 * server's refusals (a short wallet, a field) are shown beside the fields or as a toast.
 */
export function SendAirtime({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formats = useFormats();
  const { data: metrics } = useGetAirtimeMetricsQuery();
  const { data: wallet } = useGetWalletMetricsQuery();
  const { data: segmentPage } = useGetSegmentsQuery(ALL_SEGMENTS, { skip: !open });
  const [send, { isLoading: sending }] = useSendAirtimeMutation();
  const [segments, setSegments] = useState<number[]>([]);
  const [contacts, setContacts] = useState<ContactMatch[]>([]);
  const [numbers, setNumbers] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [schedule, setSchedule] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = { amount: useId(), currency: useId(), numbers: useId(), schedule: useId() };

  const chosenCurrency = currency || metrics?.currency || 'KES';
  const typed = splitNumbers(numbers);
  const segmentRows = segmentPage?.data ?? [];
  const segmentSize = segmentRows.filter((s) => segments.includes(s.id)).reduce((n, s) => n + (s.size ?? 0), 0);
  const estimate = contacts.length + typed.length + segmentSize;
  const readAmountValue = readAmount(amount);
  const rate = wallet?.rates.service.airtime ?? null;
  const cost = readAmountValue && rate && estimate > 0 ? creditsFor(estimate, readAmountValue, rate) : null;
  const short = cost !== null && wallet ? compare(cost, wallet.balance) > 0 : false;

  const reset = () => {
    setSegments([]);
    setContacts([]);
    setNumbers('');
    setAmount('');
    setCurrency('');
    setSchedule('');
    setErrors({});
    setRefusal(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const local: Record<string, string> = {};
    if (!readAmountValue) local.amount = amount.trim() ? 'The amount must be more than 0, with at most two decimals.' : 'Enter the amount.';
    if (segments.length + contacts.length + typed.length === 0) local.recipients = 'Choose who to send to: contacts, segments or numbers.';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const answer = await send({
        recipients: { segment_ids: segments, contact_ids: contacts.map((c) => c.id), numbers: typed },
        amount: readAmountValue!,
        currency: chosenCurrency,
        scheduled_at: schedule || null,
      }).unwrap();
      toast.success(answer.data.status === 'scheduled' ? answer.message : SENT, SHORT_TOAST);
      reset();
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) mapped[k.startsWith('recipients') || k.startsWith('audience') ? (k.endsWith('numbers') ? 'numbers' : 'recipients') : k] = v;
      setErrors(mapped);
      if (!Object.keys(mapped).length) {
        const message = errorMessage(err, 'The airtime could not be sent.');
        setRefusal(message);
        toast.error(message);
      }
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send airtime"
      description="Top up phones from your credits. Each phone gets the amount once, whatever lists it is on."
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="send-airtime" busy={sending}>
            {schedule ? 'Schedule airtime' : 'Send airtime'}
          </Button>
        </>
      }
    >
      <form id="send-airtime" onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
        {refusal && <ErrorAlert>{refusal}</ErrorAlert>}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Recipients</legend>
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
          <ContactPicker picked={contacts} onChange={setContacts} reach="phone" />
          <Field id={ids.numbers} label="Phone numbers" hint="One per line, or separated by commas. Local numbers are read in your company's country." error={errors.numbers}>
            {(control) => <textarea {...control} rows={3} dir="ltr" value={numbers} onChange={(e) => setNumbers(e.target.value)} className={controlClasses(Boolean(errors.numbers), 'py-2')} placeholder="0712 345678" />}
          </Field>
          {errors.recipients && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errors.recipients}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={ids.amount} label="Amount per recipient" required error={errors.amount}>
            {(control) => <input {...control} {...decimalInputProps} value={amount} onChange={(e) => setAmount(e.target.value)} className={controlClasses(Boolean(errors.amount))} placeholder="100" />}
          </Field>
          <Field id={ids.currency} label="Currency" error={errors.currency}>
            {(control) => (
              <select {...control} value={chosenCurrency} onChange={(e) => setCurrency(e.target.value)} className={selectClasses}>
                {AIRTIME_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={ids.schedule} label="Send at" hint="Leave empty to send now." error={errors.scheduled_at}>
            {(control) => <input {...control} type="datetime-local" value={schedule} onChange={(e) => setSchedule(e.target.value)} className={controlClasses(Boolean(errors.scheduled_at))} />}
          </Field>
        </div>
        <div className="rounded-md bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:bg-slate-900/40 dark:text-slate-200" aria-live="polite">
          {cost !== null && wallet ? (
            <>
              <p>
                Up to <strong className="font-semibold text-slate-900 dark:text-white">{formatCount(estimate)}</strong> {estimate === 1 ? 'recipient' : 'recipients'} ×{' '}
                {readAmountValue} {chosenCurrency}: <strong className="font-semibold text-slate-900 dark:text-white">{creditsLabel(cost, formats.currency)}</strong> held now, charged as each top-up goes
                through. Balance: {creditsLabel(wallet.balance, formats.currency)}.
              </p>
              {short && <p className="mt-1 font-medium text-red-600 dark:text-red-400">The balance may not cover this send: buy credits first, or send to fewer phones.</p>}
            </>
          ) : (
            <p className={hintClasses}>
              Each unit of airtime costs {rate ? creditsLabel(rate, formats.currency) : '…'}. Choose recipients and an amount to see the cost.
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
