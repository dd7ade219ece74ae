import { Head } from '@inertiajs/react';
import { DELIVERY_STATES } from '@common/answers/sms';
import { DataTable } from '@/components/data-table/DataTable';
import type { TableFilter } from '@/components/data-table/query';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { AIRTIME_TRANSACTION_COLUMNS } from '@/features/airtime/columns';
import { STATE_LABEL } from '@/features/airtime/labels';
import { useAirtimeTransactionsLive } from '@/features/airtime/live';
import { AppLayout } from '@/layouts/AppLayout';

const FILTERS: TableFilter[] = [{ name: 'state', label: 'Status', options: [{ value: '', label: 'All statuses' }, ...DELIVERY_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))] }];

/** Airtime/Transactions (PAGES.md): every top-up with its outcome and reason, filtered, searched by phone, paged and exportable; the filters live in the address. */
export default function AirtimeTransactions() {
  return (
    <>
      <Head title="Airtime transactions" />
      <PageHeader title="Airtime transactions" description="Every top-up: to whom, how much, what the network said, and the credits it cost.">
        <BackLink href="/airtime">Airtime</BackLink>
      </PageHeader>
      <DataTable
        label="Airtime transactions"
        columns={AIRTIME_TRANSACTION_COLUMNS}
        useQuery={useAirtimeTransactionsLive}
        filters={FILTERS}
        search={{ placeholder: 'Phone number…', label: 'Search airtime transactions' }}
        defaultSort={{ id: 'created_at', desc: true }}
        exportUrl="/airtime/transactions/export"
        getRowId={(t) => t.id}
        urlState
        empty={{ title: 'No airtime transactions', description: 'Each phone topped up from the Airtime page shows here with its outcome.' }}
        errorFallback="Failed to load the airtime transactions"
      />
    </>
  );
}

AirtimeTransactions.layout = AppLayout;
