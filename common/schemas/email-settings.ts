import { z } from 'zod';
import { EMAIL_DRIVERS, MAILGUN_REGION_CHOICES, SMTP_SECURITY_CHOICES } from '../answers/email.js';

/**
 * POST /email/settings/update and /email/settings/test-connection (issue 17), checked the same
 * way in the browser and on the server. A secret left empty, left out or sent back as its mask
 * ("••••…") keeps the stored one; null clears it. The rules that depend on what is stored (a
 * Mailgun key must exist to choose Mailgun) are the server's.
 */
export const isMask = (value: string) => value.startsWith('••••');
export const EMAIL_FOOTER_MAX = 2000;
/** a domain name in lower case (mg.example.org) */
export const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HOST = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, what: string) => z.preprocess(blank, z.string().trim().max(max, `${what} may be at most ${max} characters.`).nullable().optional());
const email = (what: string) => z.preprocess(blank, z.string().trim().toLowerCase().email(`${what} must be an email address.`).max(254).nullable().optional());
const keep = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || isMask(v)) ? undefined : v);
const secret = (what: string) => z.preprocess(keep, z.string().trim().min(8, `${what} is too short to be one.`).max(500).nullable().optional());

export const emailSettingsSchema = z
  .object({
    driver: z.enum(EMAIL_DRIVERS, { error: 'Choose Mailgun or SMTP.' }),
    mailgun_key: secret('The Mailgun API key'),
    mailgun_region: z.enum(MAILGUN_REGION_CHOICES, { error: 'The region is EU or US.' }).default('eu'),
    mailgun_domain: z.preprocess(blank, z.string().trim().toLowerCase().regex(DOMAIN_NAME, 'Enter a domain name such as mg.example.org.').nullable().optional()),
    mailgun_from: email('The from address'),
    default_from_name: optionalText(100, 'The from name'),
    reply_to_email: email('The reply-to address'),
    email_footer: optionalText(EMAIL_FOOTER_MAX, 'The footer'),
    webhook_signing_key: secret('The webhook signing key'),
    smtp_host: z.preprocess(blank, z.string().trim().regex(HOST, 'Enter a host name such as smtp.example.org.').nullable().optional()),
    smtp_port: z.preprocess(
      blank,
      z.coerce.number({ error: 'The port is a number.' }).int('The port is a whole number.').min(1, 'The port is between 1 and 65535.').max(65535, 'The port is between 1 and 65535.').nullable().optional(),
    ),
    smtp_security: z.enum(SMTP_SECURITY_CHOICES, { error: 'Choose STARTTLS, TLS or none.' }).default('starttls'),
    smtp_user: optionalText(254, 'The user name'),
    smtp_password: z.preprocess((v) => (typeof v === 'string' && (v === '' || isMask(v)) ? undefined : v), z.string().max(500).nullable().optional()),
    smtp_from: email('The from address'),
  })
  .strict();
export type EmailSettingsInput = z.input<typeof emailSettingsSchema>;

/** POST /email/settings/domains */
export const addDomainSchema = z
  .object({ domain: z.string({ error: 'The domain is required.' }).trim().toLowerCase().min(1, 'The domain is required.').regex(DOMAIN_NAME, 'Enter a domain name such as mg.example.org.') })
  .strict();

/** POST /email/settings/domains/{id}/keys */
export const domainKeySchema = z.object({ description: z.string().trim().max(100, 'The description may be at most 100 characters.').optional().default('') }).strict();
