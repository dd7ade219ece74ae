import { CHANNELS, CONSENT_FIELD } from '@common/outreach';
import type { OutreachContactRow } from '@common/answers/outreach';
import { Badge } from '@/components/display/Badge';
import { CHANNEL_LABEL, CONSENT_LABEL, CONSENT_TONE } from './copy';

/** A contact's consent per channel as three small badges ("SMS ✓ granted"). */
export function ConsentBadges({ contact }: { contact: Pick<OutreachContactRow, 'consent_sms' | 'consent_email' | 'consent_voice'> }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Consent">
      {CHANNELS.map((ch) => {
        const status = contact[CONSENT_FIELD[ch]];
        return (
          <li key={ch}>
            <Badge tone={CONSENT_TONE[status]}>
              {CHANNEL_LABEL[ch]}
              <span className="sr-only">: {CONSENT_LABEL[status]}</span>
              <span aria-hidden="true">{status === 'granted' ? ' ✓' : status === 'withdrawn' ? ' ✕' : ' ?'}</span>
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
