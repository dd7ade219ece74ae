import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { PAYMENT_DRIVERS, type PaymentDriver } from '../common/wallet.js';

/** Typed configuration, read from the environment only (ARCHITECTURE "Running"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  appUrl: string;
  appKey: string;
  mailUrl: string;
  mailFrom: string;
  redisUrl: string | null;
  seedDemo: boolean | null;
  /** run the job workers inside the web process (default) or leave them to `npm run worker` */
  inProcessWorkers: boolean;
  logLevel: string;
  /** KAZI_OPERATORS: e-mails of platform operators, besides those granted with `npm run operator` (lower case) */
  operators: string[];
  env: 'production' | 'development' | 'test';
  payments: PaymentsConfig;
  sms: SmsConfig;
  airtime: AirtimeConfig;
  delivery: DeliveryConfig;
  email: EmailConfig;
  media: MediaConfig;
  /** the websocket server (server/realtime; docs/decisions/0044-realtime.md) */
  realtime: RealtimeConfig;
  /** API_TOKEN_RATE_LIMIT: requests one API token may make per minute (docs/decisions/0047) */
  apiTokenRateLimit: number;
  /** Mailbox (docs/decisions/0050-mailbox.md): MAILBOX_ALLOWED_HOSTS, private hosts a connected mailbox may still reach (lower case) */
  mailbox: MailboxConfig;
}

/** A server a provider's mailboxes use: host, port and how the connection is secured. */
export interface MailServerSetting {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
}

/**
 * Sign-in with Google or Microsoft for mailboxes (docs/decisions/0050-mailbox.md): the operator's
 * OAuth client, the provider's endpoints (overridable for a stand-in) and its IMAP/SMTP servers.
 */
export interface MailOAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** true when the endpoints are the provider's own (the id_token's issuer is then checked against the provider's) */
  official: boolean;
  imap: MailServerSetting;
  smtp: MailServerSetting;
}

export interface MailboxConfig {
  allowedHosts: string[];
  /** null: the operator has not configured that provider, and its Setup page says so */
  oauth: { gmail: MailOAuthProviderConfig | null; outlook: MailOAuthProviderConfig | null };
}

/** The websocket server on the app's own port (server/realtime). */
export interface RealtimeConfig {
  /**
   * REALTIME_KEY: the application key clients connect with (public: it is in every page); a
   * connection with another key is refused. Derived from APP_KEY when not set.
   */
  key: string;
}

/** Email (server/providers/email): each company brings its own Mailgun account or SMTP server in its settings. */
export interface EmailConfig {
  /** MAILGUN_API_URL: replaces the address of Mailgun's EU and US regions for every company (a stand-in); null in production use */
  mailgunApiUrl: string | null;
}

/**
 * The media library's storage (server/modules/media/storage.ts; docs/decisions/0040): local disk
 * under DATA_DIR/media unless MEDIA_S3_BUCKET names an S3-compatible bucket, and each company's quota.
 */
export interface MediaConfig {
  /** bytes a company may store (originals and their variants): MEDIA_QUOTA_BYTES, 1 GiB by default */
  quotaBytes: number;
  s3: { bucket: string; region: string; endpoint: string | null; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } | null;
}

/**
 * The delivery engine's timing and rates (server/modules/delivery; docs/decisions/0035). Rates are
 * per throttle key ("provider:africastalking", "sender:africastalking:KAZI"): messages per second
 * and per sliding hour, 0 for no limit.
 */
export interface DeliveryConfig {
  /** a dispatcher silent this long has died: its claimed recipients become unknown and the send is picked up again */
  leaseSeconds: number;
  /** how often the sweep looks for sends to start, resume, settle and refund */
  sweepSeconds: number;
  /** an unknown recipient with no delivery report this long after its send's reports started arriving is sent again */
  reportWindowSeconds: number;
  /** provider requests one send has in flight at once */
  concurrency: number;
  /** the first wait before a temporary failure is tried again (it doubles each time) */
  retrySeconds: number;
  rates: Record<string, { perSecond: number; perHour: number }>;
}

/** the SMS drivers (server/providers/sms); `log` is for development only */
export const SMS_DRIVERS = ['africastalking', 'log'] as const;
export type SmsDriverName = (typeof SMS_DRIVERS)[number];
/** the airtime drivers (server/providers/airtime); `log` is for development only */
export const AIRTIME_DRIVERS = ['africastalking', 'log'] as const;
export type AirtimeDriverName = (typeof AIRTIME_DRIVERS)[number];

/** Africa's Talking credentials (AT_USERNAME, AT_API_KEY, AT_API_URL) */
export interface AfricasTalkingAccount {
  username: string;
  apiKey: string;
  apiUrl: string;
}

/** The SMS drivers offered, the first the default, and Africa's Talking's settings. */
export interface SmsConfig {
  drivers: SmsDriverName[];
  africastalking: (AfricasTalkingAccount & { senderId: string | null }) | null;
}

/** The airtime drivers offered, the first the default. */
export interface AirtimeConfig {
  drivers: AirtimeDriverName[];
  africastalking: AfricasTalkingAccount | null;
}

/** The payment drivers offered and their providers' credentials (server/providers/payments). */
export interface PaymentsConfig {
  /** the drivers a purchase may use, in the order offered */
  drivers: PaymentDriver[];
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  mpesa: { consumerKey: string; consumerSecret: string; shortcode: string; passkey: string; apiUrl: string } | null;
  /** shown to a payer who chooses bank transfer; may name {reference}, {amount} and {currency} */
  offlineInstructions: string | null;
}

export class ConfigError extends Error {}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const portMsg = 'must be a port number between 0 and 65535';

/** "host:port:security" (imap.gmail.com:993:tls, 127.0.0.1:1143:none): a provider's IMAP or SMTP server */
const mailServer = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}:(tls|starttls|none)$/, 'must be host:port:security (security tls, starttls or none)')
  .transform((v): MailServerSetting => {
    const [host, port, security] = v.split(':');
    return { host: host.toLowerCase(), port: Number(port), security: security as MailServerSetting['security'] };
  });

const schema = z.object({
  PORT: z.coerce
    .number({ error: portMsg })
    .int({ error: portMsg })
    .min(0, { error: portMsg })
    .max(65535, { error: portMsg })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  APP_URL: z.string().url().optional(),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  REALTIME_KEY: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _').optional(),
  MAIL_URL: z
    .string()
    .regex(/^(log|smtps?:\/\/.+)$/, 'must be "log" or an smtp:// URL')
    .default('log'),
  MAIL_FROM: z.string().min(3).default('Kazi <no-reply@kazi.local>'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  SEED_DEMO: bool.optional(),
  WORKERS: z.enum(['in-process', 'none'], { error: 'must be in-process or none' }).default('in-process'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level (info, debug, …)' })
    .default('info'),
  KAZI_OPERATORS: z
    .string()
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+$/.test(e)), 'must be a comma-separated list of e-mail addresses')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: z.string().url('must be a URL').default('https://api.stripe.com'),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  MPESA_SHORTCODE: z.string().regex(/^\d{5,7}$/, 'must be the paybill or till number (5 to 7 digits)').optional(),
  MPESA_PASSKEY: z.string().min(1).optional(),
  MPESA_API_URL: z.string().url('must be a URL').default('https://sandbox.safaricom.co.ke'),
  OFFLINE_PAYMENT_INSTRUCTIONS: z.string().min(10, 'must say where to pay (at least 10 characters)').optional(),
  PAYMENT_DRIVERS: z
    .string()
    .transform((v) => v.split(',').map((d) => d.trim()).filter(Boolean))
    .pipe(z.array(z.enum(PAYMENT_DRIVERS, { error: `must be a comma list of ${PAYMENT_DRIVERS.join(', ')}` })))
    .optional(),
  AT_USERNAME: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be the Africa's Talking app username (sandbox for the sandbox)").optional(),
  AT_API_KEY: z.string().min(16, "must be the Africa's Talking API key").optional(),
  AT_API_URL: z.string().url('must be a URL').optional(),
  AT_SENDER_ID: z
    .string()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9 ._-]{1,11}$|^\+?\d{3,15}$/, 'must be a sender ID of up to 11 letters and digits, or a short code')
    .optional(),
  SMS_DRIVERS: z
    .string()
    .transform((v) => v.split(',').map((d) => d.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SMS_DRIVERS, { error: `must be a comma list of ${SMS_DRIVERS.join(', ')}` })))
    .optional(),
  AIRTIME_DRIVERS: z
    .string()
    .transform((v) => v.split(',').map((d) => d.trim()).filter(Boolean))
    .pipe(z.array(z.enum(AIRTIME_DRIVERS, { error: `must be a comma list of ${AIRTIME_DRIVERS.join(', ')}` })))
    .optional(),
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DELIVERY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  DELIVERY_REPORT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(900),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  DELIVERY_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** "provider:africastalking=50/s,5000/h;sender:africastalking:KAZI=10/s" */
  DELIVERY_RATES: z
    .string()
    .regex(/^([a-z]+:[A-Za-z0-9 ._:+-]+=(\d+\/s)?(,?\d+\/h)?)(;[a-z]+:[A-Za-z0-9 ._:+-]+=(\d+\/s)?(,?\d+\/h)?)*$/, 'must be key=N/s,M/h separated by ;')
    .optional(),
  MAILGUN_API_URL: z.string().url('must be a URL').optional(),
  MEDIA_QUOTA_BYTES: z.coerce.number().int().min(1024 * 1024, 'must be at least 1048576 (1 MiB)').max(Number.MAX_SAFE_INTEGER).default(1024 * 1024 * 1024),
  MEDIA_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
  MEDIA_S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region name (us-east-1)').default('us-east-1'),
  MEDIA_S3_ENDPOINT: z.string().url('must be a URL').optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: bool.optional(),
  /** hosts or addresses a mailbox may reach although they are private, loopback or link-local (the SSRF guard's operator allowance), comma-separated */
  MAILBOX_ALLOWED_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((h) => /^[a-z0-9.:_-]+$/.test(h)), 'must be a comma-separated list of host names or IP addresses')
    .optional(),
  MAILBOX_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  MAILBOX_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MAILBOX_GOOGLE_AUTH_URL: z.string().url('must be a URL').optional(),
  MAILBOX_GOOGLE_TOKEN_URL: z.string().url('must be a URL').optional(),
  MAILBOX_GOOGLE_IMAP: mailServer.optional(),
  MAILBOX_GOOGLE_SMTP: mailServer.optional(),
  MAILBOX_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MAILBOX_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MAILBOX_MICROSOFT_AUTH_URL: z.string().url('must be a URL').optional(),
  MAILBOX_MICROSOFT_TOKEN_URL: z.string().url('must be a URL').optional(),
  MAILBOX_MICROSOFT_IMAP: mailServer.optional(),
  MAILBOX_MICROSOFT_SMTP: mailServer.optional(),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').max(100_000).default(120),
  NODE_ENV: z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).default('development'),
});

/** Parses the environment; throws ConfigError with one readable line on bad input. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appKey = e.APP_KEY ?? appKeyFromDataDir(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appKey,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL ?? null,
    seedDemo: e.SEED_DEMO ?? null,
    inProcessWorkers: e.WORKERS === 'in-process',
    logLevel: e.LOG_LEVEL,
    operators: e.KAZI_OPERATORS ?? [],
    env: e.NODE_ENV,
    payments: paymentsConfig(e),
    ...messagingConfig(e),
    delivery: {
      leaseSeconds: e.DELIVERY_LEASE_SECONDS,
      sweepSeconds: e.DELIVERY_SWEEP_SECONDS,
      reportWindowSeconds: e.DELIVERY_REPORT_WINDOW_SECONDS,
      concurrency: e.DELIVERY_CONCURRENCY,
      retrySeconds: e.DELIVERY_RETRY_SECONDS,
      rates: deliveryRates(e.DELIVERY_RATES),
    },
    email: { mailgunApiUrl: e.MAILGUN_API_URL?.replace(/\/+$/, '') ?? null },
    media: mediaConfig(e),
    realtime: { key: e.REALTIME_KEY ?? `kazi-${createHmac('sha256', appKey).update('realtime-key').digest('hex').slice(0, 20)}` },
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    mailbox: mailboxConfig(e),
  };
}

/**
 * The mailbox settings: a provider is on when its client id and secret are both set (one without
 * the other is a mistake worth saying); endpoints and servers default to the provider's own.
 */
function mailboxConfig(e: z.infer<typeof schema>): MailboxConfig {
  const provider = (
    name: 'GOOGLE' | 'MICROSOFT',
    defaults: { authUrl: string; tokenUrl: string; imap: MailServerSetting; smtp: MailServerSetting },
  ): MailOAuthProviderConfig | null => {
    const id = e[`MAILBOX_${name}_CLIENT_ID`];
    const secret = e[`MAILBOX_${name}_CLIENT_SECRET`];
    const rest = [e[`MAILBOX_${name}_AUTH_URL`], e[`MAILBOX_${name}_TOKEN_URL`], e[`MAILBOX_${name}_IMAP`], e[`MAILBOX_${name}_SMTP`]];
    if (!id || !secret) {
      if (id || secret || rest.some((v) => v !== undefined))
        throw new ConfigError(`Invalid configuration: MAILBOX_${name}_CLIENT_ID and MAILBOX_${name}_CLIENT_SECRET must be set together (and before the other MAILBOX_${name}_ settings)`);
      return null;
    }
    const authUrl = e[`MAILBOX_${name}_AUTH_URL`];
    const tokenUrl = e[`MAILBOX_${name}_TOKEN_URL`];
    return {
      clientId: id,
      clientSecret: secret,
      authUrl: authUrl ?? defaults.authUrl,
      tokenUrl: tokenUrl ?? defaults.tokenUrl,
      official: !authUrl && !tokenUrl,
      imap: e[`MAILBOX_${name}_IMAP`] ?? defaults.imap,
      smtp: e[`MAILBOX_${name}_SMTP`] ?? defaults.smtp,
    };
  };
  return {
    allowedHosts: e.MAILBOX_ALLOWED_HOSTS ?? [],
    oauth: {
      gmail: provider('GOOGLE', {
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
        smtp: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
      }),
      outlook: provider('MICROSOFT', {
        authUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
        smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
      }),
    },
  };
}

/** A bucket needs its keys (set together); without MEDIA_S3_BUCKET the keys are a mistake worth saying. */
function mediaConfig(e: z.infer<typeof schema>): MediaConfig {
  const keys = [e.MEDIA_S3_ACCESS_KEY_ID, e.MEDIA_S3_SECRET_ACCESS_KEY];
  if (!e.MEDIA_S3_BUCKET) {
    if (keys.some((k) => k !== undefined) || e.MEDIA_S3_ENDPOINT) throw new ConfigError('Invalid configuration: MEDIA_S3_BUCKET must be set with the other MEDIA_S3_ settings');
    return { quotaBytes: e.MEDIA_QUOTA_BYTES, s3: null };
  }
  if (keys.some((k) => k === undefined)) throw new ConfigError('Invalid configuration: MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY must be set with MEDIA_S3_BUCKET');
  return {
    quotaBytes: e.MEDIA_QUOTA_BYTES,
    s3: {
      bucket: e.MEDIA_S3_BUCKET,
      region: e.MEDIA_S3_REGION,
      endpoint: e.MEDIA_S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
      accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID!,
      secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY!,
      // a custom endpoint (MinIO, a stand-in) usually answers buckets in the path
      forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ?? !!e.MEDIA_S3_ENDPOINT,
    },
  };
}

function deliveryRates(text: string | undefined): DeliveryConfig['rates'] {
  const out: DeliveryConfig['rates'] = {};
  for (const part of (text ?? '').split(';').filter(Boolean)) {
    const [key, limits] = [part.slice(0, part.lastIndexOf('=')), part.slice(part.lastIndexOf('=') + 1)];
    out[key] = { perSecond: Number(/(\d+)\/s/.exec(limits)?.[1] ?? 0), perHour: Number(/(\d+)\/h/.exec(limits)?.[1] ?? 0) };
  }
  return out;
}

const DEVELOPMENT_INSTRUCTIONS =
  'Transfer {currency} {amount} to Kazi Development Bank, account 0000 0000 0000, quoting the reference {reference}. The credits are added once the platform operator sees the payment.';

/** which drivers are on, and the credentials each needs; a driver named without its keys is a configuration error */
function paymentsConfig(e: z.infer<typeof schema>): PaymentsConfig {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  const group = (names: (keyof typeof e)[]) => {
    const missing = names.filter((n) => e[n] === undefined);
    if (missing.length && missing.length < names.length) fail(`${missing[0]} must be set with ${names.filter((n) => !missing.includes(n)).join(', ')}`);
    return missing.length === 0;
  };
  const stripe = group(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
    ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL.replace(/\/$/, '') }
    : null;
  const mpesa = group(['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY'])
    ? {
        consumerKey: e.MPESA_CONSUMER_KEY!,
        consumerSecret: e.MPESA_CONSUMER_SECRET!,
        shortcode: e.MPESA_SHORTCODE!,
        passkey: e.MPESA_PASSKEY!,
        apiUrl: e.MPESA_API_URL.replace(/\/$/, ''),
      }
    : null;
  const production = e.NODE_ENV === 'production';
  const offlineInstructions = e.OFFLINE_PAYMENT_INSTRUCTIONS ?? (production ? null : DEVELOPMENT_INSTRUCTIONS);
  const configured: Record<PaymentDriver, boolean> = { stripe: !!stripe, mpesa: !!mpesa, offline: !!offlineInstructions, log: !production };
  const drivers = e.PAYMENT_DRIVERS
    ? [...new Set(e.PAYMENT_DRIVERS)]
    : PAYMENT_DRIVERS.filter((d) => configured[d]);
  for (const d of drivers) {
    if (configured[d]) continue;
    if (d === 'log') fail('PAYMENT_DRIVERS names log, which approves every payment at once and is for development only');
    if (d === 'offline') fail('PAYMENT_DRIVERS names offline, but OFFLINE_PAYMENT_INSTRUCTIONS is not set');
    fail(`PAYMENT_DRIVERS names ${d}, but ${d === 'stripe' ? 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are' : 'the MPESA_ keys are'} not set`);
  }
  return { drivers, stripe, mpesa, offlineInstructions };
}

export const AT_SANDBOX_URL = 'https://api.sandbox.africastalking.com';
export const AT_LIVE_URL = 'https://api.africastalking.com';

/**
 * SMS and airtime through Africa's Talking. AT_API_URL defaults to the sandbox for the username
 * "sandbox" (Africa's Talking's rule) and to the live API otherwise. Without SMS_DRIVERS or
 * AIRTIME_DRIVERS: africastalking when its keys are set, then log outside production.
 */
function messagingConfig(e: z.infer<typeof schema>): { sms: SmsConfig; airtime: AirtimeConfig } {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  if ((e.AT_USERNAME === undefined) !== (e.AT_API_KEY === undefined)) fail(e.AT_USERNAME === undefined ? 'AT_USERNAME must be set with AT_API_KEY' : 'AT_API_KEY must be set with AT_USERNAME');
  const production = e.NODE_ENV === 'production';
  const account =
    e.AT_USERNAME && e.AT_API_KEY
      ? { username: e.AT_USERNAME, apiKey: e.AT_API_KEY, apiUrl: (e.AT_API_URL ?? (e.AT_USERNAME === 'sandbox' ? AT_SANDBOX_URL : AT_LIVE_URL)).replace(/\/+$/, '') }
      : null;
  if (account && production && account.apiUrl === AT_SANDBOX_URL) fail("AT_API_URL is Africa's Talking's sandbox, which delivers nothing, in production");
  const choose = <D extends 'africastalking' | 'log'>(setting: 'SMS_DRIVERS' | 'AIRTIME_DRIVERS', given: D[] | undefined): D[] => {
    const configured = { africastalking: !!account, log: !production };
    const drivers = given ? [...new Set(given)] : (['africastalking', 'log'] as D[]).filter((d) => configured[d]);
    for (const d of drivers) {
      if (configured[d]) continue;
      fail(d === 'log' ? `${setting} names log, which sends nothing and is for development only` : `${setting} names africastalking, but AT_USERNAME and AT_API_KEY are not set`);
    }
    return drivers;
  };
  return {
    sms: { drivers: choose('SMS_DRIVERS', e.SMS_DRIVERS), africastalking: account && { ...account, senderId: e.AT_SENDER_ID ?? null } },
    airtime: { drivers: choose('AIRTIME_DRIVERS', e.AIRTIME_DRIVERS), africastalking: account },
  };
}

/** APP_KEY is generated once into DATA_DIR when not given, so restarts keep sessions and signed links valid. */
function appKeyFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
