import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { RecordGate } from '@/components/record/RecordPage';
import { useGetReportQuery } from '@/features/reports/api';
import { ReportForm, type ReportFormProps } from '@/features/reports/ReportForm';
import { AppLayout } from '@/layouts/AppLayout';

export default function ReportsEdit({ id, ...options }: ReportFormProps & { id: number }) {
  const query = useGetReportQuery(id);
  const title = query.data ? `Edit ${query.data.name}` : 'Edit report';
  return (
    <>
      <Head title={title} />
      <PageHeader title={title}>
        <BackLink href={`/reports/${id}`}>Back to the report</BackLink>
      </PageHeader>
      <RecordGate query={query} what="report" backHref="/reports">
        {(r) => <ReportForm key={r.updated_at} report={r} options={options} />}
      </RecordGate>
    </>
  );
}

ReportsEdit.layout = AppLayout;
