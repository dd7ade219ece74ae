import { Award, Clock, Info, Sparkles, TrendingUp, type LucideIcon } from 'lucide-react';
import type { Insight, Ranked, UserLogMetrics } from '@common/analytics/user-logs';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { formatCount } from '@common/format';

const INSIGHT_ICONS: Record<string, LucideIcon> = { 'trending-up': TrendingUp, clock: Clock, award: Award };

/** A ranked list with a bar per item, relative to the first. */
function Ranking({ items, empty, label }: { items: readonly Ranked[]; empty: string; label: string }) {
  if (items.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{empty}</p>;
  const max = items[0].count || 1;
  return (
    <ol aria-label={label} className="space-y-3">
      {items.map((item) => (
        <li key={item.name} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate font-mono text-xs text-slate-700 dark:text-slate-300" title={item.name}>
              {item.name}
            </span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums dark:text-white">{formatCount(item.count)}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-slate-100 dark:bg-slate-700">
            <div className="h-1.5 rounded-full bg-primary" style={{ width: `${Math.max(4, (item.count / max) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function InsightItem({ insight }: { insight: Insight }) {
  const Icon = INSIGHT_ICONS[insight.icon] ?? Info;
  return (
    <li
      className={cx(
        'flex items-start gap-3 rounded-md p-3 text-sm',
        insight.type === 'success' ? 'bg-success/10 text-emerald-800 dark:text-success' : 'bg-primary/10 text-blue-800 dark:text-blue-200',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{insight.message}</span>
    </li>
  );
}

/** Top 10 pages and actions, and the insights drawn from the metrics. */
export function TopLists({ metrics }: { metrics: UserLogMetrics }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card title={`Top pages (${formatCount(metrics.pages.unique)} different)`}>
        <Ranking items={metrics.pages.top} label="Most visited pages" empty="No page visits in the last 30 days." />
      </Card>
      <Card title={`Top actions (${formatCount(metrics.actions.unique)} different)`}>
        <Ranking items={metrics.actions.top} label="Most frequent actions" empty="No actions in the last 30 days." />
        {metrics.actions.top_resources.length > 0 && (
          <>
            <h3 className="mt-5 mb-3 text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">On what</h3>
            <Ranking items={metrics.actions.top_resources} label="Resources acted on most" empty="" />
          </>
        )}
      </Card>
      <Card title="Insights">
        {metrics.insights.length === 0 ? (
          <p className="flex items-start gap-3 text-sm text-slate-500 dark:text-slate-400">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Nothing stands out yet: insights appear for unusually busy days, long sessions and high engagement.
          </p>
        ) : (
          <ul className="space-y-3">
            {metrics.insights.map((insight) => (
              <InsightItem key={insight.message} insight={insight} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
