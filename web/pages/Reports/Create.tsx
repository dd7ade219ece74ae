import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { ReportForm, type ReportFormProps } from '@/features/reports/ReportForm';
import { AppLayout } from '@/layouts/AppLayout';

export default function ReportsCreate(props: ReportFormProps) {
  return (
    <>
      <Head title="New report" />
      <PageHeader title="New report" description="A saved view of the books: its figures are read afresh each time it is opened.">
        <BackLink href="/reports">Back to reports</BackLink>
      </PageHeader>
      <ReportForm options={props} />
    </>
  );
}

ReportsCreate.layout = AppLayout;
