import { z } from 'zod';
import { REPORT_TYPES } from '../reports/types.js';
import { isoDate } from './fields.js';

/**
 * A saved report definition (Reports/Create, Edit): name, type, description and its settings.
 * The settings are stored as jsonb; the figures are read from the ledger each time.
 */
export const PERIOD_BASES = ['month', 'quarter', 'year'] as const;
export const RANGE_KINDS = ['this_year', 'last_year', 'this_quarter', 'last_quarter', 'custom'] as const;

export const PERIOD_LABELS: Record<(typeof PERIOD_BASES)[number], string> = { month: 'Monthly', quarter: 'Quarterly', year: 'Yearly' };
export const RANGE_LABELS: Record<(typeof RANGE_KINDS)[number], string> = {
  this_year: 'This financial year',
  last_year: 'Last financial year',
  this_quarter: 'This quarter',
  last_quarter: 'Last quarter',
  custom: 'Custom dates',
};

/** at most ten years in one report: 120 monthly columns */
export const MAX_RANGE_DAYS = 3660;

const optionalDate = (label: string) =>
  z.preprocess((v) => (v === '' ? null : v), isoDate(label).nullish().transform((v) => v ?? null));

const settingsShape = {
  period: z.enum(PERIOD_BASES, { error: 'The selected period is invalid.' }).default('month'),
  range: z.enum(RANGE_KINDS, { error: 'The selected date range is invalid.' }).default('this_year'),
  date_from: optionalDate('date from'),
  date_to: optionalDate('date to'),
  /** point-in-time reports (ageing, trial balance, balance sheet); empty: the day the report is read */
  as_of: optionalDate('as of'),
};

type SettingsLike = { range?: string; date_from?: string | null; date_to?: string | null };

/** custom ranges need both dates, in order, and at most ten years apart */
function checkRange(s: SettingsLike, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  if (s.range !== 'custom') return;
  if (!s.date_from) ctx.addIssue({ code: 'custom', path: [...prefix, 'date_from'], message: 'The date from field is required for custom dates.' });
  if (!s.date_to) ctx.addIssue({ code: 'custom', path: [...prefix, 'date_to'], message: 'The date to field is required for custom dates.' });
  if (s.date_from && s.date_to) {
    if (s.date_to < s.date_from) {
      ctx.addIssue({ code: 'custom', path: [...prefix, 'date_to'], message: 'The date to field must be a date after or equal to date from.' });
    } else if ((Date.parse(s.date_to) - Date.parse(s.date_from)) / 86_400_000 > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: [...prefix, 'date_to'], message: 'A report covers at most ten years.' });
    }
  }
}

export const reportSettingsSchema = z.object(settingsShape).strict().superRefine((s, ctx) => checkRange(s, ctx));
export type ReportSettings = z.output<typeof reportSettingsSchema>;
export type ReportSettingsInput = z.input<typeof reportSettingsSchema>;

export const DEFAULT_REPORT_SETTINGS: ReportSettings = { period: 'month', range: 'this_year', date_from: null, date_to: null, as_of: null };

const nameField = z.string({ error: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(255);
const typeField = z.enum(REPORT_TYPES, { error: 'The selected type is invalid.' });
const descriptionField = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v === '' ? null : (v ?? null)));

export const reportSchema = z.object({
  name: nameField,
  type: typeField,
  description: descriptionField,
  settings: reportSettingsSchema.default(DEFAULT_REPORT_SETTINGS),
});
export type ReportInput = z.input<typeof reportSchema>;

export const reportUpdateSchema = z.object({
  name: nameField.optional(),
  type: typeField.optional(),
  description: descriptionField.optional(),
  settings: reportSettingsSchema.optional(),
});

/**
 * The form of Reports/Create and Edit: the same fields with the settings flat (one input each);
 * `toReportInput` nests them for the API. Checked by the same rules as the API.
 */
export const reportFormSchema = z
  .object({ name: nameField, type: typeField, description: descriptionField, ...settingsShape })
  .superRefine((s, ctx) => checkRange(s, ctx));
export type ReportFormValues = z.input<typeof reportFormSchema>;

export function toReportInput(v: ReportFormValues): ReportInput {
  const { name, type, description, period, range, date_from, date_to, as_of } = v;
  const custom = range === 'custom';
  return {
    name,
    type,
    description,
    settings: { period, range, date_from: custom ? date_from || null : null, date_to: custom ? date_to || null : null, as_of: as_of || null },
  };
}

/** GET /reports/{id}/data and /export may override the saved settings for one reading */
export const reportQuerySchema = z.object({
  period: settingsShape.period.optional(),
  range: settingsShape.range.optional(),
  date_from: settingsShape.date_from.optional(),
  date_to: settingsShape.date_to.optional(),
  as_of: settingsShape.as_of.optional(),
});

export const reportExportQuerySchema = reportQuerySchema.extend({
  format: z.enum(['csv', 'xlsx', 'pdf'], { error: 'The selected format is invalid.' }).default('csv'),
});

/** POST /reports/standard: which standard definitions to add (every type when left out) */
export const standardReportsSchema = z
  .object({ types: z.array(typeField).min(1).optional() })
  .strict();
