import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatCount, formatDecimal } from '@common/format';
import { CHOICE_TYPES, SCALE_TYPES, type QuestionResult, type SurveyDefinition, type SurveyResponseRow } from '@common/surveys';
import { Chart } from '@/components/chart/Chart';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { StatCard } from '@/components/display/StatCard';
import { Button } from '@/components/form/Button';
import { controlClasses, selectClasses } from '@/components/form/styles';
import { xsrfToken } from '@/lib/cookies';
import { errorMessage } from '@/lib/errors';
import { useGetSurveyResultsCountQuery, useGetSurveyResultsQuery, type ResultsFilter } from './api';

type Option = { id: number; name: string };

function QuestionChart({ r }: { r: QuestionResult }) {
  const labels = Object.keys(r.counts);
  const data = Object.values(r.counts);
  if (r.type === 'short_text' || r.type === 'long_text') {
    if (!r.words.length) return <p className="text-sm text-slate-500 dark:text-slate-400">No words yet.</p>;
    return (
      <div className="flex flex-col gap-2">
        <ul aria-label={`Most frequent words in “${r.label}”`} className="flex flex-wrap gap-2">
          {r.words.map((w) => (
            <li key={w.word} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-700 dark:text-slate-100">
              {w.word} <span className="text-xs text-slate-500 dark:text-slate-300">{formatCount(w.count)}</span>
            </li>
          ))}
        </ul>
        {r.words_from < r.answered && <p className="text-xs text-slate-500 dark:text-slate-400">Words of the latest {formatCount(r.words_from)} answers.</p>}
      </div>
    );
  }
  if (!labels.length) return <p className="text-sm text-slate-500 dark:text-slate-400">No answers yet.</p>;
  const scale = SCALE_TYPES.includes(r.type);
  return (
    <div className="flex flex-col gap-3">
      {(r.nps !== null || r.average !== null) && (
        <p className="flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-200">
          {r.nps !== null && (
            <span>
              NPS <strong className="text-base">{formatDecimal(r.nps)}</strong>
            </span>
          )}
          {r.average !== null && (
            <span>
              Average <strong className="text-base">{formatDecimal(r.average)}</strong>
            </span>
          )}
        </p>
      )}
      <Chart type="bar" label={`Answers to “${r.label}”${scale ? ': distribution' : ''}`} labels={labels} series={[{ label: 'Answers', data, color: scale ? 'info' : 'primary' }]} height={Math.min(320, 120 + labels.length * 14)} format={formatCount} />
    </div>
  );
}

/** Downloads POST /surveys/results/export as a file (the answer is a blob). */
async function download(filter: ResultsFilter, format: 'csv' | 'xlsx') {
  const res = await fetch('/surveys/results/export', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': xsrfToken() ?? '' },
    body: JSON.stringify({ ...filter, page: undefined, per_page: undefined, format }),
  });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? 'The export failed.');
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `survey.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The results of a survey (Surveys/Results, Groups/Survey results): counts, a chart per question
 * (bars for choices, distribution and NPS for scales, a word list for texts), filters by campaign,
 * event, group, participants and dates, the individual responses and the export.
 */
export function ResultsPanel({ surveyId, definition, fixed = {}, campaigns = [], events = [], groups = [] }: { surveyId: number; definition: SurveyDefinition; fixed?: ResultsFilter; campaigns?: Option[]; events?: Option[]; groups?: Option[] }) {
  const [filter, setFilter] = useState<ResultsFilter>({});
  const [page, setPage] = useState(1);
  const query = { ...filter, ...fixed, survey_id: surveyId };
  const results = useGetSurveyResultsQuery({ ...query, page, per_page: 10 });
  const counts = useGetSurveyResultsCountQuery(query);
  const set = (k: keyof ResultsFilter, v: string) => {
    setPage(1);
    setFilter((f) => ({ ...f, [k]: v === '' ? undefined : k === 'date_from' || k === 'date_to' ? v : k === 'is_participant' ? v === '1' : Number(v) }));
  };
  const questions = definition.sections.flatMap((s) => s.questions);
  const select = (k: keyof ResultsFilter, label: string, list: Option[]) =>
    list.length > 0 &&
    fixed[k] === undefined && (
      <label className="text-sm text-slate-700 dark:text-slate-300">
        <span className="mb-1 block font-medium">{label}</span>
        <select value={String(filter[k] ?? '')} onChange={(e) => set(k, e.target.value)} className={selectClasses}>
          <option value="">All</option>
          {list.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
    );
  const exportAs = (format: 'csv' | 'xlsx') => download(query, format).catch((err) => toast.error(errorMessage(err, 'An error occurred')));
  const data = results.data;
  return (
    <div className="flex flex-col gap-6">
      <Card title="Filters">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
          {select('campaign_id', 'Campaign', campaigns)}
          {select('event_id', 'Event', events)}
          {select('group_id', 'Group', groups)}
          {fixed.is_participant === undefined && (
            <label className="text-sm text-slate-700 dark:text-slate-300">
              <span className="mb-1 block font-medium">Respondents</span>
              <select value={filter.is_participant === undefined ? '' : filter.is_participant ? '1' : '0'} onChange={(e) => set('is_participant', e.target.value)} className={selectClasses}>
                <option value="">Everyone</option>
                <option value="1">Participants</option>
                <option value="0">Guests</option>
              </select>
            </label>
          )}
          <label className="text-sm text-slate-700 dark:text-slate-300">
            <span className="mb-1 block font-medium">From</span>
            <input type="date" dir="ltr" value={filter.date_from ?? ''} onChange={(e) => set('date_from', e.target.value)} className={controlClasses(false)} />
          </label>
          <label className="text-sm text-slate-700 dark:text-slate-300">
            <span className="mb-1 block font-medium">To</span>
            <input type="date" dir="ltr" value={filter.date_to ?? ''} onChange={(e) => set('date_to', e.target.value)} className={controlClasses(false)} />
          </label>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void exportAs('csv')}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </Button>
          <Button variant="outline" size="sm" onClick={() => void exportAs('xlsx')}>
            <Download aria-hidden="true" className="size-4" />
            Export Excel
          </Button>
        </div>
      </Card>
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label="Responses" value={counts.data ? formatCount(counts.data.data) : '…'} />
        <StatCard label="Events" value={counts.data ? formatCount(counts.data.event_count) : '…'} tone="info" />
      </div>
      {results.error && <ErrorAlert onRetry={() => void results.refetch()}>{errorMessage(results.error, 'An error occurred')}</ErrorAlert>}
      {results.isLoading && <Skeleton className="h-64 w-full" />}
      {data?.summary && (
        <div className="grid gap-4 lg:grid-cols-2">
          {data.summary.map((r) => (
            <Card key={r.id} title={r.label}>
              <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">{r.answered === 1 ? '1 answer' : `${formatCount(r.answered)} answers`}</p>
              <QuestionChart r={r} />
            </Card>
          ))}
        </div>
      )}
      {data && (
        <Card title="Individual responses">
          {data.data.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No responses yet.</p>
          ) : (
            <ol className="flex flex-col gap-4">
              {data.data.map((r: SurveyResponseRow) => (
                <li key={r.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                  <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
                    <DateTimeText value={r.created_at} /> · {r.contact_name ?? 'Anonymous'}
                  </p>
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
                    {questions
                      .filter((q) => r.answers[q.id] !== undefined)
                      .map((q) => {
                        const v = r.answers[q.id];
                        const shown = typeof v === 'boolean' ? (v ? 'Yes' : 'No') : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? Object.entries(v).map(([k, x]) => `${k}: ${x}`).join('; ') : typeof v === 'number' ? formatDecimal(v) : v;
                        return (
                          <div key={q.id} className="contents">
                            <dt className="font-medium text-slate-600 dark:text-slate-300">{q.label}</dt>
                            <dd dir="auto" className="text-slate-800 dark:text-slate-100">
                              {shown}
                            </dd>
                          </div>
                        );
                      })}
                  </dl>
                </li>
              ))}
            </ol>
          )}
          {data.last_page > 1 && (
            <nav aria-label="Responses pages" className="mt-4 flex items-center gap-2 text-sm">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span className="text-slate-600 dark:text-slate-300">
                Page {formatCount(data.current_page)} of {data.total_estimated ? 'about ' : ''}{formatCount(data.last_page)}
              </span>
              <Button size="sm" variant="outline" disabled={page >= data.last_page} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </Card>
      )}
    </div>
  );
}

export const isChartable = (t: QuestionResult['type']) => CHOICE_TYPES.includes(t) || SCALE_TYPES.includes(t);
