import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { events } from '../campaigns/schema.js';
import { outreachContacts } from '../outreach/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** an invitee's answer (SPEC §8 RSVP); null until they answer */
export const RSVP_ANSWERS = ['yes', 'no', 'maybe'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
/**
 * where a "yes" stands: holding places (`confirmed`), waiting for one (`waitlisted`), or offered a
 * freed place until `offer_expires_at` (`offered`)
 */
export const RSVP_PLACES = ['confirmed', 'waitlisted', 'offered'] as const;
export type RsvpPlace = (typeof RSVP_PLACES)[number];

/**
 * An invitation of one contact to one event (SPEC §3 invitation list): sent through the delivery
 * engine (its sends carry event_id), answered through a signed personal link, and the guest's
 * place, reminders and check-in. One per (event, contact).
 */
export const rsvpInvitations = tenantTable(
  'rsvp_invitations',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    /** how the invitee was reached: 'sms', 'email' or both */
    channels: jsonb('channels').$type<Array<'sms' | 'email'>>().notNull().default([]),
    /** raised to invalidate every link sent before (a resend with a fresh link) */
    linkVersion: integer('link_version').notNull().default(1),
    sentCount: integer('sent_count').notNull().default(0),
    lastSentAt: at('last_sent_at'),
    reminderCount: integer('reminder_count').notNull().default(0),
    lastRemindedAt: at('last_reminded_at'),
    answer: text('answer').$type<RsvpAnswer>(),
    answeredAt: at('answered_at'),
    plusOnes: integer('plus_ones').notNull().default(0),
    /** answers to the event's own questions, by question id */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    place: text('place').$type<RsvpPlace>(),
    /** the seats this invitation holds in events.seats_taken (1 + plus-ones while confirmed, else 0) */
    seats: integer('seats').notNull().default(0),
    /** waitlist order */
    waitlistedAt: at('waitlisted_at'),
    offerExpiresAt: at('offer_expires_at'),
    /** the automatic reminder before the event: sent once */
    autoReminderSentAt: at('auto_reminder_sent_at'),
    checkedInAt: at('checked_in_at'),
    checkedInBy: bigint('checked_in_by', { mode: 'number' }),
    invitedBy: bigint('invited_by', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [events.tenantId, events.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [outreachContacts.tenantId, outreachContacts.id] }).onDelete('cascade'),
    uniqueIndex('rsvp_invitations_unique').on(t.tenantId, t.eventId, t.contactId),
    index('rsvp_invitations_event_idx').on(t.tenantId, t.eventId, t.id),
    index('rsvp_invitations_answer_idx').on(t.tenantId, t.eventId, t.answer, t.answeredAt),
    index('rsvp_invitations_contact_idx').on(t.tenantId, t.contactId),
    index('rsvp_invitations_waitlist_idx').on(t.tenantId, t.eventId, t.waitlistedAt, t.id).where(sql`place = 'waitlisted'`),
    index('rsvp_invitations_offers_idx').on(t.offerExpiresAt).where(sql`place = 'offered'`),
    // the minute sweep's automatic reminders: confirmed guests not yet reminded, across companies (few rows: each leaves it once reminded)
    index('rsvp_invitations_remind_idx').on(t.eventId, t.tenantId).where(sql`place = 'confirmed' and auto_reminder_sent_at is null`),
  ],
);
