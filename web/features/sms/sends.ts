import type { DeliveryState, SmsAudience, SmsDraft, SmsMessageRow, SmsMessageStatus } from '@common/answers/sms';
import type { Tone } from '@/components/display/Badge';
import { isoLocalDateTime } from '@common/format';
import { sendControlsFor } from '../delivery/actions';

// What the SMS pages read off a send and build for the server: pure, so they are tested alone.

export const MESSAGE_STATUS_LABEL: Record<SmsMessageStatus, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const MESSAGE_STATUS_TONE: Record<SmsMessageStatus, Tone> = {
  scheduled: 'info',
  queued: 'primary',
  sending: 'primary',
  paused: 'warning',
  completed: 'success',
  cancelled: 'danger',
};

export const DELIVERY_STATE_LABEL: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  rejected: 'Rejected',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

export const DELIVERY_STATE_TONE: Record<DeliveryState, Tone> = {
  queued: 'secondary',
  sending: 'primary',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
  rejected: 'danger',
  unknown: 'warning',
  cancelled: 'secondary',
};

/** The states in which a recipient's SMS has left (or was refused): the send's progress counts them. */
const HANDLED: readonly DeliveryState[] = ['sent', 'delivered', 'failed', 'rejected', 'unknown'];

/** How far a send has gone, 0–100: recipients handled over recipients (100 for a send without recipients that completed). */
export function sendProgress(row: Pick<SmsMessageRow, 'counts' | 'recipients' | 'status'>): number {
  if (row.recipients <= 0) return row.status === 'completed' ? 100 : 0;
  const handled = HANDLED.reduce((sum, state) => sum + (row.counts[state] ?? 0), 0);
  return Math.min(100, (handled / row.recipients) * 100);
}

/** A send the worker is moving (its progress changes without the user doing anything). */
export function isMoving(row: Pick<SmsMessageRow, 'status'>): boolean {
  return row.status === 'queued' || row.status === 'sending';
}

/** What the user may do to a send in its status (the server refuses the rest). */
export function sendActions(status: SmsMessageStatus): { pause: boolean; resume: boolean; cancel: boolean; edit: boolean; remove: boolean } {
  return {
    ...sendControlsFor(status),
    edit: status === 'scheduled',
    remove: status === 'scheduled' || status === 'cancelled',
  };
}

/** The pasted numbers of the compose form: one a line, or separated by commas or semicolons; blanks dropped, each once. */
export function parseNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[\n,;]+/)) {
    const n = raw.trim();
    if (n) seen.add(n);
  }
  return [...seen];
}

/** The compose form's state, as the user left it. */
export type ComposeState = {
  message: string;
  segment_ids: number[];
  contact_ids: number[];
  numbers: string;
  sender_id: string;
  template_id: number | null;
  when: 'now' | 'later';
  /** a local date-time ("2026-12-01T09:30") in the company's time zone */
  scheduled_at: string;
  ignore_quiet_hours: boolean;
};

/** The body of POST /sms/preview, /sms/store and PUT /sms/messages/update/{id} for the form's state. */
export function draftOf(state: ComposeState): SmsDraft {
  const audience: SmsAudience = { contact_ids: state.contact_ids, segment_ids: state.segment_ids, numbers: parseNumbers(state.numbers) };
  return {
    message: state.message,
    audience,
    sender_id: state.sender_id || null,
    scheduled_at: state.when === 'later' ? state.scheduled_at || null : null,
    ignore_quiet_hours: state.ignore_quiet_hours,
    template_id: state.template_id,
  };
}

/** The form's state for an existing send (the edit page), the scheduled time cut to minutes. */
export function composeStateOf(row: SmsMessageRow, localScheduledAt: string | null): ComposeState {
  return {
    message: row.body,
    segment_ids: row.audience.segment_ids,
    contact_ids: row.audience.contact_ids,
    numbers: row.audience.numbers.join('\n'),
    sender_id: row.sender_id ?? '',
    template_id: row.template_id,
    when: localScheduledAt ? 'later' : 'now',
    scheduled_at: localScheduledAt ?? '',
    ignore_quiet_hours: row.ignore_quiet_hours,
  };
}

/** Whether the audience names anyone at all (the preview is not asked for before). */
export function hasAudience(draft: SmsDraft): boolean {
  return draft.audience.contact_ids.length + draft.audience.segment_ids.length + draft.audience.numbers.length > 0;
}

/** A moment as the local date-time of a datetime-local box in `timeZone` ("2026-12-01T09:30"). */
export const localDateTime = (iso: string, timeZone: string): string => isoLocalDateTime(iso, timeZone);
