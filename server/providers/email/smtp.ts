import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { ProviderError } from '../payments/errors.js';
import type { EmailDriver, EmailMessage, EmailResult } from './types.js';

/**
 * Email through the company's own SMTP server, with nodemailer's pooled transport (a few
 * connections kept open across the messages of a send). One message per recipient, so each
 * server answer is that recipient's:
 *
 *   - a 5xx reply is a permanent refusal (to AUTH or MAIL FROM: about the account, the send pauses;
 *     to RCPT TO or the message: about this message), a 4xx reply a temporary one;
 *   - no reply because the connection could not be made (refused, unknown host, TLS, greeting
 *     timeout): nothing was sent; when that is so for every message the call throws a temporary
 *     ProviderError;
 *   - no reply once the session was under way (the connection cut, a timeout): the message may
 *     have been taken after DATA, so its outcome is unknown.
 */
export type SmtpSecurity = 'tls' | 'starttls' | 'none';

export interface SmtpAccount {
  host: string;
  port: number;
  /** tls: TLS from the first byte (port 465); starttls: upgrade required (587); none: plain (a local relay) */
  security: SmtpSecurity;
  user: string | null;
  password: string | null;
}

export interface SmtpOptions {
  /** connection, greeting and socket timeouts */
  timeoutMs?: number;
  maxConnections?: number;
  /** accept a certificate no authority signed (a private relay): off unless asked */
  allowSelfSigned?: boolean;
}

/** the header that carries our reference (SMTP has no user variables) */
export const REFERENCE_HEADER = 'X-Kazi-Reference';

interface SmtpError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  errno?: number;
  syscall?: string;
}

/** errors that happen before a session exists: nothing of the message left this machine */
const NOT_CONNECTED = new Set(['EDNS', 'ETLS', 'EREQUIRETLS']);
const CONNECT_ERRNO = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNRESET before secure TLS)\b/;

function neverSent(e: SmtpError): boolean {
  if (e.responseCode) return false;
  if (NOT_CONNECTED.has(e.code ?? '')) return true;
  if (e.syscall === 'connect' || CONNECT_ERRNO.test(e.message)) return true;
  if (e.code === 'EAUTH') return true;
  // the server never said hello: no command was sent
  return /Greeting never received/i.test(e.message) || /certificate|self[- ]signed|CERT_|UNABLE_TO_VERIFY/i.test(e.message);
}

export class SmtpEmail implements EmailDriver {
  readonly name = 'smtp' as const;
  readonly maxBatch = 50;
  private transport: Transporter<SMTPPool.SentMessageInfo>;

  constructor(
    private account: SmtpAccount,
    options: SmtpOptions = {},
  ) {
    const timeout = options.timeoutMs ?? 30_000;
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: options.maxConnections ?? 3,
      host: account.host,
      port: account.port,
      secure: account.security === 'tls',
      requireTLS: account.security === 'starttls',
      ignoreTLS: account.security === 'none',
      auth: account.user ? { user: account.user, pass: account.password ?? '' } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      tls: { rejectUnauthorized: !options.allowSelfSigned },
    } satisfies SMTPPool.Options);
  }

  async send(messages: EmailMessage[]): Promise<EmailResult[]> {
    if (messages.length > this.maxBatch) throw new ProviderError('smtp', `A batch takes at most ${this.maxBatch} messages, not ${messages.length}.`, null, 'TooMany');
    const notSent: { index: number; error: SmtpError }[] = [];
    let accountRefusal: { code: string; reason: string } | null = null;
    const results = await Promise.all(
      messages.map(async (m, index): Promise<EmailResult | null> => {
        try {
          const info = await this.transport.sendMail({
            from: m.from,
            to: m.to,
            replyTo: m.replyTo ?? undefined,
            subject: m.subject,
            html: m.html,
            text: m.text,
            headers: { ...m.headers, [REFERENCE_HEADER]: m.reference },
            attachments: m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          });
          if (info.rejected.length) return { reference: m.reference, outcome: 'refused', code: 'Rejected', reason: `The SMTP server rejected ${m.to}: ${info.response}`, temporary: false, account: false };
          return { reference: m.reference, outcome: 'accepted', messageId: info.messageId.replace(/^<|>$/g, '') };
        } catch (err) {
          const e = err as SmtpError;
          const code = e.responseCode;
          const said = (e.response ?? e.message).trim().slice(0, 300);
          if (code && code >= 400) {
            const command = e.command ?? '';
            const account = code >= 500 && (e.code === 'EAUTH' || command.startsWith('AUTH') || command === 'MAIL FROM');
            if (account) accountRefusal ??= { code: `Smtp${code}`, reason: `The SMTP server refused the account (${said}).` };
            return { reference: m.reference, outcome: 'refused', code: `Smtp${code}`, reason: `The SMTP server ${code >= 500 ? 'refused' : 'deferred'} the message: ${said}`, temporary: code < 500, account };
          }
          if (neverSent(e)) {
            notSent.push({ index, error: e });
            return null;
          }
          return { reference: m.reference, outcome: 'unknown', reason: `The connection to the SMTP server was lost before it answered (${e.message}); the message may have been taken.` };
        }
      }),
    );
    if (notSent.length === messages.length && messages.length > 0) {
      const e = notSent[0].error;
      throw new ProviderError('smtp', `Nothing was sent: ${connectionSentence(e, this.account)}`, null, e.code ?? null, false, e.code !== 'EAUTH');
    }
    return results.map((r, i) => {
      if (r) return r;
      const e = notSent.find((n) => n.index === i)!.error;
      const auth = e.code === 'EAUTH';
      return { reference: messages[i].reference, outcome: 'refused', code: e.code ?? 'Unreachable', reason: connectionSentence(e, this.account), temporary: !auth, account: auth || accountRefusal !== null };
    });
  }

  /** connects, says hello, upgrades to TLS and logs in as a send would; the failure as a sentence */
  async testConnection(): Promise<void> {
    try {
      await this.transport.verify();
    } catch (err) {
      const e = err as SmtpError;
      throw new ProviderError('smtp', connectionSentence(e, this.account), null, e.code ?? null, false, e.code !== 'EAUTH');
    }
  }

  /** closes the pooled connections (a driver replaced by new settings) */
  close() {
    this.transport.close();
  }
}

/** what went wrong talking to the server, for the person who set it up */
export function connectionSentence(e: SmtpError, a: Pick<SmtpAccount, 'host' | 'port' | 'security'>): string {
  const where = `${a.host}:${a.port}`;
  const text = e.message ?? '';
  if (e.code === 'EAUTH') {
    if (/Missing credentials/i.test(text)) return `The SMTP server at ${where} asks for a login: enter the user name and password.`;
    return `The SMTP server at ${where} refused the user name or password${e.response ? ` (${e.response.trim().slice(0, 200)})` : ''}.`;
  }
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) return `The SMTP host ${a.host} was not found: check its name.`;
  if (/ECONNREFUSED/.test(text)) return `The SMTP server at ${where} refused the connection: check the host and port.`;
  if (/certificate|self[- ]signed|CERT_|UNABLE_TO_VERIFY/i.test(text)) return `The SMTP server at ${where} presented a certificate that cannot be trusted (${text}).`;
  if (/STARTTLS|requireTLS|Must issue a STARTTLS/i.test(text) || e.code === 'ETLS')
    return a.security === 'starttls' ? `The SMTP server at ${where} does not offer STARTTLS: choose another security setting or port.` : `TLS with the SMTP server at ${where} failed (${text}).`;
  if (/wrong version number|ssl3_get_record|packet length too long/i.test(text)) return `The SMTP server at ${where} does not speak TLS from the first byte: choose STARTTLS (usually port 587) instead.`;
  if (e.code === 'ETIMEDOUT' || /timeout|Greeting never received/i.test(text)) return `The SMTP server at ${where} did not answer in time: check the host, the port and any firewall.`;
  if (e.responseCode) return `The SMTP server at ${where} answered ${e.responseCode}: ${(e.response ?? text).trim().slice(0, 200)}`;
  return `The SMTP server at ${where} could not be reached (${text}).`;
}
