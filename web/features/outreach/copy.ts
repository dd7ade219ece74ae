import { CHANNELS, type Channel, type ConsentStatus } from '@common/outreach';
import type { Tone } from '@/components/display/Badge';

// The words of the outreach pages, said once.

export const CHANNEL_LABEL: Record<Channel, string> = { sms: 'SMS', email: 'Email', voice: 'Voice' };

export const CONSENT_LABEL: Record<ConsentStatus, string> = { granted: 'Granted', withdrawn: 'Withdrawn', unknown: 'Not given' };
export const CONSENT_TONE: Record<ConsentStatus, Tone> = { granted: 'success', withdrawn: 'danger', unknown: 'secondary' };

export const GENDER_OPTIONS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
] as const;

/** The list filters on consent, one per channel (`?consent_sms=granted`). */
export const CONSENT_FILTERS = CHANNELS.map((ch) => ({
  name: `consent_${ch}`,
  label: `${CHANNEL_LABEL[ch]} consent`,
  options: [
    { value: '', label: 'Any' },
    { value: 'granted', label: 'Granted' },
    { value: 'withdrawn', label: 'Withdrawn' },
    { value: 'unknown', label: 'Not given' },
  ],
}));

export const GENDER_FILTER = { name: 'gender', label: 'Gender', options: [{ value: '', label: 'Any' }, ...GENDER_OPTIONS] };

/** "sms.sent" → "SMS sent" */
export function eventLabel(type: string): string {
  const [area, what = ''] = type.split('.');
  const head = area === 'sms' ? 'SMS' : area.charAt(0).toUpperCase() + area.slice(1);
  return `${head} ${what.replace(/_/g, ' ')}`.trim();
}
