import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { EmailDriver, EmailDriverName } from '../../providers/email/types.js';

/**
 * What sending an email needs of the company's email settings (Email/Settings): its driver (Mailgun
 * or its SMTP server), who the mail is from, where replies go, the footer every campaign carries,
 * and the key Mailgun signs its webhooks with. Null when the company has not set email up.
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
  /** Mailgun's HTTP webhook signing key; null: webhooks are refused */
  webhookSigningKey: string | null;
}

export type EmailSetupSource = (tx: Tx, tenantId: number) => Promise<EmailSetup | null>;

const sources = new WeakMap<AppContext, EmailSetupSource>();

/** The settings layer hands in how a company's setup is read (once per app); tests may hand in another. */
export function useEmailSetup(app: FastifyInstance, source: EmailSetupSource) {
  sources.set(app.ctx, source);
}

/** The company's email setup, or null when email is not set up (no source, no settings). */
export async function emailSetup(app: FastifyInstance, tx: Tx, tenantId: number): Promise<EmailSetup | null> {
  const source = sources.get(app.ctx);
  return source ? source(tx, tenantId) : null;
}

/** "Name <address>", the name quoted when it needs to be */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (!clean) return address;
  return /^[\w .'-]+$/.test(clean) ? `${clean} <${address}>` : `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
