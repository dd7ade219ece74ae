import { describe, expect, it } from 'vitest';
import { everyInWords, formatDay, generatedInWords, scheduleInWords } from './recurring-words.js';

describe('a recurring schedule in words', () => {
  it('reads the frequency, the interval, the start and the end as a user would say them', () => {
    const monthly = { frequency: 'monthly' as const, interval: 1, starts_at: '2026-12-01', ends_at: null, count: null };
    expect(scheduleInWords({ ...monthly, ends_at: '2027-05-31' })).toBe('Every month from 1 Dec 2026, until 31 May 2027');
    expect(scheduleInWords({ ...monthly, count: 6 })).toBe('Every month from 1 Dec 2026, 6 times');
    expect(scheduleInWords(monthly)).toBe('Every month from 1 Dec 2026, no end');
    expect(scheduleInWords({ ...monthly, frequency: 'weekly', interval: 2, starts_at: '2027-01-04', count: 1 })).toBe('Every 2 weeks from 4 Jan 2027, once');
    expect(scheduleInWords({ ...monthly, frequency: 'daily', count: 2 })).toBe('Every day from 1 Dec 2026, twice');
    expect(scheduleInWords({ ...monthly, frequency: 'yearly', interval: 3, starts_at: '2028-02-29' })).toBe('Every 3 years from 29 Feb 2028, no end');
    // both ends (possible through the API): whichever comes first
    expect(scheduleInWords({ ...monthly, count: 3, ends_at: '2027-01-15' })).toBe('Every month from 1 Dec 2026, 3 times, until 15 Jan 2027');
  });

  it('writes days the same in every browser, and how many invoices were made', () => {
    expect(formatDay('2026-09-07')).toBe('7 Sep 2026');
    expect(everyInWords('monthly', 1)).toBe('Every month');
    expect(everyInWords('daily', 10)).toBe('Every 10 days');
    expect(formatDay('not a day')).toBe('not a day');
    expect(generatedInWords(0, null)).toBe('No invoice made yet');
    expect(generatedInWords(1, null)).toBe('1 invoice made');
    expect(generatedInWords(4, null)).toBe('4 invoices made');
    expect(generatedInWords(2, 3)).toBe('2 of 3 invoices made');
  });
});
