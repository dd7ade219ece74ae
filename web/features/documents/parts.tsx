import { z } from 'zod';
import { toast } from 'react-toastify';
import { convert } from '@common/money';
import { documentCommentSchema, documentPaymentSchema } from '@common/schemas/documents';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { findCurrency, type CurrencyOption } from '@/components/money';
import { Modal } from '@/components/overlay/Modal';
import { SkeletonText } from '@/components/display/Skeleton';
import { accountCreate } from '@/features/quick-create/kinds';
import { errorMessage } from '@/lib/errors';
import { useAddCommentMutation, useGetCommentsQuery, useRecordPaymentMutation, useSendDocumentMutation, type FullDocument } from '@/store/documents-api';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import type { AccountOption, MethodOption } from './kinds';
import { todayIso } from './kinds';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { useFormats } from '@/lib/format';


export const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** A document's status; an issued, unpaid document past its due date reads overdue. */
export const DocumentStatus = DocumentStatusBadge;

// ------------------------------------------------------------------ record payment

type PaymentValues = {
  bank_account_id: number | null;
  paid_at: string;
  amount: string;
  payment_method: string | null;
  reference: string;
  description: string;
};

/** The amount due in an account's currency (via the default currency, exact decimals). */
function dueIn(doc: FullDocument, account: AccountOption | undefined, currencies: CurrencyOption[]): string {
  const due = doc.amount_due;
  if (!account || account.currency_code === doc.currency_code) return trimZeros(due);
  const to = findCurrency(currencies, account.currency_code);
  if (!to) return trimZeros(due);
  return trimZeros(convert(due, doc.currency_rate, to.rate, to.precision));
}

/**
 * "Record payment": account, date, amount (the amount due, in the account's currency), method,
 * reference. The server answers the document again, with its new status (partial, paid).
 */
export function PaymentDialog({
  doc,
  open,
  onClose,
  accounts,
  methods,
  currencies,
  defaults,
}: {
  doc: FullDocument;
  open: boolean;
  onClose: () => void;
  accounts: AccountOption[];
  methods: MethodOption[];
  currencies: CurrencyOption[];
  defaults: { account_id: number | null; payment_method: string | null };
}) {
  const usable = accounts.filter((a) => a.enabled);
  const first = usable.find((a) => a.id === defaults.account_id) ?? usable.find((a) => a.currency_code === doc.currency_code) ?? usable[0];
  const form = useZodForm<PaymentValues>(documentPaymentSchema, {
    bank_account_id: first?.id ?? null,
    paid_at: todayIso(),
    amount: dueIn(doc, first, currencies),
    payment_method: methods.some((m) => m.code === defaults.payment_method) ? defaults.payment_method : null,
    reference: '',
    description: '',
  });
  const [record] = useRecordPaymentMutation();
  const account = accounts.find((a) => a.id === form.data.bank_account_id);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const answer = await form.submitWith((data) => record({ id: doc.id, ...data, bank_account_id: data.bank_account_id! }).unwrap(), e.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'The payment could not be recorded.'));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Record payment" description={`${doc.document_number}: amount due ${trimZeros(doc.amount_due)} ${doc.currency_code}`} size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2" id="payment-form">
        <SelectField
          form={form}
          name="bank_account_id"
          label="Account"
          required
          placeholder="Choose an account…"
          create={accountCreate(doc.currency_code)}
          options={usable.map((a) => ({ value: a.id, label: `${a.name} (${a.currency_code})` }))}
          // the whole width: an account's name and currency are read in full, never cut at half the dialog
          className="sm:col-span-2"
        />
        <DateField form={form} name="paid_at" label="Date" required />
        <TextField form={form} name="amount" label={`Amount${account ? ` in ${account.currency_code}` : ''}`} inputMode="decimal" required />
        <SelectField form={form} name="payment_method" label="Payment method" placeholder="None" options={methods.map((m) => ({ value: m.code, label: m.name }))} />
        <TextField form={form} name="reference" label="Reference" maxLength={255} className="sm:col-span-2" />
        {usable.length === 0 && <p className="text-sm text-red-600 sm:col-span-2 dark:text-red-400">Add a bank account first: a payment goes into an account.</p>}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.processing} disabled={form.processing || usable.length === 0}>
            Record payment
          </Button>
        </div>
      </form>
    </Modal>
  );
}

// ------------------------------------------------------------------ send

type SendValues = { to: string; subject: string; body: string };
const sendSchema = z.object({
  to: z.union([z.literal(''), z.email('The to field must be a valid email address.')]),
  subject: z.string().max(255),
  body: z.string().max(20_000),
});

/** "Send": to, subject and body, each left empty for the company's template. */
export function SendDialog({ doc, open, onClose, noun }: { doc: FullDocument; open: boolean; onClose: () => void; noun: string }) {
  const form = useZodForm<SendValues>(sendSchema, { to: doc.contact_email ?? '', subject: '', body: '' });
  const [send] = useSendDocumentMutation();
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const answer = await form.submitWith((d) => send({ id: doc.id, to: d.to || undefined, subject: d.subject || undefined, body: d.body || undefined }).unwrap(), e.currentTarget);
      if (!answer) return;
      toast.success(SENT, SHORT_TOAST);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, `The ${noun} could not be sent.`));
    }
  }
  return (
    <Modal open={open} onClose={onClose} title={`Send ${noun} ${doc.document_number}`} description="Leave the subject or the message empty to use the company's email template." size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextField form={form} name="to" label="To" type="email" autoComplete="off" hint={doc.contact_email ? undefined : 'The contact has no email address on file.'} />
        <TextField form={form} name="subject" label="Subject" placeholder="From the template" maxLength={255} />
        <TextareaField form={form} name="body" label="Message" placeholder="From the template" rows={6} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.processing} disabled={form.processing}>
            Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}

// ------------------------------------------------------------------ timeline

/** The document's history (status changes, sends, views, payments) and comments, with a box to add one. */
export function Timeline({ id, canComment }: { id: number; canComment: boolean }) {
  const query = useGetCommentsQuery(id);
  const formats = useFormats();
  const [add] = useAddCommentMutation();
  const form = useZodForm<{ description: string }>(documentCommentSchema, { description: '' });
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    try {
      const answer = await form.submitWith((d) => add({ id, description: d.description }).unwrap(), e.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      form.reset();
    } catch (err) {
      toast.error(errorMessage(err, 'The comment could not be added.'));
    }
  }
  return (
    <Card title="Timeline">
      {canComment && (
        <form onSubmit={(e) => void submit(e)} noValidate className="mb-5 flex flex-col gap-2">
          <TextareaField form={form} name="description" label="Add a comment" rows={2} />
          <div>
            <Button type="submit" size="sm" busy={form.processing} disabled={form.processing}>
              Comment
            </Button>
          </div>
        </form>
      )}
      {query.isLoading && <SkeletonText lines={3} />}
      {query.error && <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(query.error, 'The timeline could not be loaded.')}</p>}
      {query.data && query.data.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">Nothing has happened yet.</p>}
      {query.data && query.data.length > 0 && (
        <ol className="relative space-y-4 border-s border-slate-200 ps-5 dark:border-slate-700" aria-label="History">
          {query.data.map((h) => (
            <li key={h.id} className="relative">
              <span aria-hidden="true" className={`absolute -start-[1.625rem] top-1.5 size-2.5 rounded-full ${h.type === 'comment' ? 'bg-primary' : 'bg-slate-400'}`} />
              <p className={h.type === 'comment' ? 'text-sm whitespace-pre-line text-slate-900 dark:text-white' : 'text-sm text-slate-700 dark:text-slate-300'}>{h.description}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {h.user_name ? `${h.user_name} · ` : ''}
                <time dateTime={h.created_at}>{formats.dateTime(h.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
