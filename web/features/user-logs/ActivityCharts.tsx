import { useMemo } from 'react';
import type { UserLogMetrics } from '@common/analytics/user-logs';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { dayLabel, hourLabel } from './labels';

const HOURS = Array.from({ length: 24 }, (_, h) => hourLabel(h));

/** When the user is active: by hour of day, over the last 7 days, by weekday, and weekend against weekdays. */
export function ActivityCharts({ metrics, timeZone }: { metrics: UserLogMetrics; timeZone: string }) {
  const charts = useMemo(
    () => ({
      hourly: [{ label: 'Activity', data: metrics.hourly.counts, color: 'primary' as const }],
      dailyLabels: metrics.daily.map((d) => dayLabel(d.date)),
      daily: [{ label: 'Activity', data: metrics.daily.map((d) => d.count), color: 'info' as const }],
      weekdayLabels: metrics.weekdays.counts.map((d) => d.day.slice(0, 3)),
      weekdays: [{ label: 'Activity', data: metrics.weekdays.counts.map((d) => d.count), color: 'success' as const }],
      split: [{ label: 'Activity', data: [metrics.weekdays.weekday, metrics.weekdays.weekend], color: ['primary', 'warning'] as const }],
    }),
    [metrics],
  );
  const empty = metrics.total === 0;
  const nothing = <EmptyState title="No activity in the last 30 days" description="Charts appear once this user visits pages or takes actions." />;
  const { peak_hour: peak, least_hour: least } = metrics.hourly;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title="Activity by hour"
        actions={
          !empty && peak !== null && least !== null ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Peak {hourLabel(peak)} · quietest {hourLabel(least)}
            </p>
          ) : null
        }
      >
        {empty ? nothing : <Chart type="bar" labels={HOURS} series={charts.hourly} label={`Activity by hour of day (${timeZone})`} height={240} />}
      </Card>
      <Card title="Last 7 days">
        {empty ? nothing : <Chart type="line" labels={charts.dailyLabels} series={charts.daily} label="Activity per day over the last 7 days" height={240} />}
      </Card>
      <Card title="By weekday">
        {empty ? nothing : <Chart type="bar" labels={charts.weekdayLabels} series={charts.weekdays} label="Activity by day of the week" height={240} />}
      </Card>
      <Card title="Weekdays and weekend">
        {empty ? nothing : <Chart type="doughnut" labels={['Weekdays', 'Weekend']} series={charts.split} label="Activity on weekdays and at the weekend" height={240} />}
      </Card>
    </div>
  );
}
