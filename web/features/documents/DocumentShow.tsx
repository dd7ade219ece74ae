import { Head, Link, router } from '@inertiajs/react';
import { Ban, Check, Copy, Download, FileInput, Mail, Pencil, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { acceptsPayment } from '@common/documents/status';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { findCurrency, Money } from '@/components/money';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordGate } from '@/components/record/RecordPage';
import { AttachmentsCard } from '@/features/attachments/AttachmentsCard';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import {
  useDeleteDocumentMutation,
  useDeletePaymentMutation,
  useGenerateInvoiceMutation,
  useGetDocumentQuery,
  useUpdateDocumentStatusMutation,
  type DocumentPayment,
  type FullDocument,
} from '@/store/documents-api';
import { DocumentSheet } from './DocumentSheet';
import { cancelWords, KINDS, STATUS_ACTIONS, type Kind, type ShowProps } from './kinds';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { DocumentStatus, PaymentDialog, SendDialog, Timeline } from './parts';
import { RecurringPanel } from './RecurringPanel';
import { DateText } from '@/components/display/DateText';

/** Invoices/Show, Estimates/Show and Bills/Show. */
export function DocumentShow(props: ShowProps) {
  const kind = KINDS[props.type];
  const query = useGetDocumentQuery(props.id);
  const doc = query.data;
  const title = doc ? `${kind.label} ${doc.document_number}` : kind.label;
  return (
    <>
      <Head title={title} />
      <PageHeader title={doc ? <span className="flex flex-wrap items-center gap-3">{title} <DocumentStatus status={doc.status} overdue={doc.overdue} /></span> : title}>
        <BackLink href={kind.base}>Back to {kind.plural.toLowerCase()}</BackLink>
      </PageHeader>
      <RecordGate query={query} what={kind.noun} backHref={kind.base}>
        {(d) => <ShowBody doc={d} kind={kind} props={props} />}
      </RecordGate>
    </>
  );
}

function ShowBody({ doc, kind, props }: { doc: FullDocument; kind: Kind; props: ShowProps }) {
  const canUpdate = useCan(`${kind.area}.update`);
  const canDelete = useCan(`${kind.area}.delete`);
  const canSend = useCan(`${kind.area}.send`);
  const canInvoice = useCan('invoices.create');
  const [setStatus, statusState] = useUpdateDocumentStatusMutation();
  const [convert, convertState] = useGenerateInvoiceMutation();
  const [remove] = useDeleteDocumentMutation();
  const [paying, setPaying] = useState(false);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const del = useConfirmDelete<FullDocument>(
    (d) => remove(d.id).unwrap().then(() => ({ message: DELETED })),
    (d) => <>The {kind.noun} {d.document_number} will be deleted.</>,
    () => router.visit(kind.base),
  );
  const currency = findCurrency(props.currencies, doc.currency_code);

  async function changeStatus(status: string) {
    try {
      const answer = await setStatus({ id: doc.id, status }).unwrap();
      toast.success(answer.message);
      setCancelling(false);
    } catch (err) {
      toast.error(errorMessage(err, 'The status could not be changed.'));
    }
  }
  async function toInvoice() {
    try {
      const answer = await convert(doc.id).unwrap();
      toast.success(answer.message);
      router.visit(`/sales/invoices/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'The invoice could not be created.'));
    }
  }

  const payable = kind.type !== 'estimate' && acceptsPayment(kind.type, doc.status);
  const actions = doc.allowed_statuses.filter((s) => STATUS_ACTIONS[s]);
  const cancel = cancelWords(kind, doc.status, doc.document_number);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={`${kind.label} actions`}>
          {/* the steps forward first; cancelling (voiding) comes last, beside Delete */}
          {canUpdate &&
            actions
              .filter((s) => s !== 'cancelled')
              .map((s) => (
                <Button key={s} variant={s === 'refused' ? 'outline' : 'secondary'} busy={statusState.isLoading && statusState.originalArgs?.status === s} disabled={statusState.isLoading} onClick={() => void changeStatus(s)}>
                  {s !== 'draft' && <Check aria-hidden="true" className="size-4" />}
                  {STATUS_ACTIONS[s]}
                </Button>
              ))}
          {kind.type === 'estimate' && doc.status === 'approved' && canUpdate && canInvoice && (
            <Button busy={convertState.isLoading} disabled={convertState.isLoading} onClick={() => void toInvoice()}>
              <FileInput aria-hidden="true" className="size-4" />
              Convert to invoice
            </Button>
          )}
          {kind.type === 'estimate' && doc.converted_invoice_id && (
            <Link href={`/sales/invoices/${doc.converted_invoice_id}`} className={buttonClasses('outline')}>
              See the invoice
            </Link>
          )}
          {payable && canUpdate && (
            <Button onClick={() => setPaying(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Record payment
            </Button>
          )}
          {canSend && kind.type !== 'bill' && (
            <Button variant="outline" onClick={() => setSending(true)}>
              <Mail aria-hidden="true" className="size-4" />
              Send
            </Button>
          )}
          <a href={`/accounting/documents/pdf/${doc.id}`} className={buttonClasses('outline')} download>
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </a>
          {canUpdate && (
            <Link href={`${kind.base}/${doc.id}/edit`} className={buttonClasses('outline')}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Link>
          )}
          {canUpdate && actions.includes('cancelled') && (
            <Button variant="outline" onClick={() => setCancelling(true)}>
              <Ban aria-hidden="true" className="size-4" />
              {cancel.button}
            </Button>
          )}
          {canDelete && (
            <Button variant="danger-ghost" onClick={() => del.ask(doc)}>
              <Trash aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
        </div>

        {kind.type === 'estimate' && props.publicUrl && <PublicLink url={props.publicUrl} />}

        <DocumentSheet
          doc={doc}
          lines={doc.items}
          taxes={doc.totals.taxes}
          company={props.company}
          currency={currency}
          label={kind.label}
          contactLabel={kind.type === 'bill' ? 'From' : kind.type === 'estimate' ? 'Prepared for' : 'Bill to'}
          dueLabel={kind.dueLabel}
          columns={props.settings ? { item: props.settings.item_name, quantity: props.settings.quantity_name, price: props.settings.price_name } : undefined}
          amountDue={kind.type === 'estimate' ? null : doc.amount_due}
          paid={kind.type === 'estimate' ? null : doc.amount_paid}
        />
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        {kind.type !== 'estimate' && <Payments doc={doc} kind={kind} canUpdate={canUpdate} props={props} />}
        {kind.type === 'invoice' && <RecurringPanel doc={doc} />}
        <AttachmentsCard owner={{ base: '/accounting/documents', id: doc.id }} canUpdate={canUpdate} />
        <Timeline id={doc.id} canComment={canUpdate} />
      </div>

      {paying && (
        <PaymentDialog
          doc={doc}
          open={paying}
          onClose={() => setPaying(false)}
          accounts={props.accounts ?? []}
          methods={props.paymentMethods ?? []}
          currencies={props.currencies}
          defaults={{ account_id: props.settings?.account_id ?? null, payment_method: props.settings?.payment_method ?? null }}
        />
      )}
      {sending && <SendDialog doc={doc} open={sending} onClose={() => setSending(false)} noun={kind.noun} />}
      <ConfirmDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        onConfirm={() => void changeStatus('cancelled')}
        busy={statusState.isLoading}
        title={cancel.title}
        confirmLabel={cancel.confirm}
        cancelLabel="Keep it"
      >
        <p>{cancel.body}</p>
      </ConfirmDialog>
      {del.dialog}
    </div>
  );
}

/** The estimate's public link, for the customer to view, approve or refuse it. */
function PublicLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied.', SHORT_TOAST);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('The link could not be copied: select it and copy it by hand.');
    }
  }
  return (
    <Card title="Public link">
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">The customer can view, approve or refuse the estimate at this address, without an account.</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="public-link" className="sr-only">
          Public link
        </label>
        <input id="public-link" readOnly dir="ltr" value={url} onFocus={(e) => e.currentTarget.select()} className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200" />
        <Button variant="outline" onClick={() => void copy()} aria-live="polite">
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <a href={url} target="_blank" rel="noreferrer" className={buttonClasses('ghost')}>
          Open
        </a>
      </div>
    </Card>
  );
}

function Payments({ doc, kind, canUpdate, props }: { doc: FullDocument; kind: Kind; canUpdate: boolean; props: ShowProps }) {
  const [removePayment, state] = useDeletePaymentMutation();
  const [target, setTarget] = useState<DocumentPayment | null>(null);
  async function confirm() {
    if (!target) return;
    try {
      await removePayment({ id: doc.id, transactionId: target.id }).unwrap();
      toast.warning(DELETED, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'The payment could not be deleted.'));
    } finally {
      setTarget(null);
    }
  }
  const currency = findCurrency(props.currencies, doc.currency_code);
  return (
    <Card title="Payments">
      <dl className="mb-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Paid</dt>
        <dd className="text-end" data-testid="amount-paid">
          <Money amount={doc.amount_paid} currency={currency} code={doc.currency_code} />
        </dd>
        <dt className="font-medium text-slate-900 dark:text-white">Amount due</dt>
        <dd className="text-end font-medium text-slate-900 dark:text-white" data-testid="amount-due">
          <Money amount={doc.amount_due} currency={currency} code={doc.currency_code} />
        </dd>
      </dl>
      {doc.payments.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No payments yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" aria-label="Payments">
          {doc.payments.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <Link href={`/banking/transactions/${p.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
                  <Money amount={p.amount} currency={findCurrency(props.currencies, p.currency_code)} code={p.currency_code} />
                </Link>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  <DateText value={p.paid_at} /> · {p.account_name}
                  {p.reference ? ` · ${p.reference}` : ''}
                </p>
              </div>
              {canUpdate && (
                <Button size="sm" variant="danger-ghost" aria-label={`Delete the payment of ${p.paid_at}`} onClick={() => setTarget(p)}>
                  <Trash aria-hidden="true" className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirm()} busy={state.isLoading} title="Delete this payment?">
        <p>The payment and its transaction will be deleted, and the {kind.noun} owed again. This cannot be undone.</p>
      </ConfirmDialog>
    </Card>
  );
}
