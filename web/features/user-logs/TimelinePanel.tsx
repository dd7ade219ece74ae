import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Pagination } from '@/components/data-table/Pagination';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { Card } from '@/components/display/Card';
import { controlClasses } from '@/components/form/styles';
import { TextInput } from '@/components/form/TextInput';
import { Tabs } from '@/components/overlay/Tabs';
import { useAppDispatch, useAppSelector } from '@/store';
import { fetchTimeline, setTimelineFilters, setTimelinePage, setTimelinePerPage } from '@/store/user-logs-slice';
import { TIMELINE_TABS, tabCount } from './labels';
import { TimelineFeed } from './TimelineFeed';
import { formatCount } from '@common/format';

const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;

/** Search (debounced; Enter applies at once) and the date range of the timeline. */
function TimelineFilterBar() {
  const dispatch = useAppDispatch();
  const { search, dateFrom, dateTo } = useAppSelector((s) => s.userLogs.timelineFilters);
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text, 300);
  useEffect(() => {
    if (settled.trim() !== search.trim()) dispatch(setTimelineFilters({ search: settled }));
    // only a new settled value searches; the store's own changes (a reset) remount this bar
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, dispatch]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (text.trim() !== search.trim()) dispatch(setTimelineFilters({ search: text }));
  }

  return (
    <form role="search" aria-label="Search the timeline" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1 sm:max-w-xs">
        <label htmlFor="timeline-search" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
          Search
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id="timeline-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Page, action or description…"
            className={controlClasses(false, 'ps-9')}
          />
        </div>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Date range</legend>
        <TextInput
          id="timeline-date-from"
          type="date"
          label="From"
          value={dateFrom}
          max={dateTo || undefined}
          onChange={(e) => dispatch(setTimelineFilters({ dateFrom: e.target.value }))}
          className="tabular-nums"
          wrapperClassName="w-40"
        />
        <TextInput
          id="timeline-date-to"
          type="date"
          label="To"
          value={dateTo}
          min={dateFrom || undefined}
          onChange={(e) => dispatch(setTimelineFilters({ dateTo: e.target.value }))}
          className="tabular-nums"
          wrapperClassName="w-40"
        />
      </fieldset>
    </form>
  );
}

function TabLabel({ label, count }: { label: string; count: number | null }) {
  return (
    <span className="inline-flex items-center gap-2">
      {label}
      {count !== null && (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums dark:bg-slate-700 dark:text-slate-200">{formatCount(count)}</span>
      )}
    </span>
  );
}

/** The timeline card: filter tabs with their counts, search and dates, the entries and their pages. */
export function TimelinePanel({ userId, timeZone, filtersKey }: { userId: number; timeZone?: string | null; filtersKey: number }) {
  const dispatch = useAppDispatch();
  const { filteredTimeline, timelinePagination: paging, timelineFilters: filters, filter, loading, error } = useAppSelector((s) => s.userLogs);
  const current = Math.max(0, TIMELINE_TABS.findIndex((t) => t.type === filter));
  const narrowed = filter !== 'all' || Boolean(filters.search.trim() || filters.dateFrom || filters.dateTo);
  const from = paging.total > 0 && filteredTimeline.length > 0 ? (paging.current_page - 1) * paging.per_page + 1 : null;

  const feed = (
    <>
      <TimelineFeed
        entries={filteredTimeline}
        loading={loading}
        error={error}
        narrowed={narrowed}
        timeZone={timeZone}
        onRetry={() => void dispatch(fetchTimeline({ userId, force: true }))}
        onClear={() => dispatch(setTimelineFilters({ search: '', type: 'all', dateFrom: '', dateTo: '' }))}
      />
      {paging.total > 0 && (
        <div className="-mx-5 mt-5 -mb-5">
          <Pagination
            page={{ current_page: paging.current_page, last_page: paging.total_pages, total: paging.total, from, to: from === null ? null : from + filteredTimeline.length - 1 }}
            perPage={paging.per_page}
            perPageOptions={PER_PAGE_CHOICES}
            onPage={(p) => dispatch(setTimelinePage(p))}
            onPerPage={(size) => dispatch(setTimelinePerPage(size))}
            disabled={loading}
          />
        </div>
      )}
    </>
  );

  return (
    <Card title="Timeline">
      <TimelineFilterBar key={filtersKey} />
      <Tabs
        className="mt-5"
        label="Timeline filter"
        selectedIndex={current}
        onChange={(i) => dispatch(setTimelineFilters({ type: TIMELINE_TABS[i].type }))}
        tabs={TIMELINE_TABS.map((t) => ({
          key: t.type,
          label: <TabLabel label={t.label} count={tabCount(t.type, paging, filter)} />,
          content: t.type === filter ? feed : null,
        }))}
      />
    </Card>
  );
}
