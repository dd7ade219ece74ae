import { REPORT_TYPE_DESCRIPTIONS, REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from './types.js';
import type { ReportSettings } from '../schemas/reports.js';

/** The standard definitions, one per type: what a new company's Reports page offers to create, and what the demo has. */
export const STANDARD_REPORTS: { name: string; type: ReportType; description: string; settings: ReportSettings }[] = REPORT_TYPES.map((type) => ({
  name: REPORT_TYPE_LABELS[type],
  type,
  description: REPORT_TYPE_DESCRIPTIONS[type],
  settings: {
    period: type === 'profit_loss' || type === 'tax_summary' ? 'quarter' : 'month',
    range: 'this_year',
    date_from: null,
    date_to: null,
    as_of: null,
  },
}));
