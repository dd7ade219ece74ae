import { bigint, boolean, foreignKey, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { Answers, SurveyDefinition } from '../../../common/surveys.js';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';
import { campaigns, eventGroups, events } from '../campaigns/schema.js';
import { outreachContacts } from '../outreach/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A survey (SPEC §2 Surveys; issue 20; docs/decisions/0048-surveys.md): its definition (sections,
 * questions, skip logic) as one JSON document validated by common/surveys.ts, how it closes (by
 * hand: closed_at; at a time: closes_at; after N responses: max_responses) and what it is linked
 * to: a campaign, an event, a group (for the group's guests, or its participants).
 */
export const surveys = tenantTable(
  'surveys',
  {
    name: text('name').notNull(),
    description: text('description'),
    thankYou: text('thank_you'),
    definition: jsonb('definition').$type<SurveyDefinition>().notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    onePerContact: boolean('one_per_contact').notNull().default(true),
    closesAt: at('closes_at'),
    maxResponses: integer('max_responses'),
    closedAt: at('closed_at'),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    eventId: bigint('event_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    /** linked to its group for the group's participants (POST /groups/link-participant-survey), else for its guests */
    isParticipant: boolean('is_participant').notNull().default(false),
    /** kept by every answer in the same statement that stores it (the closing after N responses reads it) */
    responsesCount: integer('responses_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.campaignId], foreignColumns: [campaigns.tenantId, campaigns.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [events.tenantId, events.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [eventGroups.tenantId, eventGroups.id] }).onDelete('set null'),
    index('surveys_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('surveys_name_idx').on(t.tenantId, t.name, t.id),
    index('surveys_event_idx').on(t.tenantId, t.eventId),
    index('surveys_group_idx').on(t.tenantId, t.groupId),
    index('surveys_campaign_idx').on(t.tenantId, t.campaignId),
    ...searchIndexes('surveys', t.name),
  ],
);

/**
 * One response to a survey: its answers by question id (checked against the definition and its
 * skip logic before they are stored), who gave it (null: anonymous or a public link) and where it
 * came from, copied from the survey or the personal link so results filter without joins.
 */
export const surveyResponses = tenantTable(
  'survey_responses',
  {
    surveyId: bigint('survey_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }),
    answers: jsonb('answers').$type<Answers>().notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    eventId: bigint('event_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    isParticipant: boolean('is_participant').notNull().default(false),
    /** 'link' (the public link), 'page' (inside a CMS page), 'personal' (a sent link), 'demo' */
    source: text('source').notNull().default('link'),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.surveyId], foreignColumns: [surveys.tenantId, surveys.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [outreachContacts.tenantId, outreachContacts.id] }).onDelete('set null'),
    // the responses of a survey, newest first (Surveys/Results), and the one-per-contact check
    index('survey_responses_survey_idx').on(t.tenantId, t.surveyId, t.createdAt, t.id),
    index('survey_responses_contact_idx').on(t.tenantId, t.contactId, t.surveyId),
    index('survey_responses_event_idx').on(t.tenantId, t.eventId, t.surveyId),
    index('survey_responses_group_idx').on(t.tenantId, t.groupId, t.surveyId),
    index('survey_responses_campaign_idx').on(t.tenantId, t.campaignId, t.surveyId),
  ],
);
