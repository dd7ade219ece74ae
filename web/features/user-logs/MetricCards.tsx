import { Activity, CalendarDays, Clock, Gauge, History, Timer, TrendingDown, TrendingUp, Minus } from 'lucide-react';
import type { EngagementLevel, UserLogMetrics } from '@common/analytics/user-logs';
import { Badge, type Tone } from '@/components/display/Badge';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { minutesLabel, signedPercent, TREND_LABELS } from './labels';
import { formatCount } from '@common/format';

const LEVEL_TONES: Record<EngagementLevel, Tone> = { High: 'success', Medium: 'warning', Low: 'danger', None: 'secondary' };

/** Placeholders of the stat cards while the metrics load. */
export function MetricCardsSkeleton({ count = 8 }: { count?: number }) {
  return <StatCardSkeletons count={count} />;
}

/** The headline figures of SPEC §3 "Derived metrics": totals, recent windows, sessions, engagement and trend. */
export function MetricCards({ metrics }: { metrics: UserLogMetrics }) {
  const { engagement, trend, sessions } = metrics;
  const TrendIcon = trend.direction === 'increasing' ? TrendingUp : trend.direction === 'decreasing' ? TrendingDown : Minus;
  return (
    <>
      <StatCard
        label="Activity (30 days)"
        value={metrics.total}
        icon={<Activity className="size-5" />}
        detail={`${formatCount(metrics.page_visits)} page visits · ${formatCount(metrics.user_actions)} actions`}
      />
      <StatCard label="Last 24 hours" value={metrics.last_24_hours} icon={<Clock className="size-5" />} tone="info" />
      <StatCard
        label="Last 7 days"
        value={metrics.last_7_days}
        icon={<CalendarDays className="size-5" />}
        tone="info"
        detail={`${formatCount(metrics.daily_average)} a day on average`}
      />
      <StatCard label="Last 30 days" value={metrics.last_30_days} icon={<History className="size-5" />} tone="info" />
      <StatCard
        label="Sessions"
        value={sessions.count}
        icon={<Timer className="size-5" />}
        tone="warning"
        detail={`${minutesLabel(sessions.average_minutes)} on average`}
      />
      <StatCard
        label="Engagement"
        value={engagement.score}
        icon={<Gauge className="size-5" />}
        tone="success"
        detail={
          <Badge tone={LEVEL_TONES[engagement.level]} className="mt-1">
            {engagement.level === 'None' ? 'No activity' : `${engagement.level} engagement`}
          </Badge>
        }
      />
      <StatCard
        label="Unique pages"
        value={metrics.pages.unique}
        icon={<Activity className="size-5" />}
        tone="primary"
        detail={`${formatCount(metrics.actions.unique)} different actions`}
      />
      <div className="flex items-center gap-4 rounded-md bg-white p-5 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10">
        <span
          aria-hidden="true"
          className={
            trend.direction === 'increasing'
              ? 'grid size-12 shrink-0 place-items-center rounded-full bg-success/15 text-emerald-600 dark:text-success'
              : trend.direction === 'decreasing'
                ? 'grid size-12 shrink-0 place-items-center rounded-full bg-danger/10 text-danger'
                : 'grid size-12 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-700 dark:text-slate-300'
          }
        >
          <TrendIcon className="size-5" />
        </span>
        <dl className="min-w-0">
          <dt className="truncate text-sm text-slate-500 dark:text-slate-400">Trend</dt>
          <dd className="text-2xl font-semibold text-slate-900 dark:text-white">{TREND_LABELS[trend.direction]}</dd>
          <dd className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{signedPercent(trend.change)} day over day</dd>
        </dl>
      </div>
    </>
  );
}
