import { Head, Link, router } from '@inertiajs/react';
import { Send } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { documentSchema, type DocumentInput } from '@common/schemas/documents';
import type { DocumentType } from '@common/documents/status';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { defaultOption, type Option } from '@/components/form/options';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm, type ZodForm } from '@/components/form/useZodForm';
import { defaultCurrency, findCurrency } from '@/components/money';
import { BackLink } from '@/components/record/BackLink';
import { RecordGate } from '@/components/record/RecordPage';
import { errorMessage } from '@/lib/errors';
import {
  useCreateDocumentMutation,
  useGetDocumentQuery,
  useSendDocumentMutation,
  useUpdateDocumentMutation,
  useUpdateDocumentStatusMutation,
  type FullDocument,
} from '@/store/documents-api';
import { categoryCreate, CUSTOMER, VENDOR } from '@/features/quick-create/kinds';
import { DocumentLines } from './DocumentLines';
import { addDays, KINDS, todayIso, type FormProps, type Kind } from './kinds';
import { emptyLine, trimZeros, type LineValue } from './lines';

export type FormValues = {
  type: DocumentType;
  contact_id: number | null;
  document_number: string;
  order_number: string;
  issued_at: string;
  due_at: string;
  currency_code: string;
  currency_rate: string;
  category_id: number | null;
  discount_type: 'percent' | 'amount' | null;
  discount_rate: string;
  title: string;
  notes: string;
  footer: string;
  items: LineValue[];
};
export type DocumentFormState = ZodForm<FormValues>;

function initialValues(kind: Kind, props: FormProps, doc?: FullDocument): FormValues {
  const base = defaultCurrency(props.currencies);
  if (doc) {
    return {
      type: kind.type,
      contact_id: doc.contact_id,
      document_number: doc.document_number,
      order_number: doc.order_number ?? '',
      issued_at: doc.issued_at,
      due_at: doc.due_at ?? '',
      currency_code: doc.currency_code,
      currency_rate: trimZeros(doc.currency_rate),
      category_id: doc.category_id,
      discount_type: doc.discount_type,
      discount_rate: doc.discount_rate ? trimZeros(doc.discount_rate) : '',
      title: doc.title ?? '',
      notes: doc.notes ?? '',
      footer: doc.footer ?? '',
      items: doc.items.map((l) => ({
        item_id: l.item_id,
        name: l.name,
        description: l.description,
        quantity: trimZeros(l.quantity),
        price: trimZeros(l.price),
        discount_type: l.discount_type,
        discount_rate: l.discount_rate ? trimZeros(l.discount_rate) : null,
        tax_ids: l.taxes.map((t) => t.tax_id),
      })),
    };
  }
  const issued = todayIso();
  const s = props.settings;
  const defaultTax = props.taxes.find((t) => t.id === s.tax_id && t.enabled);
  const prefilled = props.contact ? findCurrency(props.currencies, props.contact.currency_code) : undefined;
  return {
    type: kind.type,
    contact_id: props.contact?.id ?? null,
    document_number: '',
    order_number: '',
    issued_at: issued,
    due_at: addDays(issued, s.payment_terms),
    currency_code: prefilled?.enabled ? prefilled.code : (base?.code ?? 'USD'),
    currency_rate: prefilled?.enabled ? trimZeros(prefilled.rate) : '1',
    category_id: props.categories.find((c) => c.id === s.category_id && c.enabled)?.id ?? null,
    discount_type: null,
    discount_rate: '',
    title: '',
    notes: kind.type === 'bill' ? '' : (s.notes ?? ''),
    footer: kind.type === 'bill' ? '' : (s.footer ?? ''),
    items: [{ ...emptyLine(), tax_ids: defaultTax ? [defaultTax.id] : [] }],
  };
}

/** What the server takes: empty boxes become null (or are left out for the server to fill in). */
function toInput(v: FormValues): DocumentInput {
  return {
    type: v.type,
    contact_id: v.contact_id as number,
    document_number: v.document_number || null,
    order_number: v.order_number || null,
    issued_at: v.issued_at,
    due_at: v.due_at || null,
    currency_code: v.currency_code,
    currency_rate: v.currency_rate || undefined,
    category_id: v.category_id,
    discount_type: v.discount_type && v.discount_rate ? v.discount_type : null,
    discount_rate: v.discount_type && v.discount_rate ? v.discount_rate : null,
    title: v.title || null,
    notes: v.notes || null,
    footer: v.footer || null,
    items: v.items.map((l) => ({ ...l, discount_type: l.discount_type && l.discount_rate ? l.discount_type : null, discount_rate: l.discount_type && l.discount_rate ? l.discount_rate : null })),
  };
}

/** The server's schema over what would be sent, so the errors are those of the server (keys as the form's). */
const formSchema = z.preprocess((v) => toInput(v as FormValues), documentSchema);

/**
 * The Create and Edit form of invoices, estimates and bills: the contact (its currency follows),
 * number (automatic when empty), dates (due from the payment terms), currency and rate, category,
 * the lines, a document discount, live totals, notes and footer. Saves and goes to Show.
 */
export function DocumentForm({ kind, props, doc }: { kind: Kind; props: FormProps; doc?: FullDocument }) {
  const form = useZodForm<FormValues>(formSchema, initialValues(kind, props, doc), {
    // said plainly ("The customer field is required."), with the other errors of the same check
    messages: (errors, data) =>
      errors.contact_id && data.contact_id == null ? { ...errors, contact_id: `The ${kind.contactLabel.toLowerCase()} field is required.` } : errors,
  });
  const [create] = useCreateDocumentMutation();
  const [update] = useUpdateDocumentMutation();
  const [sendMail] = useSendDocumentMutation();
  const [setStatus] = useUpdateDocumentStatusMutation();
  // "Save and send" is offered while the document is a draft (a new one always is)
  const canSend = !doc || doc.status === 'draft';
  const sendLabel = kind.type === 'bill' ? 'Save and mark received' : 'Save and send';
  const base = defaultCurrency(props.currencies);
  const currency = findCurrency(props.currencies, form.data.currency_code);
  // the contacts' currencies, learned from the options the select loads
  const contactCurrency = useRef(new Map<number, string>());
  const mapContact = useCallback((row: unknown): Option | null => {
    const r = row as { id?: number; currency_code?: string };
    if (typeof r?.id === 'number' && r.currency_code) contactCurrency.current.set(r.id, r.currency_code);
    return defaultOption(row);
  }, []);

  // a new contact brings its currency (and that currency's rate); an edited document keeps its own
  const seenContact = useRef(form.data.contact_id);
  useEffect(() => {
    const id = form.data.contact_id;
    if (seenContact.current === id) return;
    seenContact.current = id;
    const code = id ? contactCurrency.current.get(id) : undefined;
    const c = findCurrency(props.currencies, code);
    if (c && c.enabled) form.setData((d) => ({ ...d, currency_code: c.code, currency_rate: trimZeros(c.rate) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of contact only
  }, [form.data.contact_id]);

  // the due date follows the issue date by the payment terms until it is changed by hand
  const dueTouched = useRef(Boolean(doc));
  const seenIssued = useRef(form.data.issued_at);
  useEffect(() => {
    if (seenIssued.current === form.data.issued_at) return;
    seenIssued.current = form.data.issued_at;
    if (!dueTouched.current && /^\d{4}-\d{2}-\d{2}$/.test(form.data.issued_at)) form.setData('due_at', addDays(form.data.issued_at, props.settings.payment_terms));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of issue date only
  }, [form.data.issued_at]);
  const seenDue = useRef(form.data.due_at);
  useEffect(() => {
    if (seenDue.current !== form.data.due_at && form.data.due_at !== addDays(form.data.issued_at, props.settings.payment_terms)) dueTouched.current = true;
    seenDue.current = form.data.due_at;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- watches the due date only
  }, [form.data.due_at]);

  // a currency picked by hand starts at its rate in settings
  const seenCurrency = useRef(form.data.currency_code);
  useEffect(() => {
    if (seenCurrency.current === form.data.currency_code) return;
    seenCurrency.current = form.data.currency_code;
    if (currency) form.setData('currency_rate', trimZeros(currency.rate));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of currency only
  }, [form.data.currency_code]);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const element = e.currentTarget;
    // which button: "Save and send" sends it once saved; Enter in a box saves only (the first button)
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const andSend = canSend && submitter?.value === 'send';
    try {
      const answer = await form.submitWith((data) => (doc ? update({ id: doc.id, ...toInput(data) }).unwrap() : create(toInput(data)).unwrap()), element);
      if (!answer) return;
      const id = answer.data.id;
      if (andSend) await sendSaved(id);
      else toast.success(answer.message);
      router.visit(`${kind.base}/${id}`);
    } catch (err) {
      toast.error(errorMessage(err, `The ${kind.noun} could not be saved.`));
    }
  }

  /**
   * The send that exists server-side, on the saved document: invoices and estimates are mailed to
   * the contact with the company's template (send-mail marks them sent); bills are never mailed,
   * they are marked received. A refused send leaves the saved draft and says why.
   */
  async function sendSaved(id: number) {
    try {
      const answer = kind.type === 'bill' ? await setStatus({ id, status: 'received' }).unwrap() : await sendMail({ id }).unwrap();
      toast.success(answer.message);
    } catch (err) {
      toast.error(`The ${kind.noun} was saved as a draft but not ${kind.type === 'bill' ? 'marked received' : 'sent'}: ${errorMessage(err, 'try again from its page.')}`);
    }
  }

  const currencies = props.currencies.filter((c) => c.enabled || c.code === doc?.currency_code);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6" aria-label={doc ? `Edit ${kind.noun}` : `New ${kind.noun}`}>
      <Card title={kind.label}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            form={form}
            name="contact_id"
            label={kind.contactLabel}
            required
            placeholder={`Choose a ${kind.contactLabel.toLowerCase()}…`}
            load={{ url: '/accounting/contacts/json', params: { type: kind.contactType, enabled: 'true' }, map: mapContact }}
            initialOption={doc ? { value: doc.contact_id, label: doc.contact_name } : props.contact ? { value: props.contact.id, label: props.contact.name } : null}
            create={kind.contactType === 'vendor' ? VENDOR : CUSTOMER}
            className="lg:col-span-2"
          />
          <TextField form={form} name="document_number" label="Number" placeholder="automatic" maxLength={50} hint="Left empty, the next number is given." />
          <DateField form={form} name="issued_at" label="Issued" required />
          <DateField form={form} name="due_at" label={kind.dueLabel} min={form.data.issued_at || undefined} />
          <TextField form={form} name="order_number" label="Order number" maxLength={100} />
          <SelectField form={form} name="currency_code" label="Currency" required options={currencies.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))} />
          {currency && !currency.is_default && (
            <TextField form={form} name="currency_rate" label={`Rate (${currency.code} per 1 ${base?.code ?? ''})`} inputMode="decimal" required hint="Starts at the currency's rate in settings." />
          )}
          <SelectField
            form={form}
            name="category_id"
            label="Category"
            placeholder="None"
            create={categoryCreate(kind.type === 'bill' ? 'expense' : 'income')}
            options={props.categories.filter((c) => c.enabled || c.id === doc?.category_id).map((c) => ({ value: c.id, label: c.name }))}
          />
        </div>
      </Card>

      <DocumentLines form={form} kind={kind} props={props} currency={currency} />

      <Card title="Notes">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextareaField form={form} name="notes" label="Notes" rows={3} hint={kind.type === 'bill' ? undefined : 'Printed under the totals.'} />
          <TextareaField form={form} name="footer" label="Footer" rows={3} />
        </div>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form} variant={canSend ? 'outline' : 'primary'} value="draft">
          {doc ? 'Save changes' : 'Save as draft'}
        </SubmitButton>
        {canSend && (
          <Button type="submit" value="send" disabled={form.processing} busy={form.processing}>
            <Send aria-hidden="true" className="size-4" />
            {sendLabel}
          </Button>
        )}
        <Link href={doc ? `${kind.base}/${doc.id}` : kind.base} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Invoices/Create, Estimates/Create, Bills/Create. */
export function DocumentCreate(props: FormProps) {
  const kind = KINDS[props.type];
  return (
    <>
      <Head title={`New ${kind.noun}`} />
      <PageHeader title={`New ${kind.noun}`} description={kind.description}>
        <BackLink href={kind.base}>Back to {kind.plural.toLowerCase()}</BackLink>
      </PageHeader>
      <DocumentForm kind={kind} props={props} />
    </>
  );
}

/** Invoices/Edit, Estimates/Edit, Bills/Edit: the form on the saved document. */
export function DocumentEdit({ id, ...props }: FormProps & { id: number }) {
  const kind = KINDS[props.type];
  const query = useGetDocumentQuery(id);
  const title = query.data ? `Edit ${kind.noun} ${query.data.document_number}` : `Edit ${kind.noun}`;
  return (
    <>
      <Head title={title} />
      <PageHeader title={title}>
        <BackLink href={`${kind.base}/${id}`}>Back to the {kind.noun}</BackLink>
      </PageHeader>
      <RecordGate query={query} what={kind.noun} backHref={kind.base}>
        {(d) => <DocumentForm key={d.updated_at} kind={kind} props={props} doc={d} />}
      </RecordGate>
    </>
  );
}
