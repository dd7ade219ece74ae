import { Head, Link, router } from '@inertiajs/react';
import { FilePlus, FileText, Pencil, Trash } from 'lucide-react';
import type { ReactNode } from 'react';
import { plainCurrency } from '@common/format';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { StatusPill } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { Skeleton } from '@/components/display/Skeleton';
import { Button, buttonClasses } from '@/components/form/Button';
import { currencyDigits } from '@/components/form/money';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useCan } from '@/lib/page';
import {
  useDeleteContactMutation,
  useGetContactSummaryQuery,
  useGetContactTransactionsQuery,
  type ContactRow,
  type ContactTransactionRow,
  type ContactType,
} from '@/store/contacts-api';
import { CONTACT_COPY } from './copy';
import { ErrorAlert } from '@/components/display/ErrorAlert';

/** An amount in the transaction's own currency: the default currency's format, or the code after the figure for another. */
function InCurrency({ amount, code }: { amount: string; code: string }) {
  const f = useFormats();
  return <span dir="ltr">{f.money(amount, code === f.currency.code ? undefined : plainCurrency(code, currencyDigits(code)))}</span>;
}

function DateCell({ value }: { value: string | null | undefined }) {
  return <>{useFormats().date(value)}</>;
}

const col = columnHelper<ContactTransactionRow>();
const TRANSACTION_COLUMNS = col.columns([
  col.accessor('paid_at', { header: 'Date', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateCell value={getValue()} /> }),
  col.accessor('number', {
    header: 'Number',
    meta: { className: 'tabular-nums whitespace-nowrap' },
    cell: ({ row }) => (
      <Link href={`/banking/transactions/${row.original.id}`} className="text-primary hover:underline dark:text-primary-light">
        {row.original.number}
      </Link>
    ),
  }),
  col.accessor('type', { header: 'Type', cell: ({ getValue }) => <StatusPill status={getValue()} tone={getValue() === 'income' ? 'success' : 'warning'} /> }),
  col.accessor('account_name', { header: 'Account', cell: ({ getValue }) => getValue() ?? '—' }),
  col.accessor('category_name', { header: 'Category', cell: ({ getValue }) => getValue() ?? '—' }),
  col.accessor('amount', {
    header: 'Amount',
    enableSorting: true,
    meta: { align: 'end', className: 'tabular-nums whitespace-nowrap' },
    cell: ({ row }) => <InCurrency amount={row.original.amount} code={row.original.currency_code} />,
  }),
]);

function Figure({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{children}</dd>
      {note && <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">{note}</dd>}
    </div>
  );
}

/** Paid so far, the open balance and the first and last payment, in the default currency. */
function Summary({ contact }: { contact: ContactRow }) {
  const { data, isLoading, error } = useGetContactSummaryQuery(contact.id);
  const f = useFormats();
  if (error) return <ErrorAlert className="mb-6">{errorMessage(error, 'Failed to load the figures')}</ErrorAlert>;
  if (isLoading || !data) {
    return (
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-28" />)}
      </div>
    );
  }
  const customer = contact.type === 'customer';
  return (
    <dl className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Figure label={customer ? 'Paid by this customer' : 'Paid to this vendor'} note={`${data.transactions_count} ${data.transactions_count === 1 ? 'payment' : 'payments'}, in ${data.currency.code}`}>
        <span dir="ltr">{f.money(data.total_paid, data.currency)}</span>
      </Figure>
      <Figure label={customer ? 'Receivable' : 'Payable'} note={customer ? 'Still owed by the customer' : 'Still owed to the vendor'}>
        <span dir="ltr">{f.money(data.balance, data.currency)}</span>
      </Figure>
      <Figure label="First payment">{data.first_paid_at ? f.date(data.first_paid_at) : '—'}</Figure>
      <Figure label="Last payment">{data.last_paid_at ? f.date(data.last_paid_at) : '—'}</Figure>
    </dl>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[7.5rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900 dark:text-slate-100">{children || <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}

function Details({ contact }: { contact: ContactRow }) {
  const place = [contact.address, contact.city, contact.country].filter(Boolean).join(', ');
  const f = useFormats();
  return (
    <Card title="Details">
      <dl className="-my-3 divide-y divide-slate-100 dark:divide-slate-700">
        <Detail label="Email">{contact.email && <a className="text-primary hover:underline dark:text-primary-light" href={`mailto:${contact.email}`}>{contact.email}</a>}</Detail>
        <Detail label="Phone">{contact.phone && <span dir="ltr">{contact.phone}</span>}</Detail>
        <Detail label="Tax number">{contact.tax_number}</Detail>
        <Detail label="Currency">{contact.currency_code}</Detail>
        <Detail label="Website">
          {contact.website && (
            <a className="text-primary hover:underline dark:text-primary-light" href={contact.website} target="_blank" rel="noreferrer noopener">
              {contact.website}
            </a>
          )}
        </Detail>
        <Detail label="Address">{place}</Detail>
        <Detail label="Reference">{contact.reference}</Detail>
        <Detail label="Added">{f.date(contact.created_at)}</Detail>
      </dl>
    </Card>
  );
}

/** A customer's or vendor's page: its figures, details, transactions and (next issue) documents. */
export function ContactShow({ type, contact }: { type: ContactType; contact: ContactRow }) {
  const copy = CONTACT_COPY[type];
  const canUpdate = useCan(`${copy.area}.update`);
  const canDelete = useCan(`${copy.area}.delete`);
  const seesTransactions = useCan('transactions.view');
  const canBill = useCan(type === 'customer' ? 'invoices.create' : 'bills.create');
  const [remove] = useDeleteContactMutation();
  const deletion = useConfirmedDelete<ContactRow>((id) => remove(id).unwrap(), { plural: copy.plural, onDeleted: () => router.visit(copy.base) });

  return (
    <>
      <Head title={contact.name} />
      <PageHeader
        title={contact.name}
        description={<StatusPill status={contact.enabled ? 'active' : 'inactive'} label={contact.enabled ? `Enabled ${copy.singular}` : `Disabled ${copy.singular}`} />}
      >
        <BackLink href={copy.base}>{copy.Plural}</BackLink>
        {canBill && (
          // the document form starts on this contact (its currency follows)
          <Link href={`${type === 'customer' ? '/sales/invoices' : '/purchases/bills'}/create?contact_id=${contact.id}`} className={buttonClasses(canUpdate ? 'outline' : 'primary')}>
            <FilePlus aria-hidden="true" className="size-4" />
            {type === 'customer' ? 'New invoice' : 'New bill'}
          </Link>
        )}
        {canUpdate && (
          <Link href={`${copy.base}/${contact.id}/edit`} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        )}
        {canDelete && (
          // outline, not the danger fill: white on the palette's danger red is below 4.5:1
          <Button variant="outline" className="text-red-700 hover:text-red-800 dark:text-red-300" onClick={() => void deletion.ask([contact])}>
            <Trash aria-hidden="true" className="size-4" />
            Delete
          </Button>
        )}
      </PageHeader>

      <Summary contact={contact} />

      <div className="grid gap-6 xl:grid-cols-3">
        <div className="xl:col-span-1">
          <Details contact={contact} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 xl:col-span-2">
          {seesTransactions && (
            <section aria-labelledby="contact-transactions">
              <h2 id="contact-transactions" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
                Transactions
              </h2>
              <DataTable
                label={`Transactions of ${contact.name}`}
                columns={TRANSACTION_COLUMNS}
                useQuery={useGetContactTransactionsQuery}
                params={{ contact_id: contact.id }}
                getRowId={(t) => t.id}
                search={{ placeholder: 'Search number, reference…', label: 'Search transactions' }}
                defaultSort={{ id: 'paid_at', desc: true }}
                defaultPerPage={10}
                empty={{ title: 'No transactions yet', description: `Payments ${type === 'customer' ? 'from' : 'to'} this ${copy.singular} appear here.` }}
                errorFallback="Failed to fetch transactions"
              />
            </section>
          )}
          <Card title={copy.documents === 'invoices' ? 'Invoices' : 'Bills'}>
            <EmptyState
              icon={<FileText className="size-6" />}
              title={`No ${copy.documents} yet`}
              description={`${copy.documents === 'invoices' ? 'Invoices' : 'Bills'} for this ${copy.singular} will appear here.`}
            />
          </Card>
        </div>
      </div>

      <ConfirmDialog {...deletion.dialog} title={`Delete this ${copy.singular}?`}>
        <p>
          <strong className="font-medium text-slate-900 dark:text-white">{contact.name}</strong> will be deleted. A {copy.singular} with transactions cannot be
          deleted: disable it instead.
        </p>
      </ConfirmDialog>
    </>
  );
}
