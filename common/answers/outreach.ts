import type { Channel, ConsentStatus, CustomFieldType } from '../outreach.js';
import type { RuleGroup, SegmentType } from '../segments.js';

// The rows and figures the outreach endpoints answer (decision 0017): written once here, the
// server's field maps are checked against them (answerFields) and the pages read them.

/** A row of GET /contacts/json and the data of GET /contacts/get-contact/{id}. */
export type OutreachContactRow = {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  /** E.164 ("+254712345678") */
  phone: string | null;
  email: string | null;
  gender: 'female' | 'male' | 'other' | null;
  birthday: string | null;
  location: string | null;
  tags: string[];
  custom: Record<string, string | number | null>;
  source: string | null;
  notes: string | null;
  consent_sms: ConsentStatus;
  consent_email: ConsentStatus;
  consent_voice: ConsentStatus;
  accounting_contact_id: number | null;
  created_at: string;
  updated_at: string;
};

/** A row of GET /contacts/fields/json: one of the company's own contact fields. */
export type ContactFieldRow = {
  id: number;
  /** what contacts' `custom` values, imports and segment rules name it by */
  key: string;
  label: string;
  type: CustomFieldType;
  /** the values a choice field takes (empty for the other types) */
  choices: string[];
  created_at: string;
  updated_at: string;
};

/** A row of GET /segments/json and the data of GET /segments/get-segment/{id}. */
export type SegmentRow = {
  id: number;
  name: string;
  description: string | null;
  type: SegmentType;
  rules: RuleGroup;
  /** the member count when it was last counted (`size_at`; every save counts) */
  size: number | null;
  size_at: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

export type PerChannel = Record<Channel, number>;

/** POST /segments/count → data: the rule editor's live count. */
export type SegmentCount = { count: number; sendable: PerChannel };

/** GET /segments/statistics/{id} → data. */
export type SegmentStatistics = { size: number; growth: number; reachable: PerChannel; opted_out: PerChannel };

/** GET /segments/analytics/{id} → data: series per bucket (day, week or month, as YYYY-MM-DD). */
export type SegmentAnalytics = { period: 'day' | 'week' | 'month'; labels: string[]; joined: number[]; activity: Record<string, number[]> };

/** A contact event: a row of GET /contacts/{id}/timeline, and (with the contact) of /segments/activity-logs/{id}. */
export type ContactEventRow = {
  id: number;
  /** `area.what`: sms.sent, email.opened, rsvp.accepted… */
  type: string;
  occurred_at: string;
  subject_type: string | null;
  subject_id: number | null;
  data: Record<string, unknown>;
};

export type SegmentActivityRow = ContactEventRow & { contact_id: number; contact_name: string | null };

/** POST /segments/add-contacts/{id} and /remove-contacts/{id} → data. */
export type SegmentPick = { changed: number; size: number };

/** GET /segments/bulk-operations/{id}: where a bulk operation stands */
export interface BulkOperationRow {
  id: number;
  action: 'tag' | 'untag' | 'add_to_segment' | 'remove_from_segment' | 'set_consent' | 'delete' | 'export';
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  changed: number;
  message: string | null;
  /** the export's file, once done */
  download_url: string | null;
}
