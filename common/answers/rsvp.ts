import type { Paginator } from '../schemas/list-query.js';

/** an invitee's answer (SPEC §8 RSVP) */
export type RsvpAnswer = 'yes' | 'no' | 'maybe';
/** where a "yes" stands */
export type RsvpPlace = 'confirmed' | 'waitlisted' | 'offered';

export interface RsvpQuestionAnswer {
  id: string;
  label: string;
  type: 'text' | 'choice' | 'yes_no' | 'number';
  required: boolean;
  choices?: string[];
}

/** The RSVP settings an event uses: its own over its group's over the defaults, field by field. */
export interface EffectiveRsvpConfig {
  allow_maybe: boolean;
  max_plus_ones: number;
  deadline: string | null;
  reminder_hours: number | null;
  waitlist_offer_hours: number;
  channels: Array<'sms' | 'email'>;
  questions: RsvpQuestionAnswer[];
  invitation_sms: string;
  invitation_email_subject: string;
  invitation_email_body: string;
}

/** One row of GET /events/get-rsvp-invitations/{eventId} (SPEC §3 invitation list). */
export interface RsvpInvitationRow {
  id: number;
  event_id: number;
  contact_id: number;
  name: string;
  phone: string | null;
  email: string | null;
  channels: Array<'sms' | 'email'>;
  sent_count: number;
  last_sent_at: string | null;
  reminder_count: number;
  last_reminded_at: string | null;
  answer: RsvpAnswer | null;
  answered_at: string | null;
  plus_ones: number;
  answers: Record<string, unknown>;
  place: RsvpPlace | null;
  seats: number;
  waitlisted_at: string | null;
  offer_expires_at: string | null;
  checked_in_at: string | null;
  created_at: string;
}

/** the optional `meta=1` totals beside the invitation list */
export interface RsvpTotals {
  invited: number;
  answered: number;
  not_answered: number;
  yes: number;
  no: number;
  maybe: number;
  confirmed: number;
  waitlisted: number;
  offered: number;
  /** confirmed guests with their plus-ones (events.seats_taken) */
  seats_taken: number;
  capacity: number | null;
  checked_in: number;
  /** confirmed guests and plus-ones of those checked in */
  checked_in_seats: number;
}

export type RsvpInvitationPage = Paginator<RsvpInvitationRow> & { meta?: RsvpTotals };

/** What the RSVP pages show of their event. */
export interface RsvpEventSummary {
  id: number;
  name: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  online_url: string | null;
  starts_at: string;
  ends_at: string;
  timezone: string;
  capacity: number | null;
  seats_taken: number;
  status: string;
  group_id: number | null;
  campaign_id: number | null;
  config: EffectiveRsvpConfig;
}

/** The Events/Dashboard figures (GET /events/rsvp-dashboard/{eventId}). */
export interface RsvpDashboard {
  totals: RsvpTotals;
  /** answers per day (the event's time zone) */
  answers_by_day: { day: string; yes: number; no: number; maybe: number }[];
  /** check-ins per hour */
  check_ins_by_hour: { hour: string; count: number }[];
  /** messages of the event's sends, per channel */
  messages: { channel: 'sms' | 'email'; sends: number; recipients: number; delivered: number; failed: number; credits: string }[];
  credits_total: string;
}

/** What the public RSVP form (RsvpForm, /rsvp/{token}) shows. */
export interface RsvpFormProps {
  token: string;
  company: { name: string; logo_url: string | null };
  event: { name: string; description: string | null; venue: string | null; address: string | null; online_url: string | null; starts_at: string; ends_at: string; timezone: string };
  invitee: { first_name: string | null };
  config: { allow_maybe: boolean; max_plus_ones: number; deadline: string | null; questions: RsvpQuestionAnswer[] };
  open: boolean;
  invitation: {
    answer: RsvpAnswer | null;
    plus_ones: number;
    answers: Record<string, unknown>;
    place: RsvpPlace | null;
    offer_expires_at: string | null;
    checked_in_at: string | null;
    /** the guest's check-in QR code (an SVG data URL) while confirmed */
    qr: string | null;
  };
  ics_url: string;
  google_calendar_url: string;
  places_left: number | null;
}

/** POST /events/check-in/{eventId} answer */
export interface CheckInAnswer {
  invitation_id: number;
  name: string;
  plus_ones: number;
  checked_in_at: string;
  /** false: they had already been checked in (at checked_in_at) */
  first_time: boolean;
}
