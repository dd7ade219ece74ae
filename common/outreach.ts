/**
 * Outreach contacts' fixed vocabularies (docs/decisions/0026-outreach-contacts.md), shared by
 * the tables, the validation schemas and the pages.
 */
export const CHANNELS = ['sms', 'email', 'voice'] as const;
export type Channel = (typeof CHANNELS)[number];

/** `unknown` until the contact gives or withdraws consent on the channel */
export const CONSENT_STATUSES = ['unknown', 'granted', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** how a consent was given or withdrawn */
export const CONSENT_METHODS = ['form', 'import', 'manual', 'unsubscribe_link', 'one_click', 'sms_keyword', 'merge'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** why a channel is closed for a contact, whatever its consent says */
export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const GENDERS = ['female', 'male', 'other'] as const;

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/**
 * The kinds of contact event (`area.what`) a contact's timeline holds: the one writer
 * (recordContactEvents) refuses any other, and the segment editor's "Activity" condition offers
 * exactly these. An area that records a new kind adds it here first.
 */
export const CONTACT_EVENT_TYPES = [
  'sms.sent',
  'sms.delivered',
  'email.sent',
  'email.opened',
  // RSVP (server/modules/rsvp): "did not answer" is rsvp.invited without rsvp.answered; "attended" is rsvp.checked_in
  'rsvp.invited',
  'rsvp.answered',
  'rsvp.accepted',
  'rsvp.declined',
  'rsvp.waitlisted',
  'rsvp.reminded',
  'rsvp.checked_in',
  'survey.answered',
] as const;
export type ContactEventType = (typeof CONTACT_EVENT_TYPES)[number];

/** the database column holding a channel's consent status */
export const CONSENT_FIELD: Record<Channel, 'consent_sms' | 'consent_email' | 'consent_voice'> = {
  sms: 'consent_sms',
  email: 'consent_email',
  voice: 'consent_voice',
};
