import type { IncomingWebhook } from '../payments/types.js';

export type { IncomingWebhook } from '../payments/types.js';
export { WebhookRejected } from '../payments/types.js';

export { SMS_DRIVERS, type SmsDriverName as SmsDriver } from '../../config.js';
import type { SmsDriverName as SmsDriver } from '../../config.js';

/**
 * An SMS provider as the delivery engine sees it: a stateless client that sends one text to a
 * batch of numbers and reads the provider's callbacks. Drivers keep nothing; the engine stores
 * every recipient's row and turns answers and callbacks into its states.
 */
export interface SmsGateway {
  readonly name: SmsDriver;
  /** the most numbers one `send` takes */
  readonly maxBatch: number;
  /**
   * Sends `batch.message` to every number of the batch, answering for each number in the order
   * given. Throws only when nothing was sent: SmsRequestInvalid before any HTTP (a bad number, an
   * empty message, too many numbers), ProviderError when the provider refused the whole request
   * (bad credentials, its own outage; `temporary` says whether to try again later). Once the
   * request may have reached the provider every number gets an answer, `unknown` when none came.
   */
  send(batch: SmsBatch): Promise<SmsRecipientResult[]>;
  /** a delivery report; WebhookRejected when the callback address does not verify or the body is not one */
  readDeliveryReport(webhook: IncomingWebhook): DeliveryReport;
  /** a message sent to one of our numbers or short codes, with the opt-out/opt-in keyword it carries */
  readInbound(webhook: IncomingWebhook): InboundMessage;
  /** the provider's bulk SMS opt-out notice: the number no longer takes messages from the sender */
  readOptOut(webhook: IncomingWebhook): OptOutNotice;
}

export interface SmsBatch {
  /** the company sending: its callbacks come back under its own secret (the log driver posts them) */
  tenantId: string;
  /** E.164 numbers ("+254712345678"), each once */
  to: string[];
  message: string;
  /** the sender ID or short code; the configured default (AT_SENDER_ID) when absent */
  from?: string;
}

export type SmsRecipientResult = SmsAccepted | SmsRefused | SmsUnknown;

export interface SmsAccepted {
  to: string;
  outcome: 'accepted';
  /** the provider's id, which its delivery reports carry */
  messageId: string;
  /** what the provider charged, when it said ("KES 0.8000" → { currency: 'KES', amount: '0.8000' }) */
  cost: { currency: string; amount: string } | null;
  /** the parts the provider counted, when it said */
  parts: number | null;
}

export interface SmsRefused {
  to: string;
  outcome: 'refused';
  /** the provider's name for the refusal (InvalidPhoneNumber, InsufficientBalance, …) */
  code: string;
  /** a sentence for the person who sent it */
  reason: string;
  /** the same message to the same number may go through later (retry with backoff) */
  temporary: boolean;
  /**
   * the refusal is about the account, not this number (balance, sender ID, risk hold): every
   * other number will be refused the same way, so the send should pause rather than go on
   */
  account: boolean;
}

export interface SmsUnknown {
  to: string;
  outcome: 'unknown';
  /** why there is no answer: the delivery report settles it; sending again may send it twice */
  reason: string;
}

/** our states for a message once the provider has it */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'rejected';

export interface DeliveryReport {
  tenantId: string;
  messageId: string;
  state: DeliveryState;
  /** the provider's own status word (Success, Buffered, AbsentSubscriber, …) */
  status: string;
  phoneNumber: string | null;
  networkCode: string | null;
  /** a sentence when failed or rejected */
  reason: string | null;
  retryCount: number | null;
}

export type InboundKind = 'opt_out' | 'opt_in' | 'message';

export interface InboundMessage {
  tenantId: string;
  kind: InboundKind;
  /** the provider's id for the inbound message, to drop repeats */
  id: string | null;
  from: string;
  /** our number or short code it was sent to */
  to: string;
  text: string;
  /** when the provider received it (ISO 8601), when it said */
  date: string | null;
  /** premium SMS session, to answer within */
  linkId: string | null;
}

export interface OptOutNotice {
  tenantId: string;
  phoneNumber: string;
  senderId: string | null;
}
