import type { TrendDirection } from '@common/analytics/user-logs';
import type { TimelineEntry, TimelineType } from '@common/schemas/users';
import { formatDecimal, formatWeekday } from '@common/format';

// Words and labels of the user-logs pages, kept apart from the components so they can be tested.

export const TIMELINE_TABS: readonly { type: TimelineType; label: string }[] = [
  { type: 'all', label: 'All' },
  { type: 'actions', label: 'Actions' },
  { type: 'pages', label: 'Pages' },
  { type: 'important_pages', label: 'Important pages' },
];

/** The count a tab shows: all = visits + actions, actions, pages; important pages only once loaded. */
export function tabCount(type: TimelineType, s: { access_total: number; action_total: number; total: number }, current: TimelineType): number | null {
  switch (type) {
    case 'all':
      return s.access_total + s.action_total;
    case 'actions':
      return s.action_total;
    case 'pages':
      return s.access_total;
    default:
      return current === type ? s.total : null;
  }
}

/** 0 → "00:00", 13 → "13:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "2026-03-08" → "Sun 8 Mar" (the day as a calendar day, whatever the browser's zone). */
export function dayLabel(day: string, locale?: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatWeekday(day, locale);
}

const words = (v: string) => v.replace(/[_.-]+/g, ' ').trim();
const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/** What a timeline entry says: its description, else "Create contacts" / "Visited /sales/invoices". */
export function entryTitle(e: Pick<TimelineEntry, 'type' | 'description' | 'action_type' | 'resource_type' | 'url'>): string {
  if (e.description?.trim()) return e.description.trim();
  if (e.type === 'activity') {
    const action = [e.action_type, e.resource_type].filter((v): v is string => Boolean(v)).map(words).join(' ');
    return action ? capitalised(action) : 'Action';
  }
  return `Visited ${e.url}`;
}

export const TREND_LABELS: Record<TrendDirection, string> = { increasing: 'Increasing', decreasing: 'Decreasing', stable: 'Stable' };

/** "+12.5%", "−4%", "0%". */
export function signedPercent(change: number): string {
  const n = formatDecimal(Math.abs(change));
  return change > 0 ? `+${n}%` : change < 0 ? `−${n}%` : '0%';
}

/** "4.5 min", "1 h 12 min". */
export function minutesLabel(minutes: number): string {
  const m = Math.round(minutes * 10) / 10;
  if (m < 60) return `${formatDecimal(m)} min`;
  const h = Math.floor(m / 60);
  return `${h} h ${Math.round(m - h * 60)} min`;
}
