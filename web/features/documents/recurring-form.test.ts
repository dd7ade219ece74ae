import { describe, expect, it } from 'vitest';
import { recurringFormSchema, recurringFormValues, scheduleOf, toRecurringInput, type RecurringFormValues } from './recurring-form';
import { validateWithSchema } from '@/components/form/zod-errors';

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
