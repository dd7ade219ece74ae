import { Head, Link, router } from '@inertiajs/react';
import { ListChecks, Mail, Pencil, Phone, Trash, TrendingUp, UserPlus, Users, MessageSquareText } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { SegmentActivityRow } from '@common/answers/outreach';
import { CHANNELS, CONTACT_EVENT_TYPES, type Channel } from '@common/outreach';
import { Chart } from '@/components/chart/Chart';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Skeleton } from '@/components/display/Skeleton';
import { StatCard } from '@/components/display/StatCard';
import { Button, buttonClasses } from '@/components/form/Button';
import { controlClasses, selectClasses } from '@/components/form/styles';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { BackLink } from '@/components/record/BackLink';
import { CHANNEL_LABEL, eventLabel } from '@/features/outreach/copy';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import {
  useDeleteSegmentMutation,
  useGetSegmentActivityLogsQuery,
  useGetSegmentAnalyticsQuery,
  useGetSegmentStatisticsQuery,
  type PeriodParams,
  type SegmentRow,
} from '@/store/outreach-api';
import { formatCount } from '@common/format';
import { DateTimeText } from '@/components/display/DateText';
import { ErrorAlert } from '@/components/display/ErrorAlert';

const CHANNEL_ICON: Record<Channel, typeof Mail> = { sms: MessageSquareText, email: Mail, voice: Phone };
const RANGES = [7, 30, 90, 365] as const;
/** activity types offered by the filter before any happened in the period */
const KNOWN_TYPES: readonly string[] = CONTACT_EVENT_TYPES;

const col = columnHelper<SegmentActivityRow>();
const ACTIVITY_COLUMNS = col.columns([
  col.accessor('occurred_at', { header: 'When', meta: { className: 'whitespace-nowrap tabular-nums' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  col.accessor('contact_name', {
    header: 'Contact',
    cell: ({ row }) => (
      <Link href={`/contacts/${row.original.contact_id}`} className="text-primary hover:underline dark:text-primary-light">
        {row.original.contact_name || `Contact #${row.original.contact_id}`}
      </Link>
    ),
  }),
  col.accessor('type', { header: 'Activity', cell: ({ getValue }) => eventLabel(getValue()) }),
]);

/** The period of the dashboard: the last N days (7, SPEC §9) or from a start to an end date. */
function PeriodPicker({ value, onChange }: { value: PeriodParams; onChange: (p: PeriodParams) => void }) {
  const byDates = Boolean(value.start_date || value.end_date);
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Period">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Date range
        <select
          className={`${selectClasses} w-auto min-w-36`}
          value={byDates ? '' : String(value.date_range ?? 7)}
          onChange={(e) => e.target.value && onChange({ date_range: Number(e.target.value) })}
        >
          {byDates && <option value="">Custom dates</option>}
          {RANGES.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Start date
        <input type="date" className={controlClasses(false, 'w-auto tabular-nums')} value={value.start_date ?? ''} max={value.end_date} onChange={(e) => onChange({ ...value, date_range: undefined, start_date: e.target.value || undefined })} />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        End date
        <input type="date" className={controlClasses(false, 'w-auto tabular-nums')} value={value.end_date ?? ''} min={value.start_date} onChange={(e) => onChange({ ...value, date_range: undefined, end_date: e.target.value || undefined })} />
      </label>
      {byDates && (
        <Button variant="ghost" size="sm" onClick={() => onChange({ date_range: 7 })}>
          Back to the last 7 days
        </Button>
      )}
    </div>
  );
}

function Failure({ children }: { children: string }) {
  return (
    <ErrorAlert>{children}</ErrorAlert>
  );
}

function Statistics({ id, period }: { id: number; period: PeriodParams }) {
  const { data, isLoading, error } = useGetSegmentStatisticsQuery({ id, ...period });
  // SPEC §8: the server's message, else the dashboard's fallback sentence
  if (error) return <Failure>{errorMessage(error, 'Failed to load statistics')}</Failure>;
  if (isLoading || !data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5" aria-busy="true" aria-label="Loading statistics">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <StatCard label="Size" value={data.size} icon={<Users className="size-5" />} detail="contacts in the segment now" />
      <StatCard label="Growth" value={data.growth} icon={<TrendingUp className="size-5" />} tone="success" detail="joined in the period" />
      {CHANNELS.map((ch) => {
        const Icon = CHANNEL_ICON[ch];
        return (
          <StatCard
            key={ch}
            label={CHANNEL_LABEL[ch]}
            value={data.reachable[ch]}
            icon={<Icon className="size-5" />}
            tone="info"
            detail={`reachable; ${formatCount(data.opted_out[ch])} opted out`}
          />
        );
      })}
    </div>
  );
}

function Analytics({ id, period }: { id: number; period: PeriodParams }) {
  const [unit, setUnit] = useState<'day' | 'week' | 'month'>('day');
  const { data, isLoading, error } = useGetSegmentAnalyticsQuery({ id, period: unit, ...period });
  const series = useMemo(
    () => (data ? [{ label: 'Joined', data: data.joined }, ...Object.entries(data.activity).map(([type, values]) => ({ label: eventLabel(type), data: values }))] : []),
    [data],
  );
  return (
    <Card
      title="Analytics"
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          Per
          <select className={`${selectClasses} w-auto`} value={unit} onChange={(e) => setUnit(e.target.value as typeof unit)}>
            <option value="day">day</option>
            <option value="week">week</option>
            <option value="month">month</option>
          </select>
        </label>
      }
    >
      {error ? (
        <Failure>{errorMessage(error, 'Failed to load analytics')}</Failure>
      ) : isLoading || !data ? (
        <Skeleton className="h-64" />
      ) : data.labels.length === 0 ? (
        <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">Nobody joined and nothing happened in this period.</p>
      ) : (
        <Chart type="bar" labels={data.labels} series={series} label={`Members joined and activity per ${unit}`} height={280} legend />
      )}
    </Card>
  );
}

/** Segments/Show (PAGES.md): the segment dashboard — statistics, analytics and the activity log of its members (SPEC §3). */
export default function SegmentsShow({ segment }: { segment: SegmentRow }) {
  const canUpdate = useCan('segments.update');
  // bulk operations need one of their actions' permissions (server/modules/outreach/bulk.ts)
  const canBulk = useCan('contacts.update') || canUpdate;
  const canDelete = useCan('segments.delete');
  const [period, setPeriod] = useState<PeriodParams>({ date_range: 7 });
  const [remove] = useDeleteSegmentMutation();
  const deletion = useConfirmDelete<SegmentRow>(
    (s) => remove(s.id).unwrap(),
    (s) => <><strong className="font-medium text-slate-900 dark:text-white">{s.name}</strong> will be deleted; its contacts stay in the contact book.</>,
    () => router.visit('/segments'),
  );
  const { data: types } = useGetSegmentAnalyticsQuery({ id: segment.id, period: 'day', ...period });
  const activityFilter = useMemo(() => {
    const all = [...new Set([...KNOWN_TYPES, ...Object.keys(types?.activity ?? {})])].sort();
    return [{ name: 'activity_type', label: 'Activity type', options: [{ value: '', label: 'All' }, ...all.map((t) => ({ value: t, label: eventLabel(t) }))] }];
  }, [types]);

  return (
    <>
      <Head title={segment.name} />
      <PageHeader
        title={segment.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={segment.type === 'dynamic' ? 'info' : 'secondary'}>{segment.type === 'dynamic' ? 'Dynamic' : 'Static'}</Badge>
            {segment.description}
          </span>
        }
      >
        <BackLink href="/segments">Segments</BackLink>
        {canBulk && (
          <Link href={`/segments/bulk-operations?segment=${segment.id}`} className={buttonClasses('outline')}>
            <ListChecks aria-hidden="true" className="size-4" />
            Bulk operations
          </Link>
        )}
        {canUpdate && segment.type === 'static' && (
          <Link href={`/segments/contact-selection?segment=${segment.id}`} className={buttonClasses('outline')}>
            <UserPlus aria-hidden="true" className="size-4" />
            Pick contacts
          </Link>
        )}
        {canUpdate && (
          <Link href={`/segments/${segment.id}/edit`} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        )}
        {canDelete && (
          <Button variant="outline" className="text-red-700 hover:text-red-800 dark:text-red-300" onClick={() => deletion.ask(segment)}>
            <Trash aria-hidden="true" className="size-4" />
            Delete
          </Button>
        )}
      </PageHeader>

      <div className="flex flex-col gap-6">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Statistics id={segment.id} period={period} />
        <Analytics id={segment.id} period={period} />
        <section aria-labelledby="segment-activity">
          <h2 id="segment-activity" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
            Activity log
          </h2>
          <DataTable
            label={`Activity of the members of ${segment.name}`}
            columns={ACTIVITY_COLUMNS}
            useQuery={useGetSegmentActivityLogsQuery}
            params={{ id: segment.id, ...period }}
            filters={activityFilter}
            getRowId={(e) => e.id}
            defaultPerPage={20}
            empty={{ title: 'No activity in this period', description: 'Messages sent and delivered, RSVPs and survey answers of the members appear here.' }}
            errorFallback="Failed to load activity logs"
          />
        </section>
      </div>
      {deletion.dialog}
    </>
  );
}

SegmentsShow.layout = AppLayout;
