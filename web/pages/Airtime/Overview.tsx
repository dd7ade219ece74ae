import { Head, Link } from '@inertiajs/react';
import { ArrowLeftRight, Send } from 'lucide-react';
import { useState } from 'react';
import { AIRTIME_PERIODS, type AirtimePeriod } from '@common/answers/airtime';
import { DataTable } from '@/components/data-table/DataTable';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { AirtimeCards } from '@/features/airtime/AirtimeCards';
import { AirtimeChart } from '@/features/airtime/AirtimeChart';
import { AIRTIME_TRANSACTION_COLUMNS } from '@/features/airtime/columns';
import { SendAirtime } from '@/features/airtime/SendAirtime';
import { SendsList } from '@/features/airtime/SendsList';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import { useAirtimeTransactionsLive } from '@/features/airtime/live';

const DEFAULT_PERIOD: AirtimePeriod = '30d';

function initialPeriod(): AirtimePeriod {
  const asked = readUrlParams().get('period');
  return (AIRTIME_PERIODS as readonly string[]).includes(asked ?? '') ? (asked as AirtimePeriod) : DEFAULT_PERIOD;
}

/** Airtime/Overview (PAGES.md): the figures, the top-ups over time, the latest top-ups, and sending airtime. */
export default function AirtimeOverview() {
  const canSend = useCan('airtime.send');
  const [period, setPeriod] = useState<AirtimePeriod>(initialPeriod);
  const [sending, setSending] = useState(false);
  const choosePeriod = (p: AirtimePeriod) => {
    setPeriod(p);
    writeUrlParams({ period: p === DEFAULT_PERIOD ? undefined : p });
  };

  return (
    <>
      <Head title="Airtime" />
      <PageHeader title="Airtime" description="Top up your contacts' phones, paid from your credits.">
        <Link href="/airtime/transactions" className={buttonClasses('outline')}>
          <ArrowLeftRight aria-hidden="true" className="size-4" />
          Transactions
        </Link>
        {canSend && (
          <Button onClick={() => setSending(true)}>
            <Send aria-hidden="true" className="size-4" />
            Send airtime
          </Button>
        )}
      </PageHeader>
      <div className="flex flex-col gap-6">
        <AirtimeCards />
        <AirtimeChart period={period} onPeriod={choosePeriod} />
        <Card title="Sends">
          <SendsList canSend={canSend} />
        </Card>
        <Card title="Latest top-ups">
          <DataTable
            label="Latest top-ups"
            columns={AIRTIME_TRANSACTION_COLUMNS}
            useQuery={useAirtimeTransactionsLive}
            defaultSort={{ id: 'created_at', desc: true }}
            getRowId={(t) => t.id}
            empty={{ title: 'No airtime sent yet', description: canSend ? 'Send airtime to contacts, a segment or pasted numbers: each top-up shows here as it settles.' : 'Top-ups show here once airtime is sent.' }}
            errorFallback="Failed to load the top-ups"
          />
        </Card>
      </div>
      {canSend && <SendAirtime open={sending} onClose={() => setSending(false)} />}
    </>
  );
}

AirtimeOverview.layout = AppLayout;
