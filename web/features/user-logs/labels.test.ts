import { describe, expect, it } from 'vitest';
import { dayLabel, entryTitle, hourLabel, minutesLabel, signedPercent, tabCount } from './labels';

describe('user-logs labels', () => {
  it('counts: all = page visits + actions; important pages only on their own tab', () => {
    const s = { access_total: 7, action_total: 4, total: 3 };
    expect(tabCount('all', s, 'all')).toBe(11);
    expect(tabCount('actions', s, 'all')).toBe(4);
    expect(tabCount('pages', s, 'all')).toBe(7);
    expect(tabCount('important_pages', s, 'all')).toBeNull();
    expect(tabCount('important_pages', s, 'important_pages')).toBe(3);
  });

  it('names an entry by its description, else by what it did', () => {
    const base = { url: '/sales/invoices', action_type: null, resource_type: null };
    expect(entryTitle({ ...base, type: 'page_visit', description: ' Visited invoices ' })).toBe('Visited invoices');
    expect(entryTitle({ ...base, type: 'page_visit', description: null })).toBe('Visited /sales/invoices');
    expect(entryTitle({ ...base, type: 'activity', description: '', action_type: 'create', resource_type: 'email_template' })).toBe('Create email template');
    expect(entryTitle({ ...base, type: 'activity', description: null })).toBe('Action');
  });

  it('formats hours, days, changes and durations', () => {
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(13)).toBe('13:00');
    expect(dayLabel('2026-03-08', 'en-GB')).toBe('Sun 8 Mar');
    expect(signedPercent(12.5)).toBe('+12.5%');
    expect(signedPercent(-4)).toBe('−4%');
    expect(signedPercent(0)).toBe('0%');
    expect(minutesLabel(4.46)).toBe('4.5 min');
    expect(minutesLabel(72)).toBe('1 h 12 min');
  });
});
