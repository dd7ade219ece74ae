import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MAILGUN_REGION_CHOICES, type EmailSettings } from '../../../common/answers/email.js';
import { emailSettingsSchema } from '../../../common/schemas/email-settings.js';
import type { Config } from '../../config.js';
import { maskSecret, seal, SealedSecretUnreadable, unseal } from '../../crypto/sealed.js';
import { rows, type Tx } from '../../db/client.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { MailgunEmail, type MailgunAccount, type MailgunRegion } from '../../providers/email/mailgun.js';
import { SmtpEmail, type SmtpSecurity } from '../../providers/email/smtp.js';
import type { EmailDriver } from '../../providers/email/types.js';
import { ProviderError } from '../../providers/payments/errors.js';

/**
 * A company's email settings (SPEC §3 Email settings; issue 17): Mailgun (API key, region, the
 * sending domain and from address) or its own SMTP server, the from name, reply-to and footer,
 * and Mailgun's webhook signing key. Secrets are sealed under APP_KEY with their place as
 * associated data and answered masked.
 */
type Config4Email = Pick<Config, 'appKey' | 'email'>;

/** the stored row, secrets still sealed */
interface Stored {
  driver: 'mailgun' | 'smtp';
  mailgun_key_sealed: string | null;
  mailgun_key_mask: string | null;
  mailgun_region: MailgunRegion;
  mailgun_domain: string | null;
  mailgun_from: string | null;
  default_from_name: string | null;
  reply_to_email: string | null;
  email_footer: string | null;
  webhook_signing_key_sealed: string | null;
  webhook_signing_key_mask: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_security: SmtpSecurity;
  smtp_user: string | null;
  smtp_password_sealed: string | null;
  smtp_password_mask: string | null;
  smtp_from: string | null;
}

const DEFAULTS: Stored = {
  driver: 'mailgun',
  mailgun_key_sealed: null,
  mailgun_key_mask: null,
  mailgun_region: 'eu',
  mailgun_domain: null,
  mailgun_from: null,
  default_from_name: null,
  reply_to_email: null,
  email_footer: null,
  webhook_signing_key_sealed: null,
  webhook_signing_key_mask: null,
  smtp_host: null,
  smtp_port: null,
  smtp_security: 'starttls',
  smtp_user: null,
  smtp_password_sealed: null,
  smtp_password_mask: null,
  smtp_from: null,
};

const SECRETS = ['mailgun_key', 'webhook_signing_key', 'smtp_password'] as const;
type Secret = (typeof SECRETS)[number];
const place = (tenantId: number, secret: Secret) => `email_settings:${tenantId}:${secret}`;

export async function readStored(tx: Tx, tenantId: number): Promise<Stored> {
  const [r] = await rows<Stored>(tx, sql`select ${sql.raw(Object.keys(DEFAULTS).join(', '))} from email_settings where tenant_id = ${tenantId}`);
  return r ? { ...r, smtp_port: r.smtp_port === null ? null : Number(r.smtp_port) } : { ...DEFAULTS };
}

/** what the page sees: every field, each secret as its mask */
export function answerOf(s: Stored): EmailSettings {
  return {
    driver: s.driver,
    mailgun_key: s.mailgun_key_sealed ? s.mailgun_key_mask : null,
    mailgun_region: s.mailgun_region,
    mailgun_domain: s.mailgun_domain,
    mailgun_from: s.mailgun_from,
    default_from_name: s.default_from_name,
    reply_to_email: s.reply_to_email,
    email_footer: s.email_footer,
    webhook_signing_key: s.webhook_signing_key_sealed ? s.webhook_signing_key_mask : null,
    smtp_host: s.smtp_host,
    smtp_port: s.smtp_port,
    smtp_security: s.smtp_security,
    smtp_user: s.smtp_user,
    smtp_password: s.smtp_password_sealed ? s.smtp_password_mask : null,
    smtp_from: s.smtp_from,
  };
}

export async function readSettings(tx: Tx, tenantId: number): Promise<EmailSettings> {
  return answerOf(await readStored(tx, tenantId));
}

export const settingsSchema = emailSettingsSchema;

type Input = z.infer<typeof settingsSchema>;

/** the input over the stored row: secrets sealed, what was left out kept; the rules of the chosen driver checked */
function merge(config: Config4Email, tenantId: number, stored: Stored, v: Input): Stored {
  const next: Stored = { ...stored };
  for (const k of ['mailgun_domain', 'mailgun_from', 'default_from_name', 'reply_to_email', 'email_footer', 'smtp_host', 'smtp_port', 'smtp_user', 'smtp_from'] as const) {
    if (v[k] !== undefined) (next as unknown as Record<string, unknown>)[k] = v[k];
  }
  next.driver = v.driver;
  next.mailgun_region = v.mailgun_region;
  next.smtp_security = v.smtp_security;
  for (const s of SECRETS) {
    const given = v[s];
    if (given === undefined) continue;
    next[`${s}_sealed`] = given === null ? null : seal(config.appKey, place(tenantId, s), given);
    next[`${s}_mask`] = given === null ? null : maskSecret(given);
  }
  const errors: Record<string, string[]> = {};
  if (next.driver === 'mailgun' && !next.mailgun_key_sealed) errors.mailgun_key = ['The Mailgun API key is required to send through Mailgun.'];
  if (next.driver === 'smtp') {
    if (!next.smtp_host) errors.smtp_host = ['The SMTP host is required.'];
    if (!next.smtp_port) errors.smtp_port = ['The SMTP port is required.'];
    if (!next.smtp_from) errors.smtp_from = ['The from address is required to send through SMTP.'];
    if (next.smtp_password_sealed && !next.smtp_user) errors.smtp_user = ['Enter the user name that goes with the password.'];
  }
  if (next.mailgun_from && next.mailgun_domain && !sameDomain(next.mailgun_from.split('@')[1], next.mailgun_domain))
    errors.mailgun_from = [`The from address must be on the sending domain ${next.mailgun_domain} (or its parent domain).`];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return next;
}

const sameDomain = (a: string, b: string) => a === b || b.endsWith(`.${a}`) || a.endsWith(`.${b}`);

async function save(tx: Tx, tenantId: number, s: Stored) {
  const cols = Object.keys(DEFAULTS) as (keyof Stored)[];
  await tx.execute(sql`insert into email_settings (tenant_id, ${sql.raw(cols.join(', '))})
    values (${tenantId}, ${sql.join(
      cols.map((c) => sql`${s[c]}`),
      sql`, `,
    )})
    on conflict (tenant_id) do update set ${sql.raw(cols.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()`);
}

/** the secret as given, or null; a secret sealed under another APP_KEY is a 422 asking for it again */
function open(config: Config4Email, tenantId: number, s: Stored, which: Secret): string | null {
  const sealed = s[`${which}_sealed`];
  if (!sealed) return null;
  try {
    return unseal(config.appKey, place(tenantId, which), sealed);
  } catch (e) {
    if (e instanceof SealedSecretUnreadable) throw new ValidationError({ [which]: [`The stored ${which.replace(/_/g, ' ')} cannot be read (the app key changed): enter it again.`] });
    throw e;
  }
}

/** the company's Mailgun account (key, region, sending domain), or a 422 saying what is missing */
export function mailgunAccountOf(config: Config4Email, tenantId: number, s: Stored): MailgunAccount {
  const apiKey = open(config, tenantId, s, 'mailgun_key');
  if (!apiKey) throw new ValidationError({ mailgun_key: ['Enter the Mailgun API key in the email settings first.'] });
  return { apiKey, region: s.mailgun_region, domain: s.mailgun_domain, apiUrl: config.email.mailgunApiUrl };
}

/** the driver for settings (not cached): Mailgun or SMTP */
function driverOf(config: Config4Email, tenantId: number, s: Stored): EmailDriver {
  if (s.driver === 'mailgun') return new MailgunEmail(mailgunAccountOf(config, tenantId, s));
  if (!s.smtp_host || !s.smtp_port) throw new ValidationError({ smtp_host: ['Enter the SMTP host and port in the email settings first.'] });
  return new SmtpEmail({ host: s.smtp_host, port: s.smtp_port, security: s.smtp_security, user: s.smtp_user, password: open(config, tenantId, s, 'smtp_password') });
}

/** drivers built per company, kept while its settings stay the same (an SMTP pool is reused across batches) */
const built = new WeakMap<object, Map<number, { fingerprint: string; driver: EmailDriver }>>();

/**
 * The company's email driver from its settings, for the email sends (issue 17): Mailgun with its
 * key, region and default domain, or its SMTP server. A 422 (ValidationError) when email is not
 * set up. Drivers are kept per app and company until the settings change.
 */
export async function emailDriverFor(config: Config4Email, tx: Tx, tenantId: number): Promise<EmailDriver> {
  const s = await readStored(tx, tenantId);
  const fingerprint = JSON.stringify(s);
  let perApp = built.get(config);
  if (!perApp) built.set(config, (perApp = new Map()));
  const known = perApp.get(tenantId);
  if (known?.fingerprint === fingerprint) return known.driver;
  const driver = driverOf(config, tenantId, s);
  if (known?.driver instanceof SmtpEmail) known.driver.close();
  perApp.set(tenantId, { fingerprint, driver });
  return driver;
}

/** closes the SMTP pools of an app's drivers (its onClose) */
export function closeEmailDrivers(config: Config4Email) {
  for (const { driver } of built.get(config)?.values() ?? []) if (driver instanceof SmtpEmail) driver.close();
  built.delete(config);
}

export interface EmailSender {
  /** "Name <address>" */
  from: string;
  address: string;
  replyTo: string | null;
  footer: string | null;
  /** the Mailgun sending domain, or the SMTP from address's domain (a throttle per domain) */
  domain: string;
}

/**
 * Who the company's emails come from: the from name and address (Mailgun: the from address, or
 * no-reply@ the sending domain; SMTP: its from address), the reply-to and the footer. A 422 when
 * there is no address to send from.
 */
export async function emailSenderFor(tx: Tx, tenantId: number, fallbackName: string | null = null): Promise<EmailSender> {
  const s = await readStored(tx, tenantId);
  const address = s.driver === 'smtp' ? s.smtp_from : (s.mailgun_from ?? (s.mailgun_domain ? `no-reply@${s.mailgun_domain}` : null));
  if (!address) throw new ValidationError({ mailgun_domain: [s.driver === 'smtp' ? 'Enter the from address in the email settings first.' : 'Add a sending domain in the email settings and make it the default first.'] });
  const name = (s.default_from_name ?? fallbackName)?.replace(/["\\\r\n]/g, '').trim();
  return {
    from: name ? `"${name}" <${address}>` : address,
    address,
    replyTo: s.reply_to_email,
    footer: s.email_footer,
    domain: s.driver === 'smtp' ? address.split('@')[1] : (s.mailgun_domain ?? address.split('@')[1]),
  };
}

/** the Mailgun webhook signing key of the company, for checking its events; null when none is stored */
export async function mailgunSigningKeyFor(config: Config4Email, tx: Tx, tenantId: number): Promise<string | null> {
  const s = await readStored(tx, tenantId);
  return s.webhook_signing_key_sealed ? unseal(config.appKey, place(tenantId, 'webhook_signing_key'), s.webhook_signing_key_sealed) : null;
}

/** a provider's failure as the answer of a settings action: 502 with the action's message and the provider's sentence */
export function providerFailure(e: unknown, what: string): never {
  if (e instanceof ProviderError) throw new HttpError(502, `${what}: ${e.message}`);
  throw e;
}

export function emailSettingsRoutes(app: FastifyInstance) {
  const config = app.ctx.config;
  app.get('/email/settings', { config: { access: 'email_settings.view' } }, async (req, reply) => {
    const settings = await req.tenantRead((tx) => readSettings(tx, req.tenant!.id));
    return reply.inertia('Email/Settings', { settings, regions: MAILGUN_REGION_CHOICES });
  });
  app.get('/email/settings/json', { config: { access: 'email_settings.view' } }, async (req) => ({ data: await req.tenantRead((tx) => readSettings(tx, req.tenant!.id)) }));

  app.post('/email/settings/update', { config: { access: 'email_settings.update' } }, async (req) => {
    const v = validate(settingsSchema, req.body ?? {});
    const data = await req.tenantTx(async (tx) => {
      const next = merge(config, req.tenant!.id, await readStored(tx, req.tenant!.id), v);
      await save(tx, req.tenant!.id, next);
      return answerOf(next);
    });
    return { message: 'Email settings saved', data };
  });

  /**
   * Calls the provider with the stored settings, or with the form's values over them when it
   * sends some (test before saving): Mailgun reads the sending domain (or the account's domains),
   * SMTP connects, says hello, upgrades to TLS and logs in. Nothing is saved.
   */
  app.post('/email/settings/test-connection', { config: { access: 'email_settings.update' } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const given = Object.keys(body).length > 0;
    const v = given ? validate(settingsSchema, body) : null;
    const driver = await req.tenantRead(async (tx) => {
      const stored = await readStored(tx, req.tenant!.id);
      return driverOf(config, req.tenant!.id, v ? merge(config, req.tenant!.id, stored, v) : stored);
    });
    try {
      await driver.testConnection();
    } catch (e) {
      providerFailure(e, 'Connection test failed');
    } finally {
      if (driver instanceof SmtpEmail) driver.close();
    }
    return { message: driver.name === 'mailgun' ? 'Connected to Mailgun: the API key and the domain answer.' : 'Connected to the SMTP server and logged in.' };
  });
}
