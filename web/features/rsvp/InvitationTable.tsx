import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { SkeletonText } from '@/components/display/Skeleton';
import { Pagination } from '@/components/data-table/Pagination';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { inputClasses } from '@/components/form/TextInput';
import { selectClasses } from '@/components/form/styles';
import { errorMessage } from '@/lib/errors';
import { useGetRsvpListQuery, type RsvpInvitationPage, type RsvpInvitationRow, type RsvpList } from '@/store/rsvp-api';
import { ANSWER_LABEL, ANSWER_TONE, PLACE_LABEL, PLACE_TONE } from './labels';

export type Column = 'answer' | 'plus_ones' | 'answered_at' | 'sent' | 'reminded' | 'checked_in' | 'answers';

/**
 * One of an event's invitation lists (all, responses, non-responded), paged on the server, with
 * a search and, on the full list, a filter by answer. `select` adds a checkbox per row;
 * `actions` a cell of buttons per row.
 */
export function InvitationTable({
  eventId,
  list,
  title,
  columns,
  emptyTitle,
  emptyText,
  actions,
  selected,
  onSelect,
  toolbar,
  onPage,
}: {
  eventId: number;
  list: RsvpList;
  title: string;
  columns: Column[];
  emptyTitle: string;
  emptyText: string;
  actions?: (row: RsvpInvitationRow) => ReactNode;
  selected?: Set<number>;
  onSelect?: (ids: number[], on: boolean) => void;
  toolbar?: ReactNode;
  onPage?: (page: RsvpInvitationPage) => void;
}) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(15);
  const [search, setSearch] = useState('');
  const [answer, setAnswer] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const { data, isLoading, isFetching, error, refetch } = useGetRsvpListQuery({ eventId, list, page, per_page: perPage, search: term || undefined, answer: answer || undefined });
  useEffect(() => {
    if (data && onPage) onPage(data);
  }, [data, onPage]);
  const rows = data?.data ?? [];
  const allOn = !!selected && rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <Card
      title={title}
      flush
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {toolbar}
          <input
            type="search"
            className={`${inputClasses} w-56`}
            placeholder="Search name, phone or email…"
            aria-label="Search invitations"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          {list === 'invitations' && (
            <select
              className={`${selectClasses} w-auto`}
              aria-label="Answer"
              value={answer}
              onChange={(e) => {
                setAnswer(e.target.value);
                setPage(1);
              }}
            >
              <option value="">Every answer</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
              <option value="maybe">Maybe</option>
              <option value="none">Not answered</option>
            </select>
          )}
        </div>
      }
    >
      {error ? (
        <div className="p-4">
          <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the invitations')}</ErrorAlert>
        </div>
      ) : isLoading || !data ? (
        <div className="p-4">
          <SkeletonText lines={6} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title={term || answer ? 'No invitation matches' : emptyTitle} description={term || answer ? 'Try another search or answer.' : emptyText} />
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-busy={isFetching}>
              <thead className="bg-slate-50 text-start text-xs uppercase text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                <tr>
                  {selected && (
                    <th className="w-10 px-4 py-2">
                      <input type="checkbox" aria-label="Select every invitation on this page" checked={allOn} onChange={(e) => onSelect?.(rows.map((r) => r.id), e.target.checked)} />
                    </th>
                  )}
                  <th className="px-4 py-2 text-start">Guest</th>
                  {columns.includes('answer') && <th className="px-4 py-2 text-start">Answer</th>}
                  {columns.includes('plus_ones') && <th className="px-4 py-2 text-end">Plus-ones</th>}
                  {columns.includes('answers') && <th className="px-4 py-2 text-start">Their answers</th>}
                  {columns.includes('answered_at') && <th className="px-4 py-2 text-start">Answered</th>}
                  {columns.includes('sent') && <th className="px-4 py-2 text-start">Invited</th>}
                  {columns.includes('reminded') && <th className="px-4 py-2 text-start">Reminders</th>}
                  {columns.includes('checked_in') && <th className="px-4 py-2 text-start">Checked in</th>}
                  {actions && <th className="px-4 py-2 text-end">Actions</th>}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {rows.map((r) => (
                  <tr key={r.id} data-invitation={r.id}>
                    {selected && (
                      <td className="px-4 py-2">
                        <input type="checkbox" aria-label={`Select ${r.name || 'guest'}`} checked={selected.has(r.id)} onChange={(e) => onSelect?.([r.id], e.target.checked)} />
                      </td>
                    )}
                    <td className="px-4 py-2">
                      <div className="font-medium text-slate-900 dark:text-white">
                        <bdi>{r.name || '—'}</bdi>
                      </div>
                      <div className="text-xs text-slate-500 dark:text-slate-400">
                        {r.phone && <span dir="ltr">{r.phone}</span>}
                        {r.phone && r.email ? ' · ' : ''}
                        {r.email}
                      </div>
                    </td>
                    {columns.includes('answer') && (
                      <td className="px-4 py-2">
                        {r.answer ? (
                          <span className="flex flex-wrap gap-1">
                            <Badge tone={ANSWER_TONE[r.answer]}>{ANSWER_LABEL[r.answer]}</Badge>
                            {r.place && r.place !== 'confirmed' && <Badge tone={PLACE_TONE[r.place]}>{PLACE_LABEL[r.place]}</Badge>}
                          </span>
                        ) : (
                          <span className="text-slate-500 dark:text-slate-400">Not answered</span>
                        )}
                      </td>
                    )}
                    {columns.includes('plus_ones') && <td className="px-4 py-2 text-end tabular-nums">{r.plus_ones}</td>}
                    {columns.includes('answers') && (
                      <td className="max-w-xs px-4 py-2 text-xs text-slate-600 dark:text-slate-300">
                        {Object.entries(r.answers ?? {})
                          .map(([k, v]) => `${k}: ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)}`)
                          .join(' · ') || '—'}
                      </td>
                    )}
                    {columns.includes('answered_at') && (
                      <td className="px-4 py-2">
                        <DateTimeText value={r.answered_at} fallback="—" />
                      </td>
                    )}
                    {columns.includes('sent') && (
                      <td className="px-4 py-2">
                        <DateTimeText value={r.last_sent_at} fallback="Not sent" />
                        {r.sent_count > 1 && <span className="text-xs text-slate-500"> ({r.sent_count}×)</span>}
                      </td>
                    )}
                    {columns.includes('reminded') && (
                      <td className="px-4 py-2">
                        {r.reminder_count ? (
                          <>
                            {r.reminder_count} · <DateTimeText value={r.last_reminded_at} />
                          </>
                        ) : (
                          'None yet'
                        )}
                      </td>
                    )}
                    {columns.includes('checked_in') && (
                      <td className="px-4 py-2">
                        <DateTimeText value={r.checked_in_at} fallback="—" />
                      </td>
                    )}
                    {actions && <td className="px-4 py-2 text-end">{actions(r)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="border-t border-slate-100 p-3 dark:border-slate-700">
            <Pagination page={data} perPage={perPage} onPage={setPage} onPerPage={(n) => { setPerPage(n); setPage(1); }} disabled={isFetching} />
          </div>
        </>
      )}
    </Card>
  );
}
