import { WebhookRejected } from '../payments/types.js';
import { callbackFields, optional, required, type CallbackSecrets } from './callbacks.js';
import { inboundKind } from './keywords.js';
import type { DeliveryReport, DeliveryState, InboundMessage, IncomingWebhook, OptOutNotice } from './types.js';

/** Africa's Talking's delivery-report status words → our states */
export const DELIVERY_STATES: Readonly<Record<string, DeliveryState>> = {
  Sent: 'pending',
  Submitted: 'pending',
  Buffered: 'pending',
  Success: 'delivered',
  Failed: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
  Rejected: 'rejected',
};

/** Africa's Talking's failureReason values, for the person reading the message's history */
export const FAILURE_REASONS: Readonly<Record<string, string>> = {
  InsufficientCredit: 'The subscriber has too little airtime for this premium message.',
  InvalidLinkId: 'The premium session (linkId) was invalid or had expired.',
  UserIsInactive: 'The number is inactive on its network.',
  UserInBlackList: 'The number has blocked messages from this sender.',
  UserAccountSuspended: "The number's account is suspended by its network.",
  NotNetworkSubscriber: 'The number does not belong to the network the message was routed to.',
  UserNotSubscribedToProduct: 'The number is not subscribed to this premium product.',
  UserDoesNotExist: 'The number does not exist on its network.',
  DeliveryFailure: 'The network could not deliver the message.',
};

const STATUS_REASONS: Readonly<Record<string, string>> = {
  Rejected: 'The network rejected the message.',
  Failed: 'The network could not deliver the message.',
  AbsentSubscriber: 'The phone was off or out of coverage until the message expired.',
  Expired: 'The message expired before the phone could be reached.',
};

/**
 * Reads Africa's Talking's SMS callbacks (delivery reports, inbound messages, bulk opt-outs), each
 * after checking the secret in its address. The log driver posts its reports in the same shape
 * and reads them here too.
 */
export class SmsCallbackReader {
  constructor(protected secrets: CallbackSecrets) {}

  readDeliveryReport(webhook: IncomingWebhook): DeliveryReport {
    const what = 'delivery report';
    const tenantId = this.secrets.verify('sms-delivery', webhook, what);
    const f = callbackFields(webhook, what);
    const messageId = required(f, 'id', what);
    const status = required(f, 'status', what);
    // a status word we do not know yet changes nothing: the message stays pending until one we know
    const state = DELIVERY_STATES[status] ?? 'pending';
    const failure = optional(f, 'failureReason');
    const reason =
      state === 'failed' || state === 'rejected'
        ? (failure ? (FAILURE_REASONS[failure] ?? `The network said: ${failure}.`) : null) ?? STATUS_REASONS[status] ?? `The network said: ${status}.`
        : null;
    const retry = optional(f, 'retryCount');
    return {
      tenantId,
      messageId,
      state,
      status,
      phoneNumber: optional(f, 'phoneNumber'),
      networkCode: optional(f, 'networkCode'),
      reason,
      retryCount: retry !== null && /^\d+$/.test(retry) ? Number(retry) : null,
    };
  }

  readInbound(webhook: IncomingWebhook): InboundMessage {
    const what = 'inbound message';
    const tenantId = this.secrets.verify('sms-inbound', webhook, what);
    const f = callbackFields(webhook, what);
    const from = required(f, 'from', what);
    const to = required(f, 'to', what);
    if (f.text === undefined) throw new WebhookRejected(`The ${what} has no text.`);
    const date = optional(f, 'date');
    const parsed = date === null ? null : new Date(date.includes('T') || date.endsWith('Z') ? date : `${date.replace(' ', 'T')}Z`);
    return {
      tenantId,
      kind: inboundKind(f.text),
      id: optional(f, 'id'),
      from,
      to,
      text: f.text,
      date: parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : null,
      linkId: optional(f, 'linkId'),
    };
  }

  readOptOut(webhook: IncomingWebhook): OptOutNotice {
    const what = 'opt-out notice';
    const tenantId = this.secrets.verify('sms-optout', webhook, what);
    const f = callbackFields(webhook, what);
    return { tenantId, phoneNumber: required(f, 'phoneNumber', what), senderId: optional(f, 'senderId') };
  }
}
