import { z } from 'zod';

/**
 * Surveys (SPEC §2 Surveys, §4, §7; issue 20; docs/decisions/0048-surveys.md): the definition of
 * a survey (sections, questions, skip logic), its input schemas, and the one function that decides
 * which questions a respondent was asked and whether their answers hold. The answer page runs it
 * as they type; the server runs it again on what arrives, so a tampered answer is a 422.
 */
export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'rating',
  'nps',
  'scale',
  'date',
  'number',
  'email',
  'phone',
  'yes_no',
  'matrix',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_LABELS: Record<QuestionType, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  dropdown: 'Dropdown',
  rating: 'Rating (stars)',
  nps: 'Scale 0–10 (NPS)',
  scale: 'Scale 1–5',
  date: 'Date',
  number: 'Number',
  email: 'Email',
  phone: 'Phone',
  yes_no: 'Yes / no',
  matrix: 'Matrix',
};

/** types answered by picking among options: their results are bars */
export const CHOICE_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice', 'dropdown', 'yes_no', 'matrix'];
/** types answered on a scale: their results are a distribution (and an NPS score for nps) */
export const SCALE_TYPES: readonly QuestionType[] = ['rating', 'nps', 'scale', 'number'];
/** types with options */
export const OPTION_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice', 'dropdown'];

export const CONDITION_OPS = ['equals', 'not_equals', 'includes', 'lte', 'gte', 'answered', 'not_answered'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_LABELS: Record<ConditionOp, string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  lte: 'is at most',
  gte: 'is at least',
  answered: 'is answered',
  not_answered: 'is not answered',
};

/** the answer placeholder of “Other” in a choice question: the respondent's own words follow it */
export const OTHER = 'Other';
export const SURVEY_NAME_MAX = 200;
const LABEL_MAX = 500;
const TEXT_MAX = 5000;
export const MAX_QUESTIONS = 200;

const key = z.string().regex(/^[a-z0-9_]{1,40}$/, 'The id may hold only lowercase letters, digits and _.');
const label = z.string().trim().min(1, 'Give every question a label.').max(LABEL_MAX);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const conditionSchema = z.object({
  question: key,
  op: z.enum(CONDITION_OPS),
  value: z.union([z.string().trim().max(LABEL_MAX), z.number()]).nullish(),
});
export type SurveyCondition = z.infer<typeof conditionSchema>;

export const questionSchema = z.object({
  id: key,
  type: z.enum(QUESTION_TYPES, { error: 'Choose a question type.' }),
  label,
  help: optionalText(1000),
  required: z.boolean().default(false),
  /** the choices of single / multiple choice and dropdown questions */
  options: z.array(z.string().trim().min(1, 'An option cannot be empty.').max(LABEL_MAX)).max(100).default([]),
  /** an “Other” choice with the respondent's own words */
  allow_other: z.boolean().default(false),
  /** the matrix's rows (statements) and columns (answers) */
  rows: z.array(z.string().trim().min(1).max(LABEL_MAX)).max(50).default([]),
  columns: z.array(z.string().trim().min(1).max(LABEL_MAX)).max(20).default([]),
  /** numbers: the smallest and largest value; texts: the shortest and longest length; multiple choice: how many choices */
  min: z.number().nullish().transform((v) => v ?? null),
  max: z.number().nullish().transform((v) => v ?? null),
  /** texts: a regular expression the answer must match */
  pattern: optionalText(300),
  /** skip logic: asked only when this holds for an earlier answer */
  show_if: conditionSchema.nullish().transform((v) => v ?? null),
});
export type SurveyQuestion = z.output<typeof questionSchema>;

export const jumpSchema = z.object({
  when: conditionSchema,
  /** the section to go to next, or 'end' to finish the survey */
  to: z.string().regex(/^([a-z0-9_]{1,40}|end)$/),
});
export type SurveyJump = z.infer<typeof jumpSchema>;

export const sectionSchema = z.object({
  id: key,
  title: optionalText(LABEL_MAX),
  description: optionalText(TEXT_MAX),
  questions: z.array(questionSchema).max(MAX_QUESTIONS),
  /** skip logic: after this section, the first jump whose condition holds decides the next section */
  jumps: z.array(jumpSchema).max(20).default([]),
});
export type SurveySection = z.output<typeof sectionSchema>;

export interface SurveyDefinition {
  sections: SurveySection[];
}

/** The definition's own rules: unique ids, options where needed, conditions only on earlier questions, jumps only forward. */
export const definitionSchema = z
  .object({ sections: z.array(sectionSchema).min(1, 'Add at least one section.').max(50) })
  .superRefine((d, ctx) => {
    const seen = new Map<string, { type: QuestionType; section: number }>();
    const sectionIds = d.sections.map((s) => s.id);
    if (new Set(sectionIds).size !== sectionIds.length) ctx.addIssue({ code: 'custom', path: ['sections'], message: 'Two sections have the same id.' });
    let count = 0;
    const checkCondition = (c: SurveyCondition, path: (string | number)[]) => {
      if (!seen.has(c.question)) ctx.addIssue({ code: 'custom', path, message: 'A condition may depend only on an earlier question.' });
      if (!['answered', 'not_answered'].includes(c.op) && (c.value === null || c.value === undefined || c.value === '')) {
        ctx.addIssue({ code: 'custom', path, message: 'Give the condition a value.' });
      }
    };
    d.sections.forEach((s, si) => {
      s.questions.forEach((q, qi) => {
        count++;
        const path = ['sections', si, 'questions', qi];
        if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: 'Two questions have the same id.' });
        if (OPTION_TYPES.includes(q.type) && q.options.length < 1 && !q.allow_other) ctx.addIssue({ code: 'custom', path: [...path, 'options'], message: `Give “${q.label}” at least one option.` });
        if (q.type === 'matrix' && (!q.rows.length || !q.columns.length)) ctx.addIssue({ code: 'custom', path: [...path, 'rows'], message: `Give the matrix “${q.label}” rows and columns.` });
        if (q.min !== null && q.max !== null && q.min > q.max) ctx.addIssue({ code: 'custom', path: [...path, 'max'], message: 'The maximum must be at least the minimum.' });
        if (q.pattern) {
          try {
            new RegExp(q.pattern, 'u');
          } catch {
            ctx.addIssue({ code: 'custom', path: [...path, 'pattern'], message: 'The pattern is not a valid regular expression.' });
          }
        }
        if (q.show_if) checkCondition(q.show_if, [...path, 'show_if']);
        seen.set(q.id, { type: q.type, section: si });
      });
      s.jumps.forEach((j, ji) => {
        checkCondition(j.when, ['sections', si, 'jumps', ji, 'when']);
        if (j.to !== 'end') {
          const target = sectionIds.indexOf(j.to);
          if (target <= si) ctx.addIssue({ code: 'custom', path: ['sections', si, 'jumps', ji, 'to'], message: 'A jump may go only to a later section or to the end.' });
        }
      });
    });
    if (count > MAX_QUESTIONS) ctx.addIssue({ code: 'custom', path: ['sections'], message: `A survey may hold at most ${MAX_QUESTIONS} questions.` });
  });

const when = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || !Number.isNaN(new Date(v).getTime()), 'The closing date must be a date.');
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const surveySchema = z.object({
  name: z.string({ error: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(SURVEY_NAME_MAX),
  description: optionalText(TEXT_MAX),
  thank_you: optionalText(TEXT_MAX),
  /** answers are not linked to the contact (no personal links, no timeline) */
  anonymous: z.boolean().default(false),
  /** a contact may answer once (personal links); else as often as they like */
  one_per_contact: z.boolean().default(true),
  /** closes by itself at this time */
  closes_at: when,
  /** closes by itself after this many responses */
  max_responses: z.coerce.number().int().min(1).max(100_000_000).nullish().transform((v) => v ?? null),
  campaign_id: id.nullish().transform((v) => v ?? null),
  event_id: id.nullish().transform((v) => v ?? null),
  definition: definitionSchema,
});
export type SurveyInput = z.input<typeof surveySchema>;

export type SurveyStatus = 'open' | 'closed';

export interface SurveyRow {
  id: number;
  name: string;
  description: string | null;
  thank_you: string | null;
  anonymous: boolean;
  one_per_contact: boolean;
  closes_at: string | null;
  max_responses: number | null;
  closed_at: string | null;
  status: SurveyStatus;
  campaign_id: number | null;
  campaign_name: string | null;
  event_id: number | null;
  event_name: string | null;
  group_id: number | null;
  group_name: string | null;
  is_participant: boolean;
  responses_count: number;
  questions_count: number;
  definition: SurveyDefinition;
  public_url: string;
  created_at: string;
  updated_at: string;
}

export type AnswerValue = string | number | boolean | string[] | Record<string, string>;
export type Answers = Record<string, AnswerValue>;

export function allQuestions(d: SurveyDefinition): SurveyQuestion[] {
  return d.sections.flatMap((s) => s.questions);
}

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && v !== null && Object.keys(v).length === 0);

/** does a condition hold for the answers given so far */
export function holds(c: SurveyCondition, answers: Record<string, unknown>): boolean {
  const v = answers[c.question];
  if (c.op === 'answered') return !empty(v);
  if (c.op === 'not_answered') return empty(v);
  if (empty(v)) return false;
  const want = c.value ?? '';
  const same = (x: unknown) => String(x).toLowerCase() === String(want).toLowerCase() || (typeof x === 'boolean' && String(want).toLowerCase() === (x ? 'yes' : 'no'));
  switch (c.op) {
    case 'equals':
      return Array.isArray(v) ? v.some(same) : same(v);
    case 'not_equals':
      return Array.isArray(v) ? !v.some(same) : !same(v);
    case 'includes':
      return Array.isArray(v) ? v.some(same) : String(v).toLowerCase().includes(String(want).toLowerCase());
    case 'lte':
      return Number(v) <= Number(want);
    case 'gte':
      return Number(v) >= Number(want);
  }
}

/**
 * The sections and questions a respondent with these answers is asked, in order: a question
 * whose show_if does not hold is skipped, and after each section its first jump that holds sends
 * them to a later section or to the end.
 */
export function askedPath(d: SurveyDefinition, answers: Record<string, unknown>): { sections: string[]; questions: SurveyQuestion[] } {
  const sections: string[] = [];
  const questions: SurveyQuestion[] = [];
  let i = 0;
  while (i < d.sections.length) {
    const s = d.sections[i];
    sections.push(s.id);
    for (const q of s.questions) if (!q.show_if || holds(q.show_if, answers)) questions.push(q);
    const jump = s.jumps.find((j) => holds(j.when, answers));
    if (!jump) i++;
    else if (jump.to === 'end') break;
    else i = Math.max(i + 1, d.sections.findIndex((x) => x.id === jump.to));
  }
  return { sections, questions };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range of a scale question. */
export function scaleRange(q: SurveyQuestion): [number, number] {
  if (q.type === 'nps') return [0, 10];
  if (q.type === 'scale') return [1, 5];
  if (q.type === 'rating') return [1, q.max && q.max >= 3 && q.max <= 10 ? q.max : 5];
  return [q.min ?? -Infinity, q.max ?? Infinity];
}

/** One answer checked against its question; the clean value, or the message why not. */
function check(q: SurveyQuestion, v: unknown): { value: AnswerValue } | { error: string } {
  const name = `“${q.label}”`;
  const text = (max = TEXT_MAX): { value: string } | { error: string } => {
    if (typeof v !== 'string') return { error: `${name} must be a text.` };
    const t = v.trim();
    if (t.length > max) return { error: `${name} may be at most ${max} characters.` };
    if (q.min !== null && t.length < q.min) return { error: `${name} must be at least ${q.min} characters.` };
    if (q.max !== null && t.length > q.max) return { error: `${name} may be at most ${q.max} characters.` };
    if (q.pattern) {
      let ok: boolean;
      try {
        ok = new RegExp(`^(?:${q.pattern})$`, 'u').test(t);
      } catch {
        // the definition's own check refuses a broken pattern; one stored before is not the respondent's fault
        ok = true;
      }
      if (!ok) return { error: `${name} is not in the expected format.` };
    }
    return { value: t };
  };
  const option = (x: unknown): string | null => {
    if (typeof x !== 'string') return null;
    const t = x.trim();
    if (q.options.includes(t)) return t;
    // “Other: their words”
    if (q.allow_other && t.startsWith(`${OTHER}:`) && t.length > OTHER.length + 1 && t.length <= LABEL_MAX) return t;
    return null;
  };
  switch (q.type) {
    case 'short_text':
      return text(1000);
    case 'long_text':
      return text();
    case 'email': {
      const r = text(254);
      return 'value' in r && !EMAIL.test(r.value) ? { error: `${name} must be a valid email address.` } : r;
    }
    case 'phone': {
      const r = text(30);
      return 'value' in r && !PHONE.test(r.value) ? { error: `${name} must be a valid phone number.` } : r;
    }
    case 'date': {
      if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(new Date(`${v}T00:00:00Z`).getTime())) return { error: `${name} must be a date.` };
      return { value: v };
    }
    case 'single_choice':
    case 'dropdown': {
      const o = option(v);
      return o === null ? { error: `Choose one of the answers to ${name}.` } : { value: o };
    }
    case 'multiple_choice': {
      if (!Array.isArray(v)) return { error: `Choose answers to ${name}.` };
      const out: string[] = [];
      for (const x of v) {
        const o = option(x);
        if (o === null) return { error: `Choose among the answers to ${name}.` };
        if (!out.includes(o)) out.push(o);
      }
      if (q.min !== null && out.length < q.min) return { error: `Choose at least ${q.min} answers to ${name}.` };
      if (q.max !== null && out.length > q.max) return { error: `Choose at most ${q.max} answers to ${name}.` };
      return { value: out };
    }
    case 'rating':
    case 'nps':
    case 'scale':
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n)) return { error: `${name} must be a number.` };
      const [lo, hi] = scaleRange(q);
      if (q.type !== 'number' && !Number.isInteger(n)) return { error: `${name} must be a whole number.` };
      if (n < lo) return { error: `${name} must be at least ${lo}.` };
      if (n > hi) return { error: `${name} may be at most ${hi}.` };
      return { value: n };
    }
    case 'yes_no':
      if (v === true || v === 'yes') return { value: true };
      if (v === false || v === 'no') return { value: false };
      return { error: `Answer ${name} with yes or no.` };
    case 'matrix': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: `Answer every row of ${name}.` };
      const out: Record<string, string> = {};
      for (const [row, col] of Object.entries(v as Record<string, unknown>)) {
        if (!q.rows.includes(row) || typeof col !== 'string' || !q.columns.includes(col)) return { error: `Choose among the answers to ${name}.` };
        out[row] = col;
      }
      if (q.required && q.rows.some((r) => !out[r])) return { error: `Answer every row of ${name}.` };
      return { value: out };
    }
  }
}

/**
 * The answers checked against the survey's own rules: every answer must be to a question the
 * respondent was asked (skip logic included), every asked required question answered, every
 * answer of its question's type and bounds. Answers errors by question id, and the clean answers.
 */
export function checkAnswers(d: SurveyDefinition, raw: Record<string, unknown>): { errors: Record<string, string>; answers: Answers } {
  const errors: Record<string, string> = {};
  const answers: Answers = {};
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => !empty(v)));
  const known = new Set(allQuestions(d).map((q) => q.id));
  for (const k of Object.keys(given)) if (!known.has(k)) errors[k] = 'This question is not part of the survey.';
  const asked = askedPath(d, given).questions;
  const askedIds = new Set(asked.map((q) => q.id));
  for (const k of Object.keys(given)) if (known.has(k) && !askedIds.has(k)) errors[k] = 'This question was not asked: an earlier answer skips it.';
  for (const q of asked) {
    const v = given[q.id];
    if (empty(v)) {
      if (q.required) errors[q.id] = `“${q.label}” is required.`;
      continue;
    }
    const r = check(q, v);
    if ('error' in r) errors[q.id] = r.error;
    else answers[q.id] = r.value;
  }
  return { errors, answers };
}

/** The Net Promoter Score of 0–10 answers: % promoters (9–10) minus % detractors (0–6), or null without answers. */
export function npsScore(counts: Record<string, number>): number | null {
  let total = 0;
  let promoters = 0;
  let detractors = 0;
  for (const [k, n] of Object.entries(counts)) {
    const v = Number(k);
    total += n;
    if (v >= 9) promoters += n;
    else if (v <= 6) detractors += n;
  }
  return total ? Math.round(((promoters - detractors) / total) * 100) : null;
}

/** One question's results (GET /surveys/results/json summary). */
export interface QuestionResult {
  id: string;
  type: QuestionType;
  label: string;
  answered: number;
  /** answer → count: options (with “Other”), scale values, yes/no, matrix "row → column" */
  counts: Record<string, number>;
  /** text questions: their most frequent words, counted over the latest `words_from` answers */
  words: { word: string; count: number }[];
  /** text questions: how many of the latest answers the words were counted over (at most a fixed number, fewer than `answered` on a large survey); 0 otherwise */
  words_from: number;
  nps: number | null;
  average: number | null;
}

export interface SurveyResponseRow {
  id: number;
  survey_id: number;
  contact_id: number | null;
  contact_name: string | null;
  answers: Answers;
  campaign_id: number | null;
  event_id: number | null;
  group_id: number | null;
  is_participant: boolean;
  source: string;
  created_at: string;
}

/** Props of the public answer page (Surveys/View and Pages/Survey). */
export interface SurveyFormProps {
  token: string;
  /** where the form posts */
  action: string;
  company: { name: string; logo_url: string | null; theme_css: string | null };
  survey: { name: string; description: string | null; definition: SurveyDefinition; thank_you: string | null };
  respondent: { first_name: string | null } | null;
  /** the answer was taken (after a submit, or a contact who answered before) */
  answered: boolean;
  page?: { title: string; url: string } | null;
}

// ------------------------------------------------------------------ sending a survey (docs/decisions/0052)

/** What a survey's message may say beyond the contact's own fields: {{ survey_link }} is the recipient's personal link. */
export const SURVEY_VARIABLES = ['survey_name', 'survey_link', 'company_name'] as const;

/** The words a survey's message starts with (the sender may change them). */
export const SURVEY_MESSAGE_DEFAULTS = {
  message: 'Hi {{ first_name | default: "there" }}, {{ company_name }} would like your opinion: {{ survey_name }}. Answer here: {{ survey_link }}',
  subject: '{{ survey_name }}: we would like your opinion',
  body: '<p>Hi {{ first_name | default: "there" }},</p><p>{{ company_name }} would like your opinion: <strong>{{ survey_name }}</strong>. It takes a few minutes.</p><p><a href="{{ survey_link }}">Answer the survey</a></p>',
};

export type SurveySendChannel = 'sms' | 'email';

export const surveySendSchema = z
  .object({
    channels: z
      .array(z.enum(['sms', 'email'], { error: 'Choose SMS or email.' }))
      .min(1, 'Choose at least one channel: SMS or email.')
      .transform((c) => [...new Set(c)] as SurveySendChannel[]),
    contact_ids: z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(10_000).default([]),
    segment_ids: z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(50).default([]),
    /** the participants of these groups */
    group_ids: z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(20).default([]),
    message: z.string().trim().max(1600).default(SURVEY_MESSAGE_DEFAULTS.message),
    subject: z.string().trim().max(300).default(SURVEY_MESSAGE_DEFAULTS.subject),
    body: z.string().trim().max(100_000).default(SURVEY_MESSAGE_DEFAULTS.body),
  })
  .refine((d) => d.contact_ids.length + d.segment_ids.length + d.group_ids.length > 0, {
    path: ['audience'],
    message: 'Choose who to send it to: contacts, segments or a group’s participants.',
  })
  .refine((d) => !d.channels.includes('sms') || d.message.length > 0, { path: ['message'], message: 'Write the SMS.' })
  .refine((d) => !d.channels.includes('email') || d.subject.length > 0, { path: ['subject'], message: 'Write the email’s subject.' })
  .refine((d) => !d.channels.includes('email') || d.body.length > 0, { path: ['body'], message: 'Write the email.' });
export type SurveySendInput = z.input<typeof surveySendSchema>;

/** A send of a survey, as its page shows it: one per channel, with the recipients' counts by state. */
export interface SurveySendRow {
  id: number;
  channel: SurveySendChannel;
  status: 'scheduled' | 'queued' | 'sending' | 'paused' | 'completed' | 'cancelled';
  audience_label: string;
  recipients: number;
  credits_reserved: string;
  created_at: string;
  completed_at: string | null;
  created_by_name: string | null;
  counts: Record<'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'rejected' | 'unknown' | 'cancelled', number>;
}
