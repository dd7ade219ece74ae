import { CircleX, Eye, MousePointerClick, RefreshCw, SearchX } from 'lucide-react';
import type { TimelineEntry } from '@common/schemas/users';
import { cx } from '@/components/cx';
import { Badge } from '@/components/display/Badge';
import { EmptyState } from '@/components/display/EmptyState';
import { Skeleton } from '@/components/display/Skeleton';
import { formatDateTime, timeAgo } from '@/components/display/time';
import { useSharedProps } from '@/lib/page';
import { Button } from '@/components/form/Button';
import { entryTitle } from './labels';

type FeedProps = {
  entries: readonly TimelineEntry[];
  loading: boolean;
  error: string | null;
  /** a search, dates or a tab other than "all" narrow the list */
  narrowed: boolean;
  timeZone?: string | null;
  onRetry: () => void;
  onClear: () => void;
};

function Entry({ entry, timeZone }: { entry: TimelineEntry; timeZone?: string | null }) {
  const dateFormat = useSharedProps().formats?.date_format;
  const action = entry.type === 'activity';
  const Icon = action ? MousePointerClick : Eye;
  return (
    <li className="group relative flex gap-4 pb-5 last:pb-0">
      {/* the line joining one entry to the next */}
      <span aria-hidden="true" className="absolute start-[1.125rem] top-10 bottom-0 w-px bg-slate-200 group-last:hidden dark:bg-slate-700" />
      <span
        aria-hidden="true"
        className={cx(
          'relative grid size-9 shrink-0 place-items-center rounded-full ring-4 ring-white dark:ring-dark',
          action ? 'bg-success/15 text-emerald-700 dark:text-success' : 'bg-primary/10 text-primary dark:bg-primary/20 dark:text-blue-300',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="min-w-0 font-medium break-words text-slate-900 dark:text-white">{entryTitle(entry)}</p>
          <Badge tone={action ? 'success' : 'primary'}>{action ? 'Action' : 'Page visit'}</Badge>
          {entry.resource_type && <Badge tone="secondary">{entry.resource_type}</Badge>}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={entry.timestamp} title={formatDateTime(entry.timestamp, timeZone, dateFormat)}>
            {formatDateTime(entry.timestamp, timeZone, dateFormat)} · {timeAgo(entry.timestamp)}
          </time>
          <span dir="ltr" className="min-w-0 truncate font-mono">
            {entry.method} {entry.url}
          </span>
        </p>
      </div>
    </li>
  );
}

/** The entries of one timeline page, newest first, with loading, empty and error states. */
export function TimelineFeed({ entries, loading, error, narrowed, timeZone, onRetry, onClear }: FeedProps) {
  if (entries.length === 0 && loading) {
    return (
      <ul aria-label="Loading the timeline" className="space-y-5">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex gap-4">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (entries.length === 0 && error) {
    return (
      <div role="alert">
        <EmptyState
          icon={<CircleX className="size-6 text-danger" />}
          title="The timeline could not be loaded"
          description={error}
          action={
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  if (entries.length === 0) {
    return narrowed ? (
      <EmptyState
        icon={<SearchX className="size-6" />}
        title="Nothing matches"
        description="No activity matches this filter, search or date range."
        action={
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear the filters
          </Button>
        }
      />
    ) : (
      <EmptyState title="No activity yet" description="Page visits and actions of this user will show here." />
    );
  }
  return (
    <ol aria-label="Activity timeline" aria-busy={loading || undefined} className={cx('transition-opacity', loading && 'opacity-60')}>
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} timeZone={timeZone} />
      ))}
    </ol>
  );
}
