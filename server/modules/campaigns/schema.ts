import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, numeric, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';
import { outreachContacts } from '../outreach/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** SPEC §4: the statuses of campaigns and events (the calendar's status filter). */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'completed', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const EVENT_STATUSES = CAMPAIGN_STATUSES;
export type EventStatus = CampaignStatus;

/**
 * One question an event (or its group) asks on the RSVP form, beside yes / no / maybe.
 * `id` is stable across edits so answers stay attached to their question.
 */
export interface RsvpQuestion {
  id: string;
  label: string;
  type: 'text' | 'choice' | 'yes_no' | 'number';
  required: boolean;
  choices?: string[];
}

/**
 * RSVP settings, set on a group (`/api/event-groups/{id}/rsvp-config`) for all its events, or on
 * an event for itself (an event's own settings win over its group's, field by field).
 */
export interface RsvpConfig {
  /** answers offered on the form */
  allow_maybe?: boolean;
  /** how many guests an invitee may bring */
  max_plus_ones?: number;
  /** answers are taken until then (ISO timestamp); null: until the event starts */
  deadline?: string | null;
  /** automatic reminder to confirmed guests this many hours before the start; null: none */
  reminder_hours?: number | null;
  /** how long a waitlisted guest has to take a place that freed up */
  waitlist_offer_hours?: number;
  /** channels invitations and reminders go out by */
  channels?: Array<'sms' | 'email'>;
  questions?: RsvpQuestion[];
  /** the invitation's words (Liquid: {{ first_name }}, {{ event_name }}, {{ rsvp_link }}, …) */
  invitation_sms?: string;
  invitation_email_subject?: string;
  invitation_email_body?: string;
}

/**
 * A campaign (SPEC §2 Campaigns, §7): a goal pursued through events, messages and surveys over a
 * period, owned by a member, with a budget in wallet credits.
 */
export const campaigns = tenantTable(
  'campaigns',
  {
    name: text('name').notNull(),
    goal: text('goal'),
    description: text('description'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** the member who owns it (users.id): "campaign_owner" in the calendar's roles filter */
    ownerId: bigint('owner_id', { mode: 'number' }),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    /** budget in wallet credits; null: no budget */
    budget: numeric('budget', { precision: 20, scale: 4 }),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    index('campaigns_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('campaigns_name_idx').on(t.tenantId, t.name, t.id),
    index('campaigns_status_idx').on(t.tenantId, t.status, t.createdAt, t.id),
    index('campaigns_owner_idx').on(t.tenantId, t.ownerId),
    ...searchIndexes('campaigns', t.name),
  ],
);

/**
 * An organiser of a campaign: a member of the company (`user_id`) or an outside person (name,
 * email, phone), with a role. Members who organise an event see and manage it.
 */
export const organisers = tenantTable(
  'organisers',
  {
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role').notNull().default('organiser'),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.campaignId], foreignColumns: [campaigns.tenantId, campaigns.id] }).onDelete('cascade'),
    uniqueIndex('organisers_member_unique').on(t.tenantId, t.campaignId, t.userId).where(sql`user_id is not null`),
    index('organisers_campaign_idx').on(t.tenantId, t.campaignId, t.name, t.id),
    // the company-wide list's default order (Organisers/Index without a campaign)
    index('organisers_name_idx').on(t.tenantId, t.name, t.id),
    index('organisers_user_idx').on(t.tenantId, t.userId),
    ...searchIndexes('organisers', t.name),
  ],
);

/** An event group (SPEC §2 Groups): a series of events sharing participants and RSVP settings. */
export const eventGroups = tenantTable(
  'event_groups',
  {
    name: text('name').notNull(),
    description: text('description'),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    /** shared RSVP settings; null until set (`POST /api/event-groups/{id}/rsvp-config`) */
    rsvpConfig: jsonb('rsvp_config').$type<RsvpConfig>(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.campaignId], foreignColumns: [campaigns.tenantId, campaigns.id] }),
    index('event_groups_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('event_groups_name_idx').on(t.tenantId, t.name, t.id),
    index('event_groups_campaign_idx').on(t.tenantId, t.campaignId),
    ...searchIndexes('event_groups', t.name),
  ],
);

/** A group's participants: contacts shared by all its events (invited together, surveyed together). */
export const groupParticipants = tenantTable(
  'group_participants',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [eventGroups.tenantId, eventGroups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [outreachContacts.tenantId, outreachContacts.id] }).onDelete('cascade'),
    uniqueIndex('group_participants_unique').on(t.tenantId, t.groupId, t.contactId),
    // Groups/Participants: one group's participants, newest first
    index('group_participants_added_idx').on(t.tenantId, t.groupId, t.createdAt, t.id),
    index('group_participants_contact_idx').on(t.tenantId, t.contactId),
  ],
);

/**
 * An event (SPEC §2 Events, §3 event calendar item): when and where, in the company's timezone
 * (`timezone` is copied from the company when it is made, so a later change of the company's
 * does not move it), its capacity and the seats its confirmed guests hold.
 */
export const events = tenantTable(
  'events',
  {
    name: text('name').notNull(),
    description: text('description'),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    venue: text('venue'),
    address: text('address'),
    onlineUrl: text('online_url'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    /** places, guests and their plus-ones together; null: no limit */
    capacity: integer('capacity'),
    /**
     * places held by confirmed guests (each with their plus-ones): raised only by
     * `UPDATE … SET seats_taken = seats_taken + n WHERE capacity IS NULL OR seats_taken + n <= capacity`,
     * so concurrent yes answers never overbook
     */
    seatsTaken: integer('seats_taken').notNull().default(0),
    status: text('status').$type<EventStatus>().notNull().default('draft'),
    /** the cover image: a media library file (media_files.id) */
    coverMediaId: bigint('cover_media_id', { mode: 'number' }),
    /** the event's own RSVP settings over its group's (field by field); null: the group's or the defaults */
    rsvpConfig: jsonb('rsvp_config').$type<RsvpConfig>(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.campaignId], foreignColumns: [campaigns.tenantId, campaigns.id] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [eventGroups.tenantId, eventGroups.id] }),
    index('events_starts_idx').on(t.tenantId, t.startsAt, t.id),
    index('events_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('events_campaign_idx').on(t.tenantId, t.campaignId, t.startsAt),
    index('events_group_idx').on(t.tenantId, t.groupId, t.startsAt),
    index('events_creator_idx').on(t.tenantId, t.createdBy),
    ...searchIndexes('events', t.name),
  ],
);

/** Which organisers organise which event ("is_organizer" in the calendar; what an organiser may manage). */
export const eventOrganisers = tenantTable(
  'event_organisers',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    organiserId: bigint('organiser_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [events.tenantId, events.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.organiserId], foreignColumns: [organisers.tenantId, organisers.id] }).onDelete('cascade'),
    uniqueIndex('event_organisers_unique').on(t.tenantId, t.eventId, t.organiserId),
    index('event_organisers_organiser_idx').on(t.tenantId, t.organiserId),
  ],
);

/**
 * The company's private calendar feed (decision 0042): `/calendar/feed/{token}.ics`, the token
 * signed under APP_KEY over the company and this random secret. Regenerating draws a new secret,
 * and every old address answers 404.
 */
export const calendarFeeds = tenantTable(
  'calendar_feeds',
  {
    secret: text('secret').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [uniqueIndex('calendar_feeds_tenant_unique').on(t.tenantId)],
);
