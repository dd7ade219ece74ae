import { z } from 'zod';
import { LOCAL_DATE_TIME } from '../calendar.js';

/**
 * Campaigns, organisers, events, event groups and the calendar (SPEC §2 Campaigns, §3, §4, §7;
 * issue 19; docs/decisions/0042-campaigns-events-calendar.md): the inputs, shared by the pages and
 * the server.
 */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'completed', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const EVENT_STATUSES = CAMPAIGN_STATUSES;
export type EventStatus = CampaignStatus;
/** SPEC §4: the calendar's roles filter, the user's relation to an event */
export const CALENDAR_ROLES = ['creator', 'organizer', 'campaign_owner'] as const;
export type CalendarRole = (typeof CALENDAR_ROLES)[number];

export const NAME_MAX = 200;
export const TEXT_MAX = 5000;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** a text kept only when it says something (the stored settings leave an unset text out) */
const leftOutWhenEmpty = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || undefined);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a date (YYYY-MM-DD).')
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'The date must be a valid date.');

const campaignFields = {
  name: z.string().trim().min(1, 'The name field is required.').max(NAME_MAX),
  goal: optionalText(1000),
  description: optionalText(TEXT_MAX),
  starts_on: isoDate.nullish(),
  ends_on: isoDate.nullish(),
  owner_id: id.nullish(),
  status: z.enum(CAMPAIGN_STATUSES).default('draft'),
  /** wallet credits, up to 4 decimals */
  budget: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const s = String(v).trim();
      if (!/^\d{1,16}(\.\d{1,4})?$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'The budget must be a number of credits, not negative, with at most 4 decimals.' });
        return z.NEVER;
      }
      return s;
    }),
};

const datesOrdered = (v: { starts_on?: string | null; ends_on?: string | null }) => !v.starts_on || !v.ends_on || v.starts_on <= v.ends_on;
const datesMessage = { message: 'The end date must be a date after or equal to the start date.', path: ['ends_on'] };

/** POST /campaigns/store */
export const campaignSchema = z.object(campaignFields).refine(datesOrdered, datesMessage);
/** PUT /campaigns/update/{id}: every field optional, none defaulted */
export const campaignUpdateSchema = z
  .object({ ...campaignFields, status: z.enum(CAMPAIGN_STATUSES) })
  .partial()
  .refine(datesOrdered, datesMessage);
export type CampaignInput = z.input<typeof campaignSchema>;

const organiserFields = {
  campaign_id: id,
  /** a member of the company; their name is the organiser's when none is given */
  user_id: id.nullish(),
  name: optionalText(NAME_MAX),
  email: z.string().trim().max(254).email('The email must be a valid email address.').nullish().or(z.literal('').transform(() => null)),
  phone: optionalText(40),
  role: z.string().trim().min(1).max(100).default('organiser'),
};
const reachable = (v: { user_id?: number | null; email?: string | null; phone?: string | null }) => Boolean(v.user_id || v.email || v.phone);
const reachableMessage = { message: 'Choose a member of the company, or give the organiser an email or a phone number.', path: ['user_id'] };

/** POST /organisers/store: a member (user_id) or an outside person (name plus email or phone) */
export const organiserSchema = z
  .object(organiserFields)
  .refine(reachable, reachableMessage)
  .refine((v) => Boolean(v.user_id || v.name), { message: 'The name field is required.', path: ['name'] });
export const organiserUpdateSchema = z.object({ ...organiserFields, role: z.string().trim().min(1).max(100) }).partial();
export type OrganiserInput = z.input<typeof organiserSchema>;

/** a wall-clock time in the company's timezone ("2026-12-01T18:00") or a moment with Z or an offset */
const moment = z
  .string()
  .trim()
  .refine((v) => LOCAL_DATE_TIME.test(v) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v), 'The time must be a date and time.');

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'The online link must be an http(s) address.');

const eventFields = {
  name: z.string().trim().min(1, 'The name field is required.').max(NAME_MAX),
  description: optionalText(TEXT_MAX),
  campaign_id: id.nullish(),
  group_id: id.nullish(),
  venue: optionalText(NAME_MAX),
  address: optionalText(500),
  online_url: url.nullish().or(z.literal('').transform(() => null)),
  starts_at: moment,
  ends_at: moment,
  capacity: z.coerce.number().int().min(0).max(10_000_000).nullish(),
  status: z.enum(EVENT_STATUSES).default('draft'),
  cover_media_id: id.nullish(),
  /** the campaign's organisers who organise it (replaces the list on update) */
  organiser_ids: z.array(id).max(200).optional(),
};

/** POST /events/store */
export const eventSchema = z.object(eventFields);
/** PUT /events/update/{id} (a drag on the calendar sends starts_at and ends_at alone) */
export const eventUpdateSchema = z.object({ ...eventFields, status: z.enum(EVENT_STATUSES) }).partial();
export type EventInput = z.input<typeof eventSchema>;

const groupFields = {
  name: z.string().trim().min(1, 'The name field is required.').max(NAME_MAX),
  description: optionalText(TEXT_MAX),
  campaign_id: id.nullish(),
};
/** POST /groups/store */
export const groupSchema = z.object(groupFields);
export const groupUpdateSchema = z.object(groupFields).partial();
export type GroupInput = z.input<typeof groupSchema>;

/** One question of the RSVP form beside yes / no / maybe (server/modules/campaigns/schema.ts RsvpQuestion). */
export const rsvpQuestionSchema = z
  .object({
    id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A question id is letters, digits, - and _.'),
    label: z.string().trim().min(1).max(300),
    type: z.enum(['text', 'choice', 'yes_no', 'number']),
    required: z.boolean().default(false),
    choices: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
  })
  .refine((q) => q.type !== 'choice' || (q.choices?.length ?? 0) >= 2, { message: 'A choice question needs at least two choices.', path: ['choices'] });

/** GET, POST and PUT /api/event-groups/{id}/rsvp-config: a group's shared RSVP settings */
export const rsvpConfigSchema = z
  .object({
    allow_maybe: z.boolean().default(true),
    max_plus_ones: z.coerce.number().int().min(0).max(20).default(0),
    deadline: z
      .string()
      .trim()
      .refine((v) => !Number.isNaN(new Date(v).getTime()), 'The deadline must be a date and time.')
      .nullish()
      .transform((v) => (v ? new Date(v).toISOString() : null)),
    reminder_hours: z.coerce.number().int().min(1).max(24 * 30).nullish(),
    waitlist_offer_hours: z.coerce.number().int().min(1).max(24 * 14).default(24),
    channels: z.array(z.enum(['sms', 'email'])).min(1, 'Choose at least one channel.').max(2).default(['sms']),
    questions: z
      .array(rsvpQuestionSchema)
      .max(30)
      .default([])
      .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Each question needs its own id.'),
    invitation_sms: leftOutWhenEmpty(1600),
    invitation_email_subject: leftOutWhenEmpty(300),
    invitation_email_body: leftOutWhenEmpty(20_000),
  })
  .strict();
export type RsvpConfigInput = z.input<typeof rsvpConfigSchema>;

/** POST /groups/{id}/participants: contacts picked one by one, or every contact of a segment (one INSERT … SELECT) */
export const participantsSchema = z
  .object({
    contact_ids: z.array(id).max(1000).optional(),
    segment_id: id.optional(),
  })
  .refine((v) => Boolean(v.contact_ids?.length) !== Boolean(v.segment_id), { message: 'Choose contacts or a segment.', path: ['contact_ids'] });
export type ParticipantsInput = z.input<typeof participantsSchema>;

/** GET /events/calendar and GET /groups/calendar */
export const calendarQuerySchema = z.object({
  year: z.coerce.number().int().min(1970).max(9999).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  campaign_id: id.optional(),
  group_id: id.optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  role: z.enum(CALENDAR_ROLES).optional(),
});

/** GET /calendar/events (FullCalendar's own range: start inclusive, end exclusive) */
export const calendarRangeSchema = z
  .object({
    start: z.string().trim().refine((v) => !Number.isNaN(new Date(v).getTime()), 'The start must be a date.'),
    end: z.string().trim().refine((v) => !Number.isNaN(new Date(v).getTime()), 'The end must be a date.'),
    campaign_id: id.optional(),
    group_id: id.optional(),
    status: z.enum(EVENT_STATUSES).optional(),
    role: z.enum(CALENDAR_ROLES).optional(),
    /** Calendar/Overview: the task due dates too (issue 21) */
    with_tasks: z
      .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
      .transform((v) => v === true || v === '1' || v === 'true')
      .optional(),
  })
  .refine((v) => new Date(v.start) < new Date(v.end), { message: 'The end must be after the start.', path: ['end'] })
  .refine((v) => new Date(v.end).getTime() - new Date(v.start).getTime() <= 400 * 86_400_000, { message: 'The range may cover at most 400 days.', path: ['end'] });
