import { Head } from '@inertiajs/react';
import { DELIVERY_STATES } from '@common/answers/sms';
import { DataTable } from '@/components/data-table/DataTable';
import type { ListParams, TableFilter } from '@/components/data-table/query';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { EMAIL_TRANSACTION_COLUMNS } from '@/features/email/columns';
import { STATE_LABEL } from '@/features/email/labels';
import { AppLayout } from '@/layouts/AppLayout';
import { useGetEmailTransactionsQuery } from '@/store/email-api';

const FILTERS: TableFilter[] = [
  {
    name: 'status',
    label: 'Sent or failed',
    options: [
      { value: '', label: 'Sent and failed' },
      { value: 'SENT', label: 'Sent' },
      { value: 'FAILED', label: 'Failed' },
    ],
  },
  { name: 'state', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...DELIVERY_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))] },
];

/** the recipients list, asked again every few seconds while the page is in view: events settle emails after they are sent */
function useTransactionsLive(params: ListParams) {
  return useGetEmailTransactionsQuery(params, { pollingInterval: 5000, skipPollingIfUnfocused: true });
}

/** Email/Transactions (PAGES.md): every recipient of every email with its status and reason, filtered, searched by address, paged and exportable; the filters live in the address. */
export default function EmailTransactions() {
  return (
    <>
      <Head title="Email transactions" />
      <PageHeader title="Email transactions" description="Every email to every recipient: delivered, opened, clicked, or why it bounced.">
        <BackLink href="/email">Email</BackLink>
      </PageHeader>
      <DataTable
        label="Email transactions"
        columns={EMAIL_TRANSACTION_COLUMNS}
        useQuery={useTransactionsLive}
        filters={FILTERS}
        search={{ placeholder: 'Email address…', label: 'Search email transactions' }}
        defaultSort={{ id: 'created_at', desc: true }}
        exportUrl="/email/transactions/export"
        getRowId={(t) => t.id}
        urlState
        empty={{ title: 'No email transactions', description: 'Each recipient of an email sent from the Email page shows here with its outcome.' }}
        errorFallback="Failed to load the email transactions"
      />
    </>
  );
}

EmailTransactions.layout = AppLayout;
