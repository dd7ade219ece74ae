/**
 * Derived metrics of a user's activity timeline (SPEC §3 "Derived metrics", §4, §9).
 * Pure functions: the caller passes the entries, "now" and the time zone whose
 * calendar days and hours the buckets use, so results are deterministic. The server
 * (GET /users/{id}/logs/metrics) and the pages use the same code.
 */

/**
 * Page visits whose route name, description or url contains one of these
 * (case-insensitive) are not "important" (SPEC §4, timeline filter important_pages).
 * The SQL filter of the timeline endpoint uses this same list.
 */
export const UNIMPORTANT_PAGE_MARKERS = [
  'dashboard',
  'home',
  'api.',
  'heartbeat',
  'health-check',
  'ping',
  'favicon',
  'robots.txt',
  'sitemap',
  '/js/',
  '/css/',
  '/images/',
  '/assets/',
  'livewire',
  'telescope',
] as const;

export const SESSION_GAP_MINUTES = 30;
export const TOP_LIMIT = 10;
export const TREND_THRESHOLD_PERCENT = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface LogEntry {
  type: 'page_visit' | 'activity';
  /** ISO 8601 instant (or a Date) */
  timestamp: string | Date;
  action_type?: string | null;
  resource_type?: string | null;
  route_name?: string | null;
  description?: string | null;
  url?: string | null;
}

export interface MetricsOptions {
  now: Date;
  /** IANA zone for calendar days, hours and weekdays; default UTC */
  timeZone?: string;
}

export interface Ranked {
  name: string;
  count: number;
}
export type EngagementLevel = 'High' | 'Medium' | 'Low' | 'None';
export type TrendDirection = 'increasing' | 'decreasing' | 'stable';
export interface Insight {
  type: 'info' | 'success';
  message: string;
  /** a lucide icon name */
  icon: string;
}

export interface UserLogMetrics {
  total: number;
  page_visits: number;
  user_actions: number;
  last_24_hours: number;
  last_7_days: number;
  last_30_days: number;
  hourly: { counts: number[]; peak_hour: number | null; least_hour: number | null };
  /** the last 7 calendar days, oldest first, today last */
  daily: { date: string; count: number }[];
  /** sum of `daily` / 7 */
  daily_average: number;
  weekdays: { counts: { day: (typeof WEEKDAYS)[number]; count: number }[]; weekend: number; weekday: number };
  pages: { unique: number; top: Ranked[] };
  actions: { unique: number; top: Ranked[]; top_resources: Ranked[] };
  sessions: { count: number; average_minutes: number };
  engagement: { score: number; level: EngagementLevel };
  trend: { direction: TrendDirection; change: number };
  insights: Insight[];
}

const time = (e: LogEntry) => (e.timestamp instanceof Date ? e.timestamp.getTime() : Date.parse(e.timestamp));
const round1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------- time zones

interface Zoned {
  /** calendar day in the zone, YYYY-MM-DD */
  day: string;
  hour: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The calendar day, hour and weekday of an instant in a zone (UTC fast path). */
export function zoned(ms: number, timeZone = 'UTC'): Zoned {
  if (timeZone === 'UTC') {
    const d = new Date(ms);
    return { day: d.toISOString().slice(0, 10), hour: d.getUTCHours(), weekday: d.getUTCDay() };
  }
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = part.value;
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) % 24, weekday: WEEKDAY_INDEX[p.weekday] };
}

/** Calendar arithmetic on a YYYY-MM-DD day, independent of any zone. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- the metrics

export function isImportantPage(e: LogEntry): boolean {
  if (e.type !== 'page_visit') return false;
  const hay = [e.route_name, e.description, e.url].map((v) => (v ?? '').toLowerCase());
  return !UNIMPORTANT_PAGE_MARKERS.some((m) => hay.some((h) => h.includes(m)));
}

export function totals(entries: readonly LogEntry[]) {
  const pageVisits = entries.filter((e) => e.type === 'page_visit').length;
  return { total: entries.length, page_visits: pageVisits, user_actions: entries.length - pageVisits };
}

/** Rolling windows ending at `now`, both ends included: now − window ≤ t ≤ now. */
export function recentCounts(entries: readonly LogEntry[], now: Date) {
  const end = now.getTime();
  const within = (ms: number) => entries.filter((e) => time(e) <= end && time(e) >= end - ms).length;
  return { last_24_hours: within(DAY), last_7_days: within(7 * DAY), last_30_days: within(30 * DAY) };
}

/** 24 buckets by hour of day; peak and least are the first hour with the highest / lowest count (null without data). */
export function hourlyDistribution(entries: readonly LogEntry[], timeZone = 'UTC') {
  const counts = Array.from({ length: 24 }, () => 0);
  for (const e of entries) counts[zoned(time(e), timeZone).hour]++;
  if (entries.length === 0) return { counts, peak_hour: null, least_hour: null };
  return { counts, peak_hour: counts.indexOf(Math.max(...counts)), least_hour: counts.indexOf(Math.min(...counts)) };
}

/** Counts of the last 7 calendar days in the zone, oldest first; today is the last item. */
export function dailyCounts(entries: readonly LogEntry[], now: Date, timeZone = 'UTC') {
  const today = zoned(now.getTime(), timeZone).day;
  const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
  const byDay = new Map(days.map((d) => [d, 0]));
  for (const e of entries) {
    const d = zoned(time(e), timeZone).day;
    if (byDay.has(d)) byDay.set(d, byDay.get(d)! + 1);
  }
  return days.map((date) => ({ date, count: byDay.get(date)! }));
}

/** Sunday-first weekday counts; Saturday and Sunday are the weekend. */
export function weekdayDistribution(entries: readonly LogEntry[], timeZone = 'UTC') {
  const n = Array.from({ length: 7 }, () => 0);
  for (const e of entries) n[zoned(time(e), timeZone).weekday]++;
  const weekend = n[0] + n[6];
  return { counts: WEEKDAYS.map((day, i) => ({ day, count: n[i] })), weekend, weekday: entries.length - weekend };
}

/** Count desc, then name asc; at most TOP_LIMIT. */
function rank(keys: (string | null | undefined)[]): { unique: number; top: Ranked[] } {
  const m = new Map<string, number>();
  for (const k of keys) if (k) m.set(k, (m.get(k) ?? 0) + 1);
  const top = [...m]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, TOP_LIMIT);
  return { unique: m.size, top };
}

/** Page visits grouped by route name (the url when a visit has none). */
export function topPages(entries: readonly LogEntry[]) {
  return rank(entries.filter((e) => e.type === 'page_visit').map((e) => e.route_name || e.url));
}

/** Actions grouped by action type, and by resource type. */
export function topActions(entries: readonly LogEntry[]) {
  const actions = entries.filter((e) => e.type === 'activity');
  const byAction = rank(actions.map((e) => e.action_type));
  return { unique: byAction.unique, top: byAction.top, top_resources: rank(actions.map((e) => e.resource_type)).top };
}

/**
 * Sessions: entries sorted by time; a gap of more than 30 minutes starts a new session
 * (exactly 30 minutes does not). A session lasts from its first to its last entry, so a
 * one-entry session lasts 0. The average is in minutes (unrounded here).
 */
export function sessionEstimates(entries: readonly LogEntry[], gapMinutes = SESSION_GAP_MINUTES) {
  const times = entries.map(time).sort((a, b) => a - b);
  if (times.length === 0) return { count: 0, average_minutes: 0 };
  const gap = gapMinutes * 60_000;
  let count = 1;
  let start = times[0];
  let total = 0;
  for (let i = 1; i < times.length; i++) {
    if (times[i] - times[i - 1] > gap) {
      total += times[i - 1] - start;
      start = times[i];
      count++;
    }
  }
  total += times[times.length - 1] - start;
  return { count, average_minutes: total / count / 60_000 };
}

/**
 * Engagement out of 100 (SPEC §9): min(25, today × 5) + min(30, 7-day daily average × 3)
 * + min(25, total / 10) + (20 when actions outnumber page visits, else 10). The score is
 * rounded to one decimal and the level read from that rounded score: High ≥ 70,
 * Medium ≥ 40, else Low; None (score 0) when there are no entries at all.
 */
export function engagementScore(input: { today: number; dailyAverage: number; total: number; actions: number; pageVisits: number }) {
  if (input.total === 0) return { score: 0, level: 'None' as EngagementLevel };
  const raw =
    Math.min(25, input.today * 5) +
    Math.min(30, input.dailyAverage * 3) +
    Math.min(25, input.total / 10) +
    (input.actions > input.pageVisits ? 20 : 10);
  const score = round1(raw);
  const level: EngagementLevel = score >= 70 ? 'High' : score >= 40 ? 'Medium' : 'Low';
  return { score, level };
}

/**
 * Trend, day over day. "Day over day" here means: the two most recent calendar days
 * (in the zone) that have entries, latest against the one before it, whatever empty
 * days lie between them — so a quiet yesterday never divides by zero. change =
 * (latest − previous) × 100 / previous, in percent; above +10 → increasing, below −10 →
 * decreasing, anything in [−10, +10] (the bounds included) → stable. With fewer than
 * two such days (in particular fewer than 2 entries): stable, change 0. The change is
 * answered rounded to one decimal; the direction is decided on the exact value.
 */
export function trend(entries: readonly LogEntry[], timeZone = 'UTC'): { direction: TrendDirection; change: number } {
  const perDay = new Map<string, number>();
  for (const e of entries) {
    const d = zoned(time(e), timeZone).day;
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  if (perDay.size < 2) return { direction: 'stable', change: 0 };
  const [latest, previous] = [...perDay.keys()].sort().reverse();
  const l = perDay.get(latest)!;
  const p = perDay.get(previous)!;
  const change = ((l - p) * 100) / p;
  const direction = change > TREND_THRESHOLD_PERCENT ? 'increasing' : change < -TREND_THRESHOLD_PERCENT ? 'decreasing' : 'stable';
  return { direction, change: round1(change) };
}

/**
 * Insights (SPEC §9), each only when its condition holds strictly:
 * last 24 hours > 2 × the 7-day daily average; average session > 10 minutes; score > 70.
 */
export function insights(input: { last24Hours: number; dailyAverage: number; averageSessionMinutes: number; score: number }): Insight[] {
  const out: Insight[] = [];
  if (input.last24Hours > 2 * input.dailyAverage) {
    out.push({ type: 'info', icon: 'trending-up', message: 'Activity in the last 24 hours is more than twice the 7-day daily average.' });
  }
  if (input.averageSessionMinutes > 10) {
    out.push({ type: 'info', icon: 'clock', message: 'Long sessions: more than 10 minutes on average.' });
  }
  if (input.score > 70) {
    out.push({ type: 'success', icon: 'award', message: 'High engagement: a score above 70.' });
  }
  return out;
}

/** Every derived metric of a timeline at once. */
export function userLogMetrics(entries: readonly LogEntry[], opts: MetricsOptions): UserLogMetrics {
  const tz = opts.timeZone ?? 'UTC';
  const t = totals(entries);
  const recent = recentCounts(entries, opts.now);
  const daily = dailyCounts(entries, opts.now, tz);
  const dailyAverage = daily.reduce((s, d) => s + d.count, 0) / 7;
  const sessions = sessionEstimates(entries);
  const engagement = engagementScore({
    today: daily[6].count,
    dailyAverage,
    total: t.total,
    actions: t.user_actions,
    pageVisits: t.page_visits,
  });
  return {
    ...t,
    ...recent,
    hourly: hourlyDistribution(entries, tz),
    daily,
    daily_average: round1(dailyAverage),
    weekdays: weekdayDistribution(entries, tz),
    pages: topPages(entries),
    actions: topActions(entries),
    sessions: { count: sessions.count, average_minutes: round1(sessions.average_minutes) },
    engagement,
    trend: trend(entries, tz),
    insights: insights({
      last24Hours: recent.last_24_hours,
      dailyAverage,
      averageSessionMinutes: sessions.average_minutes,
      score: engagement.score,
    }),
  };
}
