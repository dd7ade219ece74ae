import { describe, expect, it } from 'vitest';
import {
  dailyCounts,
  engagementScore,
  hourlyDistribution,
  insights,
  isImportantPage,
  recentCounts,
  sessionEstimates,
  topActions,
  topPages,
  totals,
  trend,
  UNIMPORTANT_PAGE_MARKERS,
  userLogMetrics,
  weekdayDistribution,
  type LogEntry,
} from './user-logs.js';

// Wednesday 11 March 2026, 12:00 UTC
const NOW = new Date('2026-03-11T12:00:00.000Z');
const at = (iso: string, type: LogEntry['type'] = 'page_visit', extra: Partial<LogEntry> = {}): LogEntry => ({ type, timestamp: iso, ...extra });
const ago = (ms: number, type: LogEntry['type'] = 'page_visit'): LogEntry => at(new Date(NOW.getTime() - ms).toISOString(), type);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const times = (n: number, iso: string, type: LogEntry['type'] = 'page_visit') => Array.from({ length: n }, () => at(iso, type));

describe('important pages (SPEC §4)', () => {
  it('excludes a page visit whose route name, description or url contains any marker, ignoring case', () => {
    expect(UNIMPORTANT_PAGE_MARKERS).toHaveLength(15);
    for (const m of UNIMPORTANT_PAGE_MARKERS) {
      expect(isImportantPage(at(NOW.toISOString(), 'page_visit', { route_name: `/x/${m.toUpperCase()}/y`, url: '/ok' })), m).toBe(false);
      expect(isImportantPage(at(NOW.toISOString(), 'page_visit', { description: `Visited ${m}`, url: '/ok' })), m).toBe(false);
      expect(isImportantPage(at(NOW.toISOString(), 'page_visit', { url: `/a${m}b` })), m).toBe(false);
    }
  });

  it('keeps other page visits, and never counts actions as pages', () => {
    expect(isImportantPage(at(NOW.toISOString(), 'page_visit', { route_name: '/accounting/contacts', url: '/accounting/contacts?page=2', description: 'Visited /accounting/contacts' }))).toBe(true);
    // "api" alone is not "api.", "/js" without the closing slash is not "/js/"
    expect(isImportantPage(at(NOW.toISOString(), 'page_visit', { url: '/rapid/js' }))).toBe(true);
    expect(isImportantPage(at(NOW.toISOString(), 'activity', { url: '/accounting/contacts/store' }))).toBe(false);
  });
});

describe('totals and windows', () => {
  it('counts everything, page visits and user actions', () => {
    expect(totals([ago(0), ago(0, 'activity'), ago(0, 'activity')])).toEqual({ total: 3, page_visits: 1, user_actions: 2 });
    expect(totals([])).toEqual({ total: 0, page_visits: 0, user_actions: 0 });
  });

  it('rolling windows include both ends: exactly 24 h ago counts, a millisecond more does not; the future never does', () => {
    const entries = [ago(0), ago(DAY), ago(DAY + 1), ago(7 * DAY), ago(7 * DAY + 1), ago(30 * DAY), ago(30 * DAY + 1), ago(-1)];
    expect(recentCounts(entries, NOW)).toEqual({ last_24_hours: 2, last_7_days: 4, last_30_days: 6 });
  });
});

describe('distributions', () => {
  it('24 hourly buckets; the peak and least hours are the first with the highest / lowest count', () => {
    const h = hourlyDistribution([...times(2, '2026-03-10T09:15:00Z'), ...times(2, '2026-03-10T14:00:00Z'), at('2026-03-09T23:59:59Z')]);
    expect(h.counts).toHaveLength(24);
    expect(h.counts[9]).toBe(2);
    expect(h.counts[14]).toBe(2);
    expect(h.counts[23]).toBe(1);
    expect(h.peak_hour).toBe(9);
    expect(h.least_hour).toBe(0);
    const full = hourlyDistribution(Array.from({ length: 24 }, (_, i) => at(`2026-03-10T${String(i).padStart(2, '0')}:00:00Z`)).concat(at('2026-03-10T05:00:00Z')));
    expect(full.peak_hour).toBe(5);
    expect(full.least_hour).toBe(0);
    expect(hourlyDistribution([])).toEqual({ counts: Array(24).fill(0), peak_hour: null, least_hour: null });
  });

  it('hours, days and weekdays follow the given time zone', () => {
    // 22:30 UTC on Tuesday 10 March is 01:30 on Wednesday 11 March in Nairobi (UTC+3)
    const e = [at('2026-03-10T22:30:00Z')];
    expect(hourlyDistribution(e, 'Africa/Nairobi').peak_hour).toBe(1);
    expect(hourlyDistribution(e).peak_hour).toBe(22);
    expect(dailyCounts(e, NOW, 'Africa/Nairobi').at(-1)).toEqual({ date: '2026-03-11', count: 1 });
    expect(dailyCounts(e, NOW).at(-2)).toEqual({ date: '2026-03-10', count: 1 });
    expect(weekdayDistribution(e, 'Africa/Nairobi').counts[3]).toEqual({ day: 'Wednesday', count: 1 });
  });

  it('7 daily counts, oldest first, today last; older entries are not in them', () => {
    const d = dailyCounts([at('2026-03-11T00:00:00Z'), at('2026-03-11T11:00:00Z'), at('2026-03-05T00:00:00Z'), at('2026-03-04T23:59:59Z')], NOW);
    expect(d.map((x) => x.date)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11']);
    expect(d.map((x) => x.count)).toEqual([1, 0, 0, 0, 0, 0, 2]);
  });

  it('weekdays start on Sunday; Saturday and Sunday are the weekend', () => {
    // 7 Mar 2026 is a Saturday, 8 a Sunday, 9 a Monday
    const w = weekdayDistribution([at('2026-03-07T10:00:00Z'), at('2026-03-08T10:00:00Z'), at('2026-03-08T11:00:00Z'), at('2026-03-09T10:00:00Z')]);
    expect(w.counts.map((c) => c.day)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(w.counts.map((c) => c.count)).toEqual([2, 1, 0, 0, 0, 0, 1]);
    expect(w.weekend).toBe(3);
    expect(w.weekday).toBe(1);
  });
});

describe('top lists', () => {
  it('pages by route name (url when there is none), count desc then name, at most 10; unique counts them all', () => {
    const visits: LogEntry[] = [];
    for (let i = 0; i < 12; i++) for (let k = 0; k <= i; k++) visits.push(at(NOW.toISOString(), 'page_visit', { route_name: `/page-${String(i).padStart(2, '0')}` }));
    visits.push(at(NOW.toISOString(), 'page_visit', { route_name: null, url: '/no-route' }));
    visits.push(at(NOW.toISOString(), 'activity', { route_name: '/page-11' }));
    const p = topPages(visits);
    expect(p.unique).toBe(13);
    expect(p.top).toHaveLength(10);
    expect(p.top[0]).toEqual({ name: '/page-11', count: 12 });
    expect(p.top[9]).toEqual({ name: '/page-02', count: 3 });
    const tie = topPages([at('2026-03-11T00:00:00Z', 'page_visit', { route_name: '/b' }), at('2026-03-11T00:00:00Z', 'page_visit', { route_name: '/a' })]);
    expect(tie.top.map((x) => x.name)).toEqual(['/a', '/b']);
  });

  it('actions by action type and by resource type, page visits left out', () => {
    const a = topActions([
      at('2026-03-11T00:00:00Z', 'activity', { action_type: 'update', resource_type: 'contacts' }),
      at('2026-03-11T00:00:00Z', 'activity', { action_type: 'update', resource_type: 'taxes' }),
      at('2026-03-11T00:00:00Z', 'activity', { action_type: 'create', resource_type: 'contacts' }),
      at('2026-03-11T00:00:00Z', 'page_visit', { action_type: 'create' }),
    ]);
    expect(a).toEqual({
      unique: 2,
      top: [
        { name: 'update', count: 2 },
        { name: 'create', count: 1 },
      ],
      top_resources: [
        { name: 'contacts', count: 2 },
        { name: 'taxes', count: 1 },
      ],
    });
  });
});

describe('sessions (30-minute gap)', () => {
  it('a gap of exactly 30 minutes stays in the session; one second more starts a new one', () => {
    const base = Date.parse('2026-03-11T08:00:00Z');
    const e = (offsetMs: number) => at(new Date(base + offsetMs).toISOString());
    expect(sessionEstimates([e(0), e(30 * MIN)])).toEqual({ count: 1, average_minutes: 30 });
    expect(sessionEstimates([e(0), e(30 * MIN + 1000)])).toEqual({ count: 2, average_minutes: 0 });
  });

  it('averages first-to-last durations; a lone entry lasts 0; order of input does not matter', () => {
    const base = Date.parse('2026-03-11T08:00:00Z');
    const e = (offsetMin: number) => at(new Date(base + offsetMin * MIN).toISOString());
    // sessions: [0, 10, 20] = 20 min, [120] = 0 min, [200, 210] = 10 min → 3 sessions, 10 min average
    expect(sessionEstimates([e(210), e(0), e(120), e(10), e(200), e(20)])).toEqual({ count: 3, average_minutes: 10 });
    expect(sessionEstimates([])).toEqual({ count: 0, average_minutes: 0 });
  });
});

describe('engagement score and level (SPEC §9)', () => {
  const score = (today: number, dailyAverage: number, total: number, actions: number, pageVisits: number) =>
    engagementScore({ today, dailyAverage, total, actions, pageVisits });

  it('adds today × 5 (max 25), 7-day average × 3 (max 30), total / 10 (max 25), and 20 or 10 for the mix', () => {
    expect(score(1, 1, 10, 0, 10)).toEqual({ score: 5 + 3 + 1 + 10, level: 'Low' });
    expect(score(100, 100, 10_000, 6000, 4000)).toEqual({ score: 100, level: 'High' });
    expect(score(5, 10, 250, 126, 124).score).toBe(100);
    // actions must outnumber page visits for the 20: a tie gets 10
    expect(score(0, 0, 10, 5, 5).score).toBe(11);
    expect(score(0, 0, 10, 6, 4).score).toBe(21);
  });

  it('exactly 70 is High, 69.5 is Medium, exactly 40 is Medium, 39.9 is Low', () => {
    expect(score(5, 10, 50, 0, 50)).toEqual({ score: 70, level: 'High' });
    expect(score(5, 10, 45, 0, 45)).toEqual({ score: 69.5, level: 'Medium' });
    expect(score(2, 4, 80, 0, 80)).toEqual({ score: 40, level: 'Medium' });
    expect(score(2, 4, 79, 0, 79)).toEqual({ score: 39.9, level: 'Low' });
  });

  it('rounds to one decimal and reads the level from the rounded score; None with no data', () => {
    // 25 + 30 + 4.96 + 10 = 69.96 → 70.0 → High
    expect(score(5, 10, 49.6, 0, 49.6)).toEqual({ score: 70, level: 'High' });
    // 3 × 5/7 = 2.142857…
    expect(score(0, 5 / 7, 5, 0, 5).score).toBe(12.6);
    expect(score(0, 0, 0, 0, 0)).toEqual({ score: 0, level: 'None' });
  });
});

describe('trend (day over day = the two latest days that have entries)', () => {
  const day = (d: string, n: number) => times(n, `2026-03-${d}T10:00:00Z`);

  it('is stable with change 0 with fewer than 2 entries, or when every entry is on one day', () => {
    expect(trend([])).toEqual({ direction: 'stable', change: 0 });
    expect(trend(day('10', 1))).toEqual({ direction: 'stable', change: 0 });
    expect(trend(day('10', 5))).toEqual({ direction: 'stable', change: 0 });
  });

  it('+10 % and −10 % exactly are stable; beyond them increasing or decreasing', () => {
    expect(trend([...day('09', 10), ...day('10', 11)])).toEqual({ direction: 'stable', change: 10 });
    expect(trend([...day('09', 100), ...day('10', 111)])).toEqual({ direction: 'increasing', change: 11 });
    expect(trend([...day('09', 10), ...day('10', 9)])).toEqual({ direction: 'stable', change: -10 });
    expect(trend([...day('09', 100), ...day('10', 89)])).toEqual({ direction: 'decreasing', change: -11 });
    expect(trend([...day('09', 3), ...day('10', 4)])).toEqual({ direction: 'increasing', change: 33.3 });
  });

  it('compares the latest day with entries against the previous one, skipping empty days and older days', () => {
    expect(trend([...day('01', 50), ...day('05', 4), ...day('10', 2)])).toEqual({ direction: 'decreasing', change: -50 });
  });

  it('groups days in the given time zone', () => {
    // in UTC: 1 on the 9th, 2 on the 10th (+100 %); in Nairobi all three fall on the 10th
    const e = [at('2026-03-09T22:00:00Z'), at('2026-03-10T08:00:00Z'), at('2026-03-10T09:00:00Z')];
    expect(trend(e)).toEqual({ direction: 'increasing', change: 100 });
    expect(trend(e, 'Africa/Nairobi')).toEqual({ direction: 'stable', change: 0 });
  });
});

describe('insights (SPEC §9)', () => {
  const base = { last24Hours: 0, dailyAverage: 0, averageSessionMinutes: 0, score: 0 };

  it('above average only when the last 24 hours exceed twice the 7-day daily average', () => {
    expect(insights({ ...base, last24Hours: 4, dailyAverage: 2 })).toEqual([]);
    expect(insights({ ...base, last24Hours: 5, dailyAverage: 2 })).toEqual([
      { type: 'info', icon: 'trending-up', message: 'Activity in the last 24 hours is more than twice the 7-day daily average.' },
    ]);
  });

  it('long sessions only above 10 minutes on average; high engagement only above 70', () => {
    expect(insights({ ...base, averageSessionMinutes: 10 })).toEqual([]);
    expect(insights({ ...base, averageSessionMinutes: 10.01 }).map((i) => i.icon)).toEqual(['clock']);
    expect(insights({ ...base, score: 70 })).toEqual([]);
    expect(insights({ ...base, score: 70.1 })).toEqual([{ type: 'success', icon: 'award', message: 'High engagement: a score above 70.' }]);
  });
});

describe('userLogMetrics (everything at once)', () => {
  it('derives every metric of a known timeline', () => {
    const entries: LogEntry[] = [
      // today: a 15-minute session of 4 entries, 3 of them actions
      at('2026-03-11T09:00:00Z', 'page_visit', { route_name: '/accounting/contacts', url: '/accounting/contacts' }),
      at('2026-03-11T09:05:00Z', 'activity', { action_type: 'create', resource_type: 'contacts' }),
      at('2026-03-11T09:10:00Z', 'activity', { action_type: 'update', resource_type: 'contacts' }),
      at('2026-03-11T09:15:00Z', 'activity', { action_type: 'update', resource_type: 'taxes' }),
      // yesterday: one visit
      at('2026-03-10T17:00:00Z', 'page_visit', { route_name: '/dashboard', url: '/dashboard' }),
      // 20 days ago: one visit, outside the 7-day window
      at('2026-02-19T12:00:00Z', 'page_visit', { route_name: '/accounting/contacts', url: '/accounting/contacts' }),
    ];
    const m = userLogMetrics(entries, { now: NOW });
    expect(m).toMatchObject({
      total: 6,
      page_visits: 3,
      user_actions: 3,
      last_24_hours: 5,
      last_7_days: 5,
      last_30_days: 6,
      daily_average: 0.7,
      pages: { unique: 2, top: [{ name: '/accounting/contacts', count: 2 }, { name: '/dashboard', count: 1 }] },
      actions: { unique: 2, top: [{ name: 'update', count: 2 }, { name: 'create', count: 1 }] },
      sessions: { count: 3, average_minutes: 5 },
      trend: { direction: 'increasing', change: 300 },
    });
    expect(m.hourly.peak_hour).toBe(9);
    expect(m.daily.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 1, 4]);
    // 4 × 5 = 20, (5 / 7) × 3 = 2.142…, 6 / 10 = 0.6, actions (3) do not outnumber visits (3): 10 → 32.7
    expect(m.engagement).toEqual({ score: 32.7, level: 'Low' });
    // 5 in the last 24 h > 2 × 5/7: above average; sessions average 5 minutes: not long
    expect(m.insights.map((i) => i.icon)).toEqual(['trending-up']);
  });

  it('answers zeros, nulls and None for an empty timeline', () => {
    const m = userLogMetrics([], { now: NOW, timeZone: 'Africa/Nairobi' });
    expect(m).toMatchObject({
      total: 0,
      last_24_hours: 0,
      hourly: { peak_hour: null, least_hour: null },
      pages: { unique: 0, top: [] },
      sessions: { count: 0, average_minutes: 0 },
      engagement: { score: 0, level: 'None' },
      trend: { direction: 'stable', change: 0 },
      insights: [],
    });
    expect(m.daily).toHaveLength(7);
  });
});
