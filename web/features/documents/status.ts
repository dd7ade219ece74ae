import type { Tone } from '@/components/display/Badge';

/** How each document status reads (every status of common/documents/status.ts, and overdue). */
export const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  received: 'Received',
  partial: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  approved: 'Approved',
  refused: 'Refused',
  converted: 'Converted',
  overdue: 'Overdue',
};

/** The tone of each status: waiting on someone (info), money in part (warning), done (success), stopped (danger). */
export const STATUS_TONES: Record<string, Tone> = {
  draft: 'secondary',
  sent: 'info',
  viewed: 'primary',
  received: 'info',
  partial: 'warning',
  paid: 'success',
  cancelled: 'danger',
  approved: 'success',
  refused: 'danger',
  converted: 'dark',
  overdue: 'danger',
};

/** "partial" → "Partially paid"; an unknown status reads as itself, capitalised. */
export function documentStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : '');
}

export function documentStatusTone(status: string): Tone {
  return STATUS_TONES[status] ?? 'secondary';
}
