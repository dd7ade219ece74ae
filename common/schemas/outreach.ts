import { z } from 'zod';
import { CONSENT_STATUSES, CUSTOM_FIELD_TYPES, GENDERS } from '../outreach.js';
import { isoDate, optionalText, recordId } from './fields.js';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .pipe(z.union([z.literal(''), z.email({ error: 'The email field must be a valid email address.' })]))
  .nullish()
  .transform((v) => v || null);

/** Tags: trimmed, case kept, duplicates (ignoring case) dropped, at most 50 of 50 characters. */
export const tagList = z
  .array(z.string().trim().min(1).max(50), { error: 'The tags field must be a list.' })
  .max(50)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const k = t.toLowerCase();
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  });

/** consent is given or withdrawn, never set back to unknown */
const consent = z.enum(CONSENT_STATUSES).exclude(['unknown']).optional();

/**
 * An outreach contact (SPEC §2 Contacts; docs/decisions/0026-outreach-contacts.md). The phone is
 * checked and stored in E.164 by the server against the company's country; a contact needs a
 * phone number or an e-mail address to be reached at all (REACHABLE_MESSAGE).
 */
export const outreachContactSchema = z.object({
    first_name: z.string().trim().max(100).nullish().transform((v) => v ?? ''),
    last_name: z.string().trim().max(100).nullish().transform((v) => v ?? ''),
    phone: optionalText(50),
    email,
    gender: z.enum(GENDERS).nullish().transform((v) => v ?? null),
    birthday: isoDate('birthday').nullish().transform((v) => v ?? null),
    location: optionalText(255),
    tags: tagList.default([]),
    custom: z.record(z.string().max(64), z.union([z.string().max(1000), z.number(), z.null()])).default({}),
    source: optionalText(100),
    notes: optionalText(5000),
    consent_sms: consent,
    consent_email: consent,
    consent_voice: consent,
    accounting_contact_id: recordId('customer or vendor').nullish().transform((v) => v ?? null),
  });
/** a create or update refused because another contact of the company has the phone or the e-mail */
export const DUPLICATE_PHONE_MESSAGE = 'A contact with this phone number already exists.';
export const DUPLICATE_EMAIL_MESSAGE = 'A contact with this email address already exists.';
/** checked on the stored result of a write (an update may send one of the two) */
export const REACHABLE_MESSAGE = 'A contact needs a phone number or an email address.';
export type OutreachContactInput = z.input<typeof outreachContactSchema>;

const YES = new Set(['yes', 'y', 'true', '1', 'granted', 'opt-in', 'opted in', 'subscribed']);
const NO = new Set(['no', 'n', 'false', '0', 'withdrawn', 'opt-out', 'opted out', 'unsubscribed']);
/** A consent cell of an import: yes/no words, or granted/withdrawn; empty means not stated. */
const consentCell = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const t = v.toLowerCase();
    if (YES.has(t)) return 'granted' as const;
    if (NO.has(t)) return 'withdrawn' as const;
    ctx.addIssue({ code: 'custom', message: 'The consent must be yes or no.' });
    return z.NEVER;
  })
  .optional();

/** One row of a contacts import: the contact's own fields (no link, no custom fields yet), consent as yes/no. */
export const outreachContactImportSchema = outreachContactSchema.omit({ accounting_contact_id: true, custom: true }).extend({
  consent_sms: consentCell,
  consent_email: consentCell,
  consent_voice: consentCell,
});

/** A company's own contact field (text, number, date or choice); its key is what imports and rules name. */
export const contactFieldSchema = z.object({
  key: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'The key must start with a letter and hold only letters, digits and underscores.'),
  label: z.string().trim().min(1).max(100),
  type: z.enum(CUSTOM_FIELD_TYPES),
  choices: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
});

export type ContactFieldInput = z.input<typeof contactFieldSchema>;

/** Two contacts that are one person: `merge_id` is folded into `keep_id` and deleted. */
export const contactMergeSchema = z.object({
  keep_id: z.coerce.number().int().positive(),
  merge_id: z.coerce.number().int().positive(),
});
