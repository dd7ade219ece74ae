import { Head } from '@inertiajs/react';
import { Activity, MessageSquare, Radio } from 'lucide-react';
import { useMemo } from 'react';
import { isoLocalDateTime, formatCount } from '@common/format';
import { STATS_CHANNEL, STATS_INTERVAL_MS, STATS_SAMPLED, STATS_TIMELINE_MAX } from '@common/realtime';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { formatDateTime } from '@/components/display/time';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useSharedProps } from '@/lib/page';
import { useChannel, useRealtimeState } from '@/lib/realtime';
import { useGetRealtimeStatsQuery } from '@/features/realtime/api';

const STATE_TEXT = { connecting: 'Connecting…', connected: 'Connected', disconnected: 'Disconnected' } as const;

/**
 * Realtime (permission realtime.view): the company's live figures, sampled every 60 seconds
 * (SPEC §9) and summed over the app's instances — connections, channels with a connection and
 * messages published in the minute — with the last 50 samples as a timeline. A new sample
 * arrives over the admin's own channel, so the page follows without a reload.
 */
export default function RealtimeIndex() {
  const { tenant, formats } = useSharedProps();
  const state = useRealtimeState();
  const { data, isLoading, isError, error, refetch } = useGetRealtimeStatsQuery();
  useChannel(STATS_CHANNEL, (event) => {
    if (event === STATS_SAMPLED) void refetch();
  });
  const samples = useMemo(() => data ?? [], [data]);
  const latest = samples[0];
  const chart = useMemo(() => {
    const ordered = [...samples].reverse();
    return {
      labels: ordered.map((s) => isoLocalDateTime(s.at, tenant?.timezone).slice(11, 16)),
      series: [
        { label: 'Connections', data: ordered.map((s) => s.connections) },
        { label: 'Channels', data: ordered.map((s) => s.channels) },
        { label: 'Messages per minute', data: ordered.map((s) => s.messages) },
      ],
    };
  }, [samples, tenant?.timezone]);

  return (
    <>
      <Head title="Realtime" />
      <PageHeader
        title="Realtime"
        description={`Live connections of ${tenant?.name ?? 'the company'}, sampled every ${STATS_INTERVAL_MS / 1000} seconds; the last ${STATS_TIMELINE_MAX} samples are kept.`}
      >
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="realtime-page-state">
          This page: {STATE_TEXT[state]}
        </p>
      </PageHeader>
      {isError ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'An error occurred')}</ErrorAlert>
      ) : (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-3">
            {isLoading ? (
              <StatCardSkeletons count={3} />
            ) : (
              <>
                <StatCard label="Connections" value={formatCount(latest?.connections ?? 0)} icon={<Radio className="size-6" />} />
                <StatCard label="Channels" value={formatCount(latest?.channels ?? 0)} icon={<Activity className="size-6" />} tone="success" />
                <StatCard label="Messages per minute" value={formatCount(latest?.messages ?? 0)} icon={<MessageSquare className="size-6" />} tone="warning" />
              </>
            )}
          </div>
          {!isLoading && samples.length === 0 ? (
            <Card>
              <EmptyState title="No samples yet" description={`The first arrives within ${STATS_INTERVAL_MS / 1000} seconds of a connection.`} />
            </Card>
          ) : (
            <div className="grid gap-6 lg:grid-cols-3">
              <Card title="Timeline" className="lg:col-span-2">
                {!isLoading && <Chart type="line" labels={chart.labels} series={chart.series} label="Connections, channels and messages per minute over the last samples" height={280} />}
              </Card>
              <Card title="Samples" flush>
                <div className="max-h-80 overflow-y-auto">
                  <table className="w-full text-sm">
                    <caption className="sr-only">Realtime samples, newest first</caption>
                    <thead className="sticky top-0 bg-slate-50 text-start text-xs text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                      <tr>
                        <th scope="col" className="px-4 py-2 text-start font-medium">Time</th>
                        <th scope="col" className="px-2 py-2 text-end font-medium">Conn.</th>
                        <th scope="col" className="px-2 py-2 text-end font-medium">Chan.</th>
                        <th scope="col" className="px-4 py-2 text-end font-medium">Msg/min</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                      {samples.map((s) => (
                        <tr key={s.at}>
                          <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(s.at, tenant?.timezone, formats?.date_format)}</td>
                          <td className="px-2 py-2 text-end tabular-nums">{formatCount(s.connections)}</td>
                          <td className="px-2 py-2 text-end tabular-nums">{formatCount(s.channels)}</td>
                          <td className="px-4 py-2 text-end tabular-nums">{formatCount(s.messages)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Card>
            </div>
          )}
        </>
      )}
    </>
  );
}

RealtimeIndex.layout = AppLayout;
