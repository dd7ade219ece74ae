/**
 * An email provider as the delivery engine and the settings pages see it (issue 17). A driver is
 * built per company from its email settings (Mailgun key and domain, or an SMTP server) and keeps
 * nothing: the engine stores every recipient's row and turns answers and events into its states.
 */
export type EmailDriverName = 'mailgun' | 'smtp';

/** One message to one recipient, already rendered (variables filled, HTML escaped, footer added). */
export interface EmailMessage {
  /** the company sending */
  tenantId: number;
  /** one address */
  to: string;
  /** "Name <address@domain>" */
  from: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on bulk mail */
  headers: Record<string, string>;
  /**
   * our reference for this message (the delivery row's id): the provider's events carry it back
   * (Mailgun: a `v:` user variable; SMTP: a header) so an event finds its row
   */
  reference: string;
  /** a provider tag, e.g. the send's id, for the provider's own statistics */
  tags?: string[];
  /** files sent with the message (an event's iCal file on its reminder) */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export type EmailResult = EmailAccepted | EmailRefused | EmailUnknown;

export interface EmailAccepted {
  reference: string;
  outcome: 'accepted';
  /** the provider's message id (Mailgun's id without the angle brackets; SMTP's Message-ID) */
  messageId: string;
}

export interface EmailRefused {
  reference: string;
  outcome: 'refused';
  /** the provider's name or number for the refusal */
  code: string;
  /** a sentence for the person who sent it */
  reason: string;
  /** the same message may go through later (retry with backoff) */
  temporary: boolean;
  /** about the account (bad key, unverified domain, quota), not this address: the send pauses */
  account: boolean;
}

export interface EmailUnknown {
  reference: string;
  outcome: 'unknown';
  /** why there is no answer (timeout after the request was written): sending again may send twice */
  reason: string;
}

export interface EmailDriver {
  readonly name: EmailDriverName;
  /** the most messages one `send` call takes */
  readonly maxBatch: number;
  /**
   * Sends each message and answers for every one (same references). Throws only when nothing was
   * sent (ProviderError from ../payments/errors.js with `temporary` set for outages).
   */
  send(messages: EmailMessage[]): Promise<EmailResult[]>;
  /** checks the credentials and the server really answer; throws ProviderError with a sentence saying what failed */
  testConnection(): Promise<void>;
}

/** What a provider reported about a message after accepting it (Mailgun's webhooks). */
export interface EmailEvent {
  /** the provider's id of this event (replays are ignored by it) */
  eventId: string;
  kind: 'delivered' | 'failed' | 'opened' | 'clicked' | 'unsubscribed' | 'complained';
  /** failed only: temporary failures are retried by the provider, permanent ones suppress the address */
  severity: 'temporary' | 'permanent' | null;
  /** our reference (see EmailMessage.reference), when the message carried one */
  reference: string | null;
  messageId: string | null;
  recipient: string;
  /** the provider's reason ("bounce", "suppress-bounce", a 5xx text), when it gave one */
  reason: string | null;
  /** the clicked URL, for clicked */
  url: string | null;
  at: Date;
}
