import { z } from 'zod';
import { CHANNELS, CONSENT_STATUSES, GENDERS } from './outreach.js';

/**
 * Dynamic segments' rules (SPEC §2 Segments; docs/decisions/0027-segments.md): nested AND/OR
 * groups of conditions on a contact's fields, custom fields, tags, consent and activity. The
 * server compiles a rule tree into one SQL condition; it never loads contacts to decide.
 */
export const SEGMENT_TYPES = ['dynamic', 'static'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

export const TEXT_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'location', 'source'] as const;
export const TEXT_OPS = ['is', 'is_not', 'contains', 'not_contains', 'starts_with', 'is_empty', 'is_not_empty'] as const;
export const DATE_FIELDS = ['birthday', 'created_at'] as const;
export const DATE_OPS = ['before', 'after', 'on', 'in_last_days', 'more_than_days_ago', 'is_empty', 'is_not_empty'] as const;
export const TAG_OPS = ['has_any', 'has_all', 'has_none'] as const;
export const NUMBER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'is_empty', 'is_not_empty'] as const;
export const ACTIVITY_OPS = ['happened', 'not_happened'] as const;

/** how deep groups may nest, and how many conditions a segment may hold in all */
export const MAX_DEPTH = 4;
export const MAX_CONDITIONS = 50;

const shortText = z.string().trim().max(255);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must match the format Y-m-d.');
const days = z.coerce.number().int().min(0).max(36_500);

const textRule = z.object({
  kind: z.literal('text'),
  field: z.enum(TEXT_FIELDS),
  op: z.enum(TEXT_OPS),
  value: shortText.optional(),
});
const genderRule = z.object({ kind: z.literal('gender'), op: z.enum(['is', 'is_not', 'is_empty']), value: z.enum(GENDERS).optional() });
const dateRule = z.object({
  kind: z.literal('date'),
  field: z.enum(DATE_FIELDS),
  op: z.enum(DATE_OPS),
  /** a date for before/after/on, a number of days for in_last_days/more_than_days_ago */
  value: z.union([date, days]).optional(),
});
const tagRule = z.object({ kind: z.literal('tags'), op: z.enum(TAG_OPS), value: z.array(z.string().trim().min(1).max(50)).min(1).max(50) });
const consentRule = z.object({ kind: z.literal('consent'), channel: z.enum(CHANNELS), op: z.enum(['is', 'is_not']), value: z.enum(CONSENT_STATUSES) });
/** may be sent to on the channel: consent granted and not suppressed (or the opposite) */
const sendableRule = z.object({ kind: z.literal('sendable'), channel: z.enum(CHANNELS), op: z.enum(['is', 'is_not']) });
const customRule = z.object({
  kind: z.literal('custom'),
  key: z.string().trim().min(1).max(64),
  op: z.enum([...TEXT_OPS, ...NUMBER_OPS, 'before', 'after', 'on']),
  value: z.union([shortText, z.number()]).optional(),
});
const activityRule = z.object({
  kind: z.literal('activity'),
  /** a contact event type, `area.what` (sms.sent, sms.delivered, rsvp.accepted…) */
  type: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/, 'The activity type is invalid.'),
  op: z.enum(ACTIVITY_OPS),
  /** within the last N days; any time when absent */
  within_days: days.optional(),
  /** about this record only (the survey of a `survey.answered`: "answered survey X") */
  subject_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** with a score (a survey answer's NPS, 0–10) compared so: "NPS ≤ 6" */
  score_op: z.enum(['lte', 'gte', 'eq']).optional(),
  score: z.coerce.number().int().min(0).max(10).optional(),
});
const memberRule = z.object({ kind: z.literal('segment'), op: z.enum(['in', 'not_in']), value: z.coerce.number().int().positive() });

export const conditionSchema = z.discriminatedUnion('kind', [textRule, genderRule, dateRule, tagRule, consentRule, sendableRule, customRule, activityRule, memberRule]);
export type Condition = z.infer<typeof conditionSchema>;

export interface RuleGroup {
  match: 'all' | 'any';
  rules: (Condition | RuleGroup)[];
}

export const ruleGroupSchema: z.ZodType<RuleGroup> = z.lazy(() =>
  z.object({
    match: z.enum(['all', 'any']),
    rules: z.array(z.union([conditionSchema, ruleGroupSchema])).max(MAX_CONDITIONS),
  }),
);

const isGroup = (r: Condition | RuleGroup): r is RuleGroup => 'match' in r;

/** A rule tree within the limits, its conditions complete (a value where the operator needs one). */
export const segmentRulesSchema = ruleGroupSchema.superRefine((root, ctx) => {
  let conditions = 0;
  const walk = (g: RuleGroup, depth: number, path: (string | number)[]) => {
    if (depth > MAX_DEPTH) ctx.addIssue({ code: 'custom', path, message: `Groups may nest at most ${MAX_DEPTH} deep.` });
    g.rules.forEach((r, i) => {
      if (isGroup(r)) return walk(r, depth + 1, [...path, 'rules', i]);
      conditions += 1;
      const needsValue = !['is_empty', 'is_not_empty'].includes(r.op) && !['sendable', 'activity'].includes(r.kind);
      if (needsValue && (!('value' in r) || r.value === undefined || r.value === '')) {
        ctx.addIssue({ code: 'custom', path: [...path, 'rules', i, 'value'], message: 'The value field is required.' });
      }
      if (r.kind === 'date' && r.value !== undefined) {
        const wantsDays = r.op === 'in_last_days' || r.op === 'more_than_days_ago';
        if (wantsDays !== (typeof r.value === 'number')) {
          ctx.addIssue({ code: 'custom', path: [...path, 'rules', i, 'value'], message: wantsDays ? 'The value must be a number of days.' : 'The value must be a date.' });
        }
      }
    });
  };
  walk(root, 1, []);
  if (conditions > MAX_CONDITIONS) ctx.addIssue({ code: 'custom', path: ['rules'], message: `A segment may hold at most ${MAX_CONDITIONS} conditions.` });
});

export const segmentSchema = z.object({
  name: z.string().trim().min(1).max(255),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
  type: z.enum(SEGMENT_TYPES).default('dynamic'),
  rules: segmentRulesSchema.default({ match: 'all', rules: [] }),
});
export type SegmentInput = z.input<typeof segmentSchema>;

/** What Segments/BulkOperations can do to a selection of contacts (one job each). */
export const BULK_ACTIONS = ['tag', 'untag', 'add_to_segment', 'remove_from_segment', 'set_consent', 'delete', 'export'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The contacts a bulk operation works on: picked ids, a segment's members, or every contact matching rules. */
export const bulkSelectionSchema = z.union([
  z.object({ contact_ids: z.array(z.coerce.number().int().positive()).min(1).max(10_000) }),
  z.object({ segment_id: z.coerce.number().int().positive() }),
  z.object({ matching: segmentRulesSchema }),
]);

const tag = z.string().trim().min(1).max(50);
export const bulkOperationSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('tag'), selection: bulkSelectionSchema, tag }),
  z.object({ action: z.literal('untag'), selection: bulkSelectionSchema, tag }),
  z.object({ action: z.literal('add_to_segment'), selection: bulkSelectionSchema, segment_id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal('remove_from_segment'), selection: bulkSelectionSchema, segment_id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal('set_consent'), selection: bulkSelectionSchema, channel: z.enum(CHANNELS), status: z.enum(['granted', 'withdrawn']) }),
  z.object({ action: z.literal('delete'), selection: bulkSelectionSchema }),
  z.object({ action: z.literal('export'), selection: bulkSelectionSchema }),
]);
export type BulkOperationInput = z.input<typeof bulkOperationSchema>;
export { isGroup as isRuleGroup };
