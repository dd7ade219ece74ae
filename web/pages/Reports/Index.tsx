import { Head, Link } from '@inertiajs/react';
import { FileBarChart, Plus } from 'lucide-react';
import { toast } from 'react-toastify';
import { isPeriodReport, REPORT_TYPE_LABELS, REPORT_TYPES } from '@common/reports/types';
import { PERIOD_LABELS, RANGE_LABELS } from '@common/schemas/reports';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { useCreateStandardReportsMutation, useDeleteReportMutation, useGetReportsQuery, type ReportRow } from '@/features/reports/api';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { formatDate } from '@common/format';

const col = columnHelper<ReportRow>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <Link href={`/reports/${row.original.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor('type', { header: 'Type', enableSorting: true, cell: ({ getValue }) => <Badge tone="primary">{REPORT_TYPE_LABELS[getValue()]}</Badge> }),
  col.accessor('settings', {
    header: 'Settings',
    cell: ({ row }) => {
      const s = row.original.settings;
      if (!isPeriodReport(row.original.type)) return s.as_of ? `As of ${formatDate(s.as_of)}` : 'As of today';
      return `${PERIOD_LABELS[s.period]}, ${s.range === 'custom' ? `${s.date_from} to ${s.date_to}` : RANGE_LABELS[s.range].toLowerCase()}`;
    },
  }),
  col.accessor('description', { header: 'Description', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
]);

function StandardButton() {
  const [make, state] = useCreateStandardReportsMutation();
  async function run() {
    try {
      toast.success((await make().unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, 'The standard reports could not be created.'));
    }
  }
  return (
    <Button onClick={() => void run()} busy={state.isLoading}>
      <FileBarChart aria-hidden="true" className="size-4" />
      Create the standard reports
    </Button>
  );
}

export default function ReportsIndex() {
  const canCreate = useCan('reports.create');
  const [remove] = useDeleteReportMutation();
  const del = useConfirmDelete<ReportRow>(
    (r) => remove(r.id).unwrap(),
    (r) => <>The report “{r.name}” will be deleted (its figures stay in the books).</>,
  );
  return (
    <>
      <Head title="Reports" />
      <PageHeader title="Reports" description="Income, expenses, profit, taxes, ageing and balances, read from the books.">
        {canCreate && (
          <Link href="/reports/create" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            New report
          </Link>
        )}
      </PageHeader>
      <DataTable
        label="Reports"
        columns={COLUMNS}
        useQuery={useGetReportsQuery}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.name}
        search={{ placeholder: 'Search reports…', label: 'Search reports' }}
        filters={[{ name: 'type', label: 'Type', options: REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] })) }]}
        defaultSort={{ id: 'name', desc: false }}
        rowActions={(r) => <RecordActions area="reports" href={`/reports/${r.id}`} name={r.name} onDelete={() => del.ask(r)} />}
        empty={{
          title: 'No reports yet',
          description: 'Start with the standard set — one report of each kind — or make your own.',
          action: canCreate ? <StandardButton /> : undefined,
        }}
        errorFallback="Failed to fetch reports"
      />
      {del.dialog}
    </>
  );
}

ReportsIndex.layout = AppLayout;
