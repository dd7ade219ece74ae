import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailSecurity } from '../../../common/schemas/mailbox.js';
import { connectionSentence } from '../../providers/email/smtp.js';

/**
 * How Kazi reaches a member's mail servers (docs/decisions/0050-mailbox.md).
 *
 * SSRF guard: a host is resolved once and refused when any of its addresses is loopback, private,
 * link-local (the cloud metadata address 169.254.169.254 among them), carrier-grade NAT,
 * multicast or unspecified — unless the operator allows that host or address
 * (MAILBOX_ALLOWED_HOSTS). The connection then goes to the address that was checked, never to a
 * second lookup (DNS rebinding), with the host name kept for TLS (SNI and the certificate check).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** an address no mailbox may reach without the operator's allowance */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class MailHostRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailHostRefused';
  }
}

/** the address to connect to for `host`, checked against the guard; MailHostRefused with a sentence otherwise */
export async function resolveMailHost(host: string, allowed: readonly string[], label: string): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: string[];
  if (isIP(name)) addresses = [name];
  else {
    try {
      addresses = (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new MailHostRefused(`The ${label} host ${host} was not found: check its name.`);
    }
  }
  if (addresses.length === 0) throw new MailHostRefused(`The ${label} host ${host} was not found: check its name.`);
  const hostAllowed = allowed.includes(name);
  const refused = addresses.find((a) => isPrivateAddress(a) && !hostAllowed && !allowed.includes(a.toLowerCase()));
  if (refused)
    throw new MailHostRefused(
      `The ${label} host ${host} resolves to a private, local or link-local address (${refused}); Kazi does not connect there unless the platform operator allows it.`,
    );
  return addresses[0];
}

export interface ServerAccount {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  password: string;
  /** a Gmail or Outlook account: the OAuth access token, sent with SASL XOAUTH2 instead of the password */
  accessToken?: string;
}

/** how long a connection, the greeting and the login may take before the test on save gives up */
export const CONNECT_TIMEOUT_MS = 10_000;

/** An IMAP session on the checked address (call connect()). */
export function imapClient(account: ServerAccount, address: string, timeoutMs = CONNECT_TIMEOUT_MS): ImapFlow {
  const client = new ImapFlow({
    host: address,
    port: account.port,
    secure: account.security === 'tls',
    doSTARTTLS: account.security === 'starttls' ? true : account.security === 'none' ? false : undefined,
    servername: isIP(account.host) ? undefined : account.host,
    auth: account.accessToken ? { user: account.username, accessToken: account.accessToken } : { user: account.username, pass: account.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 120_000,
    disableAutoIdle: true,
  });
  // a dropped connection is reported by the command that needed it; the event must not crash the process
  client.on('error', () => undefined);
  return client;
}

interface ImapError extends Error {
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
}

/** what went wrong talking to the IMAP server, for the person who set it up */
export function imapSentence(err: unknown, a: Pick<ServerAccount, 'host' | 'port' | 'security'>): string {
  const e = err as ImapError;
  const where = `${a.host}:${a.port}`;
  const text = `${e.message ?? ''} ${e.code ?? ''}`;
  if (e.authenticationFailed) return `The IMAP server at ${where} refused the user name or password${e.responseText ? ` (${e.responseText.slice(0, 200)})` : ''}.`;
  if (/ECONNREFUSED/.test(text)) return `The IMAP server at ${where} refused the connection: check the host and port.`;
  if (/certificate|self[- ]signed|CERT_|UNABLE_TO_VERIFY|ERR_TLS_CERT/i.test(text)) return `The IMAP server at ${where} presented a certificate that cannot be trusted (${e.message}).`;
  if (/wrong version number|packet length too long|ssl3_get_record/i.test(text)) return `The IMAP server at ${where} does not speak TLS from the first byte: choose STARTTLS (usually port 143) instead.`;
  if (/CONNECT_TIMEOUT|GREETING_TIMEOUT|UPGRADE_TIMEOUT|ETIMEDOUT|ETIMEOUT|timeout/i.test(text)) return `The IMAP server at ${where} did not answer in time: check the host, the port and any firewall.`;
  return `The IMAP server at ${where} could not be reached (${e.message}).`;
}

/** Logs in to IMAP as a sync would; the failure as a sentence. */
export async function testImap(account: ServerAccount, address: string): Promise<string | null> {
  const client = imapClient(account, address);
  try {
    await client.connect();
    await client.logout().catch(() => undefined);
    return null;
  } catch (err) {
    client.close();
    return imapSentence(err, account);
  }
}

/** An SMTP transport on the checked address, the host name kept for TLS. */
export function smtpTransport(account: ServerAccount, address: string, timeoutMs = CONNECT_TIMEOUT_MS) {
  return nodemailer.createTransport({
    host: address,
    port: account.port,
    secure: account.security === 'tls',
    requireTLS: account.security === 'starttls',
    ignoreTLS: account.security === 'none',
    name: 'kazi',
    auth: account.accessToken ? { type: 'OAuth2', user: account.username, accessToken: account.accessToken } : { user: account.username, pass: account.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 60_000,
    tls: isIP(account.host) ? {} : { servername: account.host },
  } satisfies SMTPTransport.Options);
}

/** Says hello and logs in to SMTP as a send would; the failure as a sentence (the email settings' wording). */
export async function testSmtp(account: ServerAccount, address: string): Promise<string | null> {
  const transport = smtpTransport(account, address);
  try {
    await transport.verify();
    return null;
  } catch (err) {
    return connectionSentence(err as Parameters<typeof connectionSentence>[0], account);
  } finally {
    transport.close();
  }
}
