import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/client.js';
import type { EmailDriver, EmailDriverName } from '../../providers/email/types.js';
import { emailDriverFor, emailSenderFor, mailgunSigningKeyFor } from './settings.js';

/**
 * What sending an email needs of the company's email settings (Email/Settings, settings.ts): its
 * driver (Mailgun or its SMTP server), who the mail is from, where replies go and the footer every
 * campaign carries.
 */
export interface EmailSetup {
  driver: EmailDriver;
  driverName: EmailDriverName;
  fromName: string;
  /** the sending address; its domain is the send's throttle key */
  fromAddress: string;
  replyTo: string | null;
  /** the company's footer text (plain text: shown escaped, line breaks kept) */
  footer: string;
}

/**
 * Where the sends read a company's setup: its settings (settings.ts) unless a test hands in its own.
 * `setup` throws a 4xx (ValidationError) saying what is missing when email is not set up;
 * `signingKey` answers null when the company stored no Mailgun webhook signing key.
 */
export interface EmailSetupSource {
  setup(tx: Tx, tenantId: number): Promise<EmailSetup>;
  signingKey(tx: Tx, tenantId: number): Promise<string | null>;
}

const sources = new WeakMap<AppContext, EmailSetupSource>();

/** The company's settings as the sends see them. */
export function settingsSource(app: FastifyInstance): EmailSetupSource {
  const config = app.ctx.config;
  return {
    async setup(tx, tenantId) {
      const driver = await emailDriverFor(config, tx, tenantId);
      const [company] = await rows<{ name: string }>(tx, sql`select coalesce(nullif(settings->>'name', ''), name) as name from tenants where id = ${tenantId}`);
      const sender = await emailSenderFor(tx, tenantId, company?.name ?? null);
      const name = /^"(.*)" <[^>]+>$/.exec(sender.from)?.[1] ?? '';
      return { driver, driverName: driver.name, fromName: name, fromAddress: sender.address, replyTo: sender.replyTo, footer: sender.footer ?? '' };
    },
    signingKey: (tx, tenantId) => mailgunSigningKeyFor(config, tx, tenantId),
  };
}

/** Hands in where setups are read (tests: their own drivers and keys). */
export function useEmailSetup(app: FastifyInstance, source: EmailSetupSource) {
  sources.set(app.ctx, source);
}

const sourceOf = (app: FastifyInstance) => sources.get(app.ctx) ?? settingsSource(app);

/** The company's email setup; a 4xx saying what is missing when email is not set up. */
export const emailSetup = (app: FastifyInstance, tx: Tx, tenantId: number) => sourceOf(app).setup(tx, tenantId);

/** The company's Mailgun webhook signing key, or null. */
export const emailSigningKey = (app: FastifyInstance, tx: Tx, tenantId: number) => sourceOf(app).signingKey(tx, tenantId);

/** "Name <address>", the name quoted when it needs to be */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (!clean) return address;
  return /^[\w .'-]+$/.test(clean) ? `${clean} <${address}>` : `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
