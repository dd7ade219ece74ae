// What the campaigns module's endpoints answer (decision 0042): shared by the server's field
// declarations (answerFields) and the pages.
import type { CalendarRole, CampaignStatus, EventStatus } from '../schemas/campaigns.js';

export interface CampaignRow {
  id: number;
  name: string;
  goal: string | null;
  description: string | null;
  starts_on: string | null;
  ends_on: string | null;
  owner_id: number | null;
  owner_name: string | null;
  status: CampaignStatus;
  budget: string | null;
  events_count: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface OrganiserRow {
  id: number;
  campaign_id: number;
  campaign_name: string | null;
  user_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  role: string;
  events_count: number;
  created_at: string;
}

export interface EventRow {
  id: number;
  name: string;
  description: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  group_id: number | null;
  group_name: string | null;
  venue: string | null;
  address: string | null;
  online_url: string | null;
  /** ISO moments in UTC; shown in `timezone` (the company's when the event was made) */
  starts_at: string;
  ends_at: string;
  timezone: string;
  capacity: number | null;
  seats_taken: number;
  status: EventStatus;
  cover_media_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** attached: the organisers linked to it, and its cover's address in the back office */
  organiser_ids: number[];
  cover_url: string | null;
}

export interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  events_count: number;
  participants_count: number;
  has_rsvp_config: boolean;
  created_at: string;
  updated_at: string;
}

export interface ParticipantRow {
  id: number;
  contact_id: number;
  name: string;
  phone: string | null;
  email: string | null;
  created_at: string;
}

/** SPEC §3 event calendar item: the event's fields plus title, start_date, end_date and the calendar extras */
export interface CalendarItem extends Omit<EventRow, 'organiser_ids' | 'cover_url'> {
  title: string;
  start_date: string;
  end_date: string;
  is_creator: boolean;
  is_organizer: boolean;
  is_campaign_owner: boolean;
  /** the user's strongest relation to it: creator, organizer, campaign_owner, or null (seen through events.view_all) */
  user_role: CalendarRole | null;
  /** may be dragged to another time (events.update on an event one sees) */
  editable: boolean;
}

/** A task's due date on the calendar page (issue 21): one day, coloured by its status */
export interface CalendarTaskItem {
  kind: 'task';
  /** `task-{id}`: never the same as an event's */
  id: string;
  task_id: number;
  event_id: number;
  event_name: string;
  title: string;
  start_date: string;
  end_date: string;
  status: string;
  overdue: boolean;
  assigned_to: number | null;
  editable: false;
}

/** GET /calendar/events: the events (kind event) and, asked for, the task due dates */
export type CalendarEntry = (CalendarItem & { kind: 'event' }) | CalendarTaskItem;

/** SPEC §3 campaign counts */
export interface CountAnswer {
  data: { count: number };
}

export interface CampaignStats {
  events: number;
  organisers: number;
  locations: number;
  /** wallet credits spent by the campaign's sends */
  spend: string;
  messages_sent: number;
  invitations: number;
  rsvps: number;
  rsvp_yes: number;
  rsvp_no: number;
  rsvp_maybe: number;
  events_by_status: Record<EventStatus, number>;
  /** credits spent per month of the campaign's sends (YYYY-MM) */
  spend_by_month: { month: string; credits: string; messages: number }[];
}
