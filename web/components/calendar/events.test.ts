import { describe, expect, it } from 'vitest';
import { PALETTE } from '../chart/palette';
import { nextDay, toCalendarEvent } from './events';

describe('calendar events', () => {
  it('make a day-only event all-day, with an exclusive end', () => {
    expect(toCalendarEvent({ id: 7, title: 'Launch', start_date: '2026-03-30', end_date: '2026-03-31', status: 'active' })).toMatchObject({
      id: '7',
      title: 'Launch',
      start: '2026-03-30',
      end: '2026-04-01',
      allDay: true,
      backgroundColor: PALETTE.primary,
    });
  });

  it('keep times as they are', () => {
    expect(toCalendarEvent({ id: 1, title: 'Call', start_date: '2026-03-30T09:00:00Z', end_date: '2026-03-30T10:00:00Z', status: 'draft' })).toMatchObject({
      allDay: false,
      end: '2026-03-30T10:00:00Z',
      backgroundColor: PALETTE.secondary,
    });
  });

  it('colour by status and keep the item for click handlers', () => {
    const item = { id: 2, title: 'Done', start_date: '2026-01-01', status: 'Completed', campaign_id: 4 };
    const event = toCalendarEvent(item);
    expect(event.backgroundColor).toBe(PALETTE.success);
    expect(event.end).toBeUndefined();
    expect(event.extendedProps).toEqual({ item });
  });

  it('count days across month and year ends', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
