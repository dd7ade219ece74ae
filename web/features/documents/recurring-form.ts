import { z } from 'zod';
import { documentRecurringSchema } from '@common/schemas/documents';
import { zodIssueMessages } from '@common/validation';
import type { RecurringFrequency, RecurringSchedule } from '@common/documents/recurring-words';

/** How a schedule ends, as the form asks it: never, on a date, or after a number of invoices. */
export const RECURRING_ENDS = ['never', 'on', 'after'] as const;
export type RecurringEnd = (typeof RECURRING_ENDS)[number];

/** The Recurring form's state: the end is one choice, its date and count kept while the user switches. */
export type RecurringFormValues = {
  frequency: RecurringFrequency;
  interval: number | null;
  starts_at: string;
  end: RecurringEnd;
  ends_at: string;
  count: number | null;
};

/** What POST /accounting/documents/recurring/{id} takes (documentRecurringSchema). */
export type RecurringInput = {
  frequency: RecurringFrequency;
  interval: number | undefined;
  starts_at: string | undefined;
  ends_at: string | null | undefined;
  count: number | null | undefined;
};

/** The form for a schedule: the current one, or monthly from today with no end. */
export function recurringFormValues(current: RecurringSchedule | null, today: string): RecurringFormValues {
  if (!current) return { frequency: 'monthly', interval: 1, starts_at: today, end: 'never', ends_at: '', count: null };
  return {
    frequency: current.frequency,
    interval: current.interval,
    starts_at: current.starts_at,
    // a schedule set through the API may have both; the form edits one (the count goes first)
    end: current.count != null ? 'after' : current.ends_at ? 'on' : 'never',
    ends_at: current.ends_at ?? '',
    count: current.count,
  };
}

/** The form's values as the endpoint takes them: only the chosen end is sent, the other is null. */
export function toRecurringInput(v: RecurringFormValues): RecurringInput {
  return {
    frequency: v.frequency,
    interval: v.interval ?? undefined,
    starts_at: v.starts_at || undefined,
    ends_at: v.end === 'on' ? v.ends_at || undefined : null,
    count: v.end === 'after' ? (v.count ?? undefined) : null,
  };
}

/**
 * Checks the form with the server's own schema (same sentences, same field names), plus what
 * the form's end choice adds: a date when it ends on a date, a number when it ends after N.
 */
export const recurringFormSchema = z.custom<RecurringFormValues>().superRefine((values, ctx) => {
  const input = toRecurringInput(values);
  const result = documentRecurringSchema.safeParse(input);
  if (!result.success) {
    for (const [i, m] of zodIssueMessages(result.error.issues, input, 'frequency').entries()) {
      ctx.addIssue({ code: 'custom', path: [...result.error.issues[i].path], message: m.message });
    }
  }
  // the server takes a missing interval as 1; an emptied box is more likely a slip than a wish
  if (values.interval == null) ctx.addIssue({ code: 'custom', path: ['interval'], message: 'The interval field is required.' });
  if (values.end === 'on' && !values.ends_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The ends at field is required.' });
  if (values.end === 'after' && values.count == null) ctx.addIssue({ code: 'custom', path: ['count'], message: 'The count field is required.' });
});

/** The schedule the form describes, or null while the form is not valid (for a live summary). */
export function scheduleOf(values: RecurringFormValues): RecurringSchedule | null {
  if (!recurringFormSchema.safeParse(values).success) return null;
  const input = toRecurringInput(values);
  return { frequency: input.frequency, interval: input.interval ?? 1, starts_at: input.starts_at ?? '', ends_at: input.ends_at ?? null, count: input.count ?? null };
}
