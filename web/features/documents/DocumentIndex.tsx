import { Head, Link } from '@inertiajs/react';
import { CircleAlert, Clock, FilePen, FileText, Plus, Send, ThumbsUp } from 'lucide-react';
import { useMemo } from 'react';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { defaultCurrency, findCurrency, Money, type CurrencyOption } from '@/components/money';
import { cx } from '@/components/cx';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { ImportLink } from '@/features/import/ImportLink';
import { useCan } from '@/lib/page';
import { useDeleteDocumentMutation, useGetDocumentsQuery, type DocumentRow } from '@/store/documents-api';
import { DELETED } from '@/lib/toasts';
import { documentStatusLabel } from './DocumentStatusBadge';
import { DocumentStatus } from './parts';
import { KINDS, type IndexProps, type Kind, type Stat } from './kinds';
import { DateText } from '@/components/display/DateText';

const STAT_WORDS: Record<string, { label: string; icon: typeof Clock; tone: string }> = {
  overdue: { label: 'Overdue', icon: CircleAlert, tone: 'bg-danger/10 text-danger' },
  open: { label: 'Open', icon: Clock, tone: 'bg-warning/15 text-orange-600 dark:text-warning' },
  draft: { label: 'Draft', icon: FilePen, tone: 'bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-200' },
  sent: { label: 'Awaiting an answer', icon: Send, tone: 'bg-primary/10 text-primary' },
  approved: { label: 'Approved', icon: ThumbsUp, tone: 'bg-success/15 text-emerald-600 dark:text-success' },
};

/** One money figure of the Index (the kit's StatCard shows counts only). */
function MoneyStat({ stat, currency, kind }: { stat: Stat; currency: CurrencyOption | undefined; kind: Kind }) {
  const words = STAT_WORDS[stat.key] ?? { label: stat.key, icon: FileText, tone: 'bg-primary/10 text-primary' };
  const Icon = words.icon;
  return (
    <div className="flex items-center gap-4 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" data-testid={`stat-${stat.key}`}>
      <span className={cx('grid size-12 shrink-0 place-items-center rounded-full', words.tone)} aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <dl className="min-w-0">
        <dt className="truncate text-sm text-slate-500 dark:text-slate-400">{words.label}</dt>
        <dd className="text-2xl font-semibold text-slate-900 dark:text-white">
          <Money amount={stat.amount} currency={currency} code={currency?.code} />
        </dd>
        <dd className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {stat.count} {stat.count === 1 ? kind.noun : `${kind.noun}s`}
        </dd>
      </dl>
    </div>
  );
}

const linkClass = 'font-medium text-slate-900 hover:text-primary hover:underline dark:text-white';

function columnsOf(kind: Kind, currencies: CurrencyOption[]) {
  const col = columnHelper<DocumentRow>();
  return col.columns([
    col.accessor('document_number', {
      header: 'Number',
      enableSorting: true,
      cell: ({ row }) => (
        <Link href={`${kind.base}/${row.original.id}`} className={linkClass}>
          {row.original.document_number}
        </Link>
      ),
    }),
    col.accessor('contact_name', { header: kind.contactLabel, enableSorting: true }),
    col.accessor('issued_at', { header: 'Issued', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateText value={getValue()} /> }),
    col.accessor('due_at', {
      header: kind.type === 'estimate' ? 'Valid until' : 'Due',
      enableSorting: true,
      meta: { className: 'whitespace-nowrap' },
      cell: ({ getValue }) => <DateText value={getValue()} fallback={<span className="text-slate-400">—</span>} />,
    }),
    col.accessor('status', { header: 'Status', enableSorting: true, cell: ({ row }) => <DocumentStatus status={row.original.status} overdue={row.original.overdue} /> }),
    col.accessor('total', {
      header: 'Total',
      enableSorting: true,
      meta: { align: 'end' },
      cell: ({ row }) => <Money amount={row.original.total} currency={findCurrency(currencies, row.original.currency_code)} code={row.original.currency_code} />,
    }),
  ]);
}

/** Invoices/Index, Estimates/Index and Bills/Index. */
export function DocumentIndex({ type, currencies, stats }: IndexProps) {
  const kind = KINDS[type];
  const canCreate = useCan(`${kind.area}.create`);
  const [remove] = useDeleteDocumentMutation();
  const del = useConfirmDelete<DocumentRow>(
    (r) => remove(r.id).unwrap().then(() => ({ message: DELETED })),
    (r) => <>The {kind.noun} {r.document_number} will be deleted.</>,
  );
  const columns = useMemo(() => columnsOf(kind, currencies), [kind, currencies]);
  const filters = useMemo(
    () => [{ name: 'status', label: 'Status', options: [{ value: '', label: 'All' }, ...kind.statuses.map((s) => ({ value: s, label: documentStatusLabel(s) }))] }],
    [kind],
  );
  const base = defaultCurrency(currencies);
  const create = canCreate ? (
    <Link href={`${kind.base}/create`} className={buttonClasses('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      New {kind.noun}
    </Link>
  ) : undefined;
  return (
    <>
      <Head title={kind.plural} />
      <PageHeader title={kind.plural} description={kind.description}>
        <ImportLink href={`${kind.base}/import`} permission={`${kind.area}.create`} />
        {create}
      </PageHeader>
      <section aria-label={`${kind.plural} in ${base?.code ?? 'the default currency'}`} className="mb-6 grid gap-4 sm:grid-cols-3">
        {stats.map((s) => (
          <MoneyStat key={s.key} stat={s} currency={base} kind={kind} />
        ))}
      </section>
      <DataTable
        label={kind.plural}
        columns={columns}
        useQuery={useGetDocumentsQuery}
        params={{ type }}
        exportUrl="/accounting/documents/export"
        filters={filters}
        getRowId={(r) => r.id}
        rowLabel={(r) => `${kind.label} ${r.document_number}`}
        search={{ placeholder: `Search number, ${kind.contactLabel.toLowerCase()}…`, label: `Search ${kind.plural.toLowerCase()}` }}
        defaultSort={{ id: 'issued_at', desc: true }}
        rowActions={(r) => <RecordActions area={kind.area} href={`${kind.base}/${r.id}`} name={`${kind.label} ${r.document_number}`} onDelete={() => del.ask(r)} />}
        empty={{ title: `No ${kind.plural.toLowerCase()} yet`, description: kind.description, action: create }}
        errorFallback={`Failed to fetch ${kind.plural.toLowerCase()}`}
      />
      {del.dialog}
    </>
  );
}
