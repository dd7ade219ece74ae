import { CheckCircle2, Clock, Coins, Hourglass, Smartphone, XCircle } from 'lucide-react';
import { currencyFormatOf } from '@common/format';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { errorMessage } from '@/lib/errors';
import { useFormats } from '@/lib/format';
import { useGetAirtimeMetricsQuery } from '@/store/airtime-api';

/** SPEC §3 airtime metrics: top-ups in all, scheduled, pending, successful, failed, and the amount sent. Refreshed while some are pending. */
export function AirtimeCards() {
  const { data, isLoading, error, refetch } = useGetAirtimeMetricsQuery(undefined, { pollingInterval: 5000, skipPollingIfUnfocused: true });
  const formats = useFormats();
  if (error) return <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the airtime figures')}</ErrorAlert>;
  if (isLoading || !data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading the airtime figures">
        <StatCardSkeletons count={6} />
      </div>
    );
  }
  const currency = data.currency === formats.currency.code ? formats.currency : currencyFormatOf(data.currency);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard label="Total sent" value={formats.money(data.total_sent, currency)} icon={<Coins className="size-5" />} tone="success" detail="airtime delivered" />
      <StatCard label="Total top-ups" value={data.total} icon={<Smartphone className="size-5" />} detail="recipients of every send" />
      <StatCard label="Successful" value={data.successful} icon={<CheckCircle2 className="size-5" />} tone="success" detail="delivered to the phone" />
      <StatCard label="Pending" value={data.pending} icon={<Hourglass className="size-5" />} tone="warning" detail="waiting for the network" />
      <StatCard label="Scheduled" value={data.scheduled} icon={<Clock className="size-5" />} tone="info" detail="waiting for their time" />
      <StatCard label="Failed" value={data.failed} icon={<XCircle className="size-5" />} tone="danger" detail="credits given back" />
    </div>
  );
}
