import { describe, expect, it } from 'vitest';
import { recurringFormSchema, recurringFormValues, scheduleOf, toRecurringInput, type RecurringFormValues } from './recurring-form';
import { validateWithSchema } from '@/components/form/zod-errors';
import { everyInWords, formatDay, generatedInWords, scheduleInWords } from './recurring-words';

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

describe('the Recurring form', () => {
  const base: RecurringFormValues = { frequency: 'monthly', interval: 1, starts_at: '2026-12-01', end: 'never', ends_at: '2027-05-31', count: 6 };

  it('starts monthly from today with no end, or from the current schedule', () => {
    expect(recurringFormValues(null, '2026-11-23')).toEqual({ frequency: 'monthly', interval: 1, starts_at: '2026-11-23', end: 'never', ends_at: '', count: null });
    expect(recurringFormValues({ frequency: 'weekly', interval: 2, starts_at: '2027-01-04', ends_at: null, count: 3 }, '2026-11-23')).toMatchObject({ end: 'after', count: 3 });
    expect(recurringFormValues({ frequency: 'weekly', interval: 2, starts_at: '2027-01-04', ends_at: '2027-06-01', count: null }, '2026-11-23')).toMatchObject({ end: 'on', ends_at: '2027-06-01' });
  });

  it('sends only the end chosen', () => {
    expect(toRecurringInput(base)).toEqual({ frequency: 'monthly', interval: 1, starts_at: '2026-12-01', ends_at: null, count: null });
    expect(toRecurringInput({ ...base, end: 'on' })).toMatchObject({ ends_at: '2027-05-31', count: null });
    expect(toRecurringInput({ ...base, end: 'after' })).toMatchObject({ ends_at: null, count: 6 });
    expect(scheduleOf({ ...base, end: 'after' })).toEqual({ frequency: 'monthly', interval: 1, starts_at: '2026-12-01', ends_at: null, count: 6 });
  });

  it('refuses what the server refuses, with its sentences on the same fields', () => {
    expect(validateWithSchema(recurringFormSchema, base)).toBeNull();
    expect(validateWithSchema(recurringFormSchema, { ...base, interval: 0 })).toEqual({ interval: 'The interval field must be at least 1.' });
    expect(validateWithSchema(recurringFormSchema, { ...base, interval: null })).toEqual({ interval: 'The interval field is required.' });
    expect(validateWithSchema(recurringFormSchema, { ...base, starts_at: '' })).toEqual({ starts_at: 'The starts at field is required.' });
    expect(validateWithSchema(recurringFormSchema, { ...base, end: 'on', ends_at: '2026-11-30' })).toEqual({
      ends_at: 'The ends at field must be a date after or equal to starts at.',
    });
    expect(validateWithSchema(recurringFormSchema, { ...base, end: 'on', ends_at: '' })).toEqual({ ends_at: 'The ends at field is required.' });
    expect(validateWithSchema(recurringFormSchema, { ...base, end: 'after', count: null })).toEqual({ count: 'The count field is required.' });
    expect(validateWithSchema(recurringFormSchema, { ...base, end: 'after', count: 0 })).toEqual({ count: 'The count field must be at least 1.' });
    // an end that is not chosen is not checked
    expect(validateWithSchema(recurringFormSchema, { ...base, ends_at: '2020-01-01', count: 0 })).toBeNull();
    expect(scheduleOf({ ...base, interval: 0 })).toBeNull();
  });
});
