import { Head, router } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import { isPeriodReport, REPORT_TYPE_LABELS, type ReportData } from '@common/reports/types';
import { PERIOD_BASES, PERIOD_LABELS } from '@common/schemas/reports';
import { Chart } from '@/components/chart/Chart';
import type { PaletteColor } from '@/components/chart/palette';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { SkeletonText } from '@/components/display/Skeleton';
import { TextInput } from '@/components/form/TextInput';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { RecordActions, RecordGate } from '@/components/record/RecordPage';
import { useDeleteReportMutation, useGetReportDataQuery, useGetReportQuery, type ReportReading, type ReportRow } from '@/features/reports/api';
import { formatCompactMoney, formatDate, formatMoneyNumber } from '@common/format';
import { chartNumber } from '@/features/reports/format';
import { ReportExportMenu } from '@/features/reports/ReportExportMenu';
import type { ReportFormProps } from '@/features/reports/ReportForm';
import { ReportTable } from '@/features/reports/ReportTable';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';

const COLORS: PaletteColor[] = ['primary', 'danger', 'success', 'warning', 'info'];

function ReportChart({ data }: { data: ReportData }) {
  const series = useMemo(
    () => data.chart.series.map((s, i) => ({ label: s.label, data: s.values.map(chartNumber), color: COLORS[i % COLORS.length] })),
    [data.chart.series],
  );
  const currency = data.currency;
  const format = useMemo(() => (v: number) => formatMoneyNumber(v, currency), [currency]);
  const axisFormat = useMemo(() => (v: number) => formatCompactMoney(v, currency), [currency]);
  return (
    <Chart
      type={data.chart.type}
      labels={data.chart.labels}
      series={series}
      label={`${data.report.name} chart, in ${data.currency.code}`}
      height={280}
      legend={series.length > 1}
      format={format}
      axisFormat={axisFormat}
    />
  );
}

/** One reading of a report: the period or date can be changed here without changing the saved definition. */
function Reading({ report }: { report: ReportRow }) {
  const periodic = isPeriodReport(report.type);
  const [period, setPeriod] = useState(report.settings.period);
  const [asOf, setAsOf] = useState(report.settings.as_of ?? '');
  const reading: ReportReading = periodic ? { id: report.id, period } : { id: report.id, ...(asOf ? { as_of: asOf } : {}) };
  const query = useGetReportDataQuery(reading);
  const canExport = useCan('reports.export');
  const data = query.data;
  const { id: _id, ...params } = reading;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          {periodic ? (
            <div>
              <label htmlFor="report-period" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
                Columns
              </label>
              <select
                id="report-period"
                value={period}
                onChange={(e) => setPeriod(e.target.value as typeof period)}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
              >
                {PERIOD_BASES.map((b) => (
                  <option key={b} value={b}>
                    {PERIOD_LABELS[b]}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <TextInput id="report-as-of" type="date" label="As of" value={asOf} onChange={(e) => setAsOf(e.target.value)} wrapperClassName="w-44" />
          )}
          {data && (
            <p className="pb-2 text-sm text-slate-600 dark:text-slate-400" data-testid="report-period">
              {data.range ? `${formatDate(data.range.from, data.date_format)} to ${formatDate(data.range.to, data.date_format)}` : `As of ${formatDate(data.as_of, data.date_format)}`} · {data.currency.code}
            </p>
          )}
        </div>
        {canExport && <ReportExportMenu id={report.id} params={params} name={report.name} />}
      </div>
      {query.isFetching && !data ? (
        <Card aria-busy="true" aria-label="Loading the figures">
          <SkeletonText lines={8} />
        </Card>
      ) : query.error || !data ? (
        <Card>
          <EmptyState title="The figures could not be loaded" description={errorMessage(query.error, 'Please try again.')} />
        </Card>
      ) : data.empty ? (
        <Card>
          <EmptyState title="Nothing to show" description={data.empty} />
        </Card>
      ) : (
        <div className="flex flex-col gap-6" aria-busy={query.isFetching}>
          <Card title="Chart">
            <ReportChart data={data} />
          </Card>
          <Card title={`Figures in ${data.currency.code}`} flush>
            <ReportTable data={data} />
          </Card>
        </div>
      )}
    </>
  );
}

export default function ReportsShow({ id }: ReportFormProps & { id: number }) {
  const query = useGetReportQuery(id);
  const [remove] = useDeleteReportMutation();
  const del = useConfirmDelete<ReportRow>(
    (r) => remove(r.id).unwrap(),
    (r) => <>The report “{r.name}” will be deleted (its figures stay in the books).</>,
    () => router.visit('/reports'),
  );
  const r = query.data;
  return (
    <>
      <Head title={r?.name ?? 'Report'} />
      <PageHeader
        title={r ? <span className="flex flex-wrap items-center gap-3">{r.name} <Badge tone="primary">{REPORT_TYPE_LABELS[r.type]}</Badge></span> : 'Report'}
        description={r?.description ?? undefined}
      >
        <BackLink href="/reports">Back to reports</BackLink>
        {r && <RecordActions area="reports" href={`/reports/${id}`} name={r.name} onDelete={() => del.ask(r)} size="md" />}
      </PageHeader>
      <RecordGate query={query} what="report" backHref="/reports">
        {(report) => <Reading key={report.updated_at} report={report} />}
      </RecordGate>
      {del.dialog}
    </>
  );
}

ReportsShow.layout = AppLayout;
