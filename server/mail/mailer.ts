import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { JobQueue } from '../jobs/queue.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** files travel base64-encoded inside the job's JSON payload */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'base64';
}

export const MAIL_JOB = 'mail.send';

/**
 * Outgoing mail is always a job: a request never waits on SMTP, and a failed
 * send is retried. MAIL_URL=log prints the message and keeps a copy (.eml)
 * under DATA_DIR/mail; smtp://… sends through nodemailer.
 */
export class Mailer {
  /** made by the first delivery: nodemailer is loaded then, not by every start (docs/decisions/0022-start-up.md) */
  private transport: Promise<Transporter> | null = null;
  private isLog: boolean;

  constructor(
    private config: Config,
    private queue: JobQueue,
    private log: FastifyBaseLogger,
  ) {
    this.isLog = config.mailUrl === 'log';
    queue.define<OutgoingMail>(MAIL_JOB, (mail) => this.deliver(mail), { batchSize: 10, concurrency: 2 });
  }

  /** Queues a message; delivery happens in a worker. */
  send(mail: OutgoingMail) {
    return this.queue.send(MAIL_JOB, mail);
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.isLog
        ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : nodemailer.createTransport(this.config.mailUrl),
    );
    return this.transport;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    const info = await (await this.transporter()).sendMail({ from: this.config.mailFrom, ...mail });
    if (this.isLog) {
      const dir = join(this.config.dataDir, 'mail');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      writeFileSync(file, info.message as Buffer);
      this.log.info({ to: mail.to, subject: mail.subject, file }, `mail (log): ${mail.subject} → ${mail.to}\n${mail.text}`);
    } else {
      this.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    }
  }

  close() {
    void this.transport?.then((t) => t.close()).catch(() => undefined);
  }
}
