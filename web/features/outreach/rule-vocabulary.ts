import { CHANNELS, type Channel, type CustomFieldType } from '@common/outreach';
import { DATE_OPS, NUMBER_OPS, TEXT_OPS, type Condition, type RuleGroup } from '@common/segments';
import { CHANNEL_LABEL } from './copy';
import { customOps } from './custom-fields';

// What the rule editor offers: each condition "subject" (a field, consent on a channel, activity…)
// with its operators in words, and the condition a new subject starts as.

export type Subject = { key: string; label: string; group: string };

const TEXT_FIELD_LABEL = { first_name: 'First name', last_name: 'Last name', email: 'Email', phone: 'Phone', location: 'Location', source: 'Source' } as const;

export const SUBJECTS: readonly Subject[] = [
  ...Object.entries(TEXT_FIELD_LABEL).map(([f, label]) => ({ key: `text:${f}`, label, group: 'Details' })),
  { key: 'gender', label: 'Gender', group: 'Details' },
  { key: 'date:birthday', label: 'Birthday', group: 'Details' },
  { key: 'date:created_at', label: 'Added on', group: 'Details' },
  { key: 'tags', label: 'Tags', group: 'Details' },
  ...CHANNELS.map((ch) => ({ key: `consent:${ch}`, label: `${CHANNEL_LABEL[ch]} consent`, group: 'Consent' })),
  ...CHANNELS.map((ch) => ({ key: `sendable:${ch}`, label: `Reachable by ${CHANNEL_LABEL[ch]}`, group: 'Consent' })),
  { key: 'custom', label: 'Custom field', group: 'Other' },
  { key: 'activity', label: 'Activity', group: 'Other' },
  { key: 'segment', label: 'Segment', group: 'Other' },
];

export function subjectOf(c: Condition): string {
  switch (c.kind) {
    case 'text':
    case 'date':
      return `${c.kind}:${c.field}`;
    case 'consent':
    case 'sendable':
      return `${c.kind}:${c.channel}`;
    default:
      return c.kind;
  }
}

/** The condition a subject starts as (its first operator, no value yet). */
export function newCondition(subject: string): Condition {
  const [kind, arg] = subject.split(':');
  switch (kind) {
    case 'text':
      return { kind: 'text', field: arg as keyof typeof TEXT_FIELD_LABEL, op: 'contains', value: '' };
    case 'date':
      return { kind: 'date', field: arg as 'birthday' | 'created_at', op: 'in_last_days', value: 30 };
    case 'gender':
      return { kind: 'gender', op: 'is', value: 'female' };
    case 'tags':
      return { kind: 'tags', op: 'has_any', value: [] };
    case 'consent':
      return { kind: 'consent', channel: arg as Channel, op: 'is', value: 'granted' };
    case 'sendable':
      return { kind: 'sendable', channel: arg as Channel, op: 'is' };
    case 'custom':
      return { kind: 'custom', key: '', op: 'is', value: '' };
    case 'activity':
      return { kind: 'activity', type: 'sms.delivered', op: 'happened' };
    default:
      return { kind: 'segment', op: 'in', value: 0 };
  }
}

const TEXT_OP_LABEL: Record<(typeof TEXT_OPS)[number], string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
};
const DATE_OP_LABEL: Record<(typeof DATE_OPS)[number], string> = {
  before: 'is before',
  after: 'is after',
  on: 'is on',
  in_last_days: 'is in the last … days',
  more_than_days_ago: 'is more than … days ago',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
};
const NUMBER_OP_LABEL: Record<(typeof NUMBER_OPS)[number], string> = {
  eq: '= (number)',
  ne: '≠ (number)',
  gt: '> (number)',
  gte: '≥ (number)',
  lt: '< (number)',
  lte: '≤ (number)',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
};

type Op = { value: string; label: string };
const pairs = (labels: Record<string, string>): Op[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A custom field's operators in words: a field's own type reads plainly, an unknown key's operators say what they compare as. */
function customOperators(type: CustomFieldType | undefined): Op[] {
  if (!type) return [...pairs(TEXT_OP_LABEL), ...pairs(NUMBER_OP_LABEL).filter((o) => !o.value.startsWith('is_')), ...pairs({ before: 'is before (date)', after: 'is after (date)', on: 'is on (date)' })];
  const labels: Record<string, string> = type === 'number' ? NUMBER_OP_LABEL : type === 'date' ? DATE_OP_LABEL : TEXT_OP_LABEL;
  return customOps(type).map((value) => ({ value, label: labels[value].replace(' (number)', '') }));
}

/** The operators of a condition's kind, in words (a custom field's by its type, when the field is known). */
export function operatorsOf(c: Condition, fieldType?: CustomFieldType): Op[] {
  switch (c.kind) {
    case 'text':
      return pairs(TEXT_OP_LABEL);
    case 'gender':
      return pairs({ is: 'is', is_not: 'is not', is_empty: 'is not said' });
    case 'date':
      return pairs(DATE_OP_LABEL);
    case 'tags':
      return pairs({ has_any: 'has any of', has_all: 'has all of', has_none: 'has none of' });
    case 'consent':
      return pairs({ is: 'is', is_not: 'is not' });
    case 'sendable':
      return pairs({ is: 'yes: consent given, not suppressed', is_not: 'no' });
    case 'custom':
      return customOperators(fieldType);
    case 'activity':
      return pairs({ happened: 'happened', not_happened: 'did not happen' });
    case 'segment':
      return pairs({ in: 'is in', not_in: 'is not in' });
  }
}

/** Operators that compare nothing (no value box). */
export const needsNoValue = (c: Condition) => c.op === 'is_empty' || c.op === 'is_not_empty' || c.kind === 'sendable';

/** Date operators that take a number of days instead of a date. */
export const takesDays = (op: string) => op === 'in_last_days' || op === 'more_than_days_ago';

export const isNumberOp = (op: string) => (['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as string[]).includes(op);

/** The form key of a condition or group at `path` (indexes down the tree), as a 422 names it: rules.rules.0.rules.2 */
export const pathKey = (path: readonly number[]) => ['rules', ...path.flatMap((i) => ['rules', String(i)])].join('.');

export const EMPTY_RULES: RuleGroup = { match: 'all', rules: [] };
