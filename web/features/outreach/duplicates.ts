import type { OutreachContactRow } from '@common/answers/outreach';
import { DUPLICATE_EMAIL_MESSAGE, DUPLICATE_PHONE_MESSAGE } from '@common/schemas/outreach';

// A new contact refused because the phone or the e-mail is another contact's (decision 0029):
// which one, how to find that contact, and what "Update it with these details" sends to it.

export type Duplicate = { field: 'phone' | 'email'; value: string };

/** The duplicate a create's field errors report (the phone first), with the value typed; null when none does. */
export function duplicateOf(errors: Record<string, string> | null, typed: { phone?: string | null; email?: string | null }): Duplicate | null {
  if (!errors) return null;
  if (errors.phone === DUPLICATE_PHONE_MESSAGE && typed.phone?.trim()) return { field: 'phone', value: typed.phone.trim() };
  if (errors.email === DUPLICATE_EMAIL_MESSAGE && typed.email?.trim()) return { field: 'email', value: typed.email.trim() };
  return null;
}

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * The text to search for the existing contact: the e-mail as typed (stored lower-cased); for a
 * phone its digits without the leading zero of a national number, which the stored E.164 form
 * holds either way (0712 345 678 and +254712345678 both hold "712345678").
 */
export const searchTextFor = (d: Duplicate) => (d.field === 'email' ? d.value.toLowerCase() : digits(d.value).replace(/^0+/, ''));

type Match = { id: number; phone: string | null; email: string | null };

/** The search's match that is the duplicate: the same e-mail, or a phone ending in the digits typed; else the only match. */
export function pickExisting<M extends Match>(matches: readonly M[], d: Duplicate): M | null {
  const want = searchTextFor(d);
  const same = matches.filter((m) => (d.field === 'email' ? m.email?.toLowerCase() === want : Boolean(want) && digits(m.phone ?? '').endsWith(want)));
  if (same.length) return same[0];
  return matches.length === 1 ? matches[0] : null;
}

/** What the create form typed, as the API takes it. */
export type Typed = {
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  email?: string | null;
  gender?: OutreachContactRow['gender'];
  birthday?: string | null;
  location?: string | null;
  source?: string | null;
  notes?: string | null;
  tags?: string[];
  custom?: Record<string, string | number | null>;
  consent_sms?: 'granted' | 'withdrawn';
  consent_email?: 'granted' | 'withdrawn';
  consent_voice?: 'granted' | 'withdrawn';
  accounting_contact_id?: number | null;
};

const filled = (v: unknown): boolean => v !== null && v !== undefined && !(typeof v === 'string' && !v.trim());

/**
 * The update that gives the existing contact what was typed, without losing anything it has:
 * only non-empty values are sent; tags join its own; notes are added under its notes; custom values
 * only for the fields filled in (the server keeps the others); a consent choice is sent as one
 * more entry of its consent history.
 */
export function updateWithTyped(existing: Pick<OutreachContactRow, 'tags' | 'notes'>, typed: Typed): Typed {
  const out: Typed = {};
  for (const key of ['first_name', 'last_name', 'phone', 'email', 'gender', 'birthday', 'location', 'source', 'consent_sms', 'consent_email', 'consent_voice', 'accounting_contact_id'] as const) {
    if (filled(typed[key])) (out as Record<string, unknown>)[key] = typeof typed[key] === 'string' ? (typed[key] as string).trim() : typed[key];
  }
  const newTags = (typed.tags ?? []).filter((t) => !existing.tags.some((e) => e.toLowerCase() === t.toLowerCase()));
  if (newTags.length) out.tags = [...existing.tags, ...newTags];
  const notes = typed.notes?.trim();
  if (notes && notes !== existing.notes?.trim()) out.notes = existing.notes?.trim() ? `${existing.notes.trim()}\n\n${notes}` : notes;
  const custom = Object.fromEntries(Object.entries(typed.custom ?? {}).filter(([, v]) => filled(v)));
  if (Object.keys(custom).length) out.custom = custom;
  return out;
}
