import type { Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { loadContactFields } from '../outreach/fields.js';
import { compileMessage, MessageTemplateError } from '../outreach/message-render.js';
import type { RsvpConfig } from './schema.js';

/** What an RSVP message may say beyond the contact's own fields (SPEC §2 Events/Rsvp*). */
export const RSVP_VARIABLES = ['event_name', 'event_date', 'event_time', 'event_venue', 'company_name', 'rsvp_link', 'offer_expires', 'qr_url'] as const;

/**
 * Checks a message text someone wrote (an invitation, a survey's message): the contact's fields
 * and the given variables may be used, anything else is a 422 on `field`.
 */
export async function checkMessageText(tx: Tx, tenantId: number, field: string, body: string, variables: readonly string[], html = false) {
  const keys = (await loadContactFields(tx, tenantId)).map((f) => f.key);
  try {
    return compileMessage(body, keys, { html, variables });
  } catch (err) {
    if (err instanceof MessageTemplateError) throw fieldError(field, err.message);
    throw err;
  }
}

/** Checks a text an organiser wrote for the invitation (422 on `field` when it cannot be read). */
export const checkInvitationText = (tx: Tx, tenantId: number, field: string, body: string, html = false) => checkMessageText(tx, tenantId, field, body, RSVP_VARIABLES, html);

/** The invitation's own words in RSVP settings, checked when they are saved rather than when the first invitation fails. */
export async function checkInvitationTexts(tx: Tx, tenantId: number, config: RsvpConfig): Promise<void> {
  if (config.invitation_sms) await checkInvitationText(tx, tenantId, 'invitation_sms', config.invitation_sms);
  if (config.invitation_email_subject) await checkInvitationText(tx, tenantId, 'invitation_email_subject', config.invitation_email_subject);
  if (config.invitation_email_body) await checkInvitationText(tx, tenantId, 'invitation_email_body', config.invitation_email_body, true);
}
