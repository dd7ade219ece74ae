import { ProviderError } from '../payments/errors.js';
import { callProviderText, isRecord, type Fetch } from '../payments/http.js';
import { CallbackSecrets } from './callbacks.js';
import { SmsRequestInvalid } from './errors.js';
import { SmsCallbackReader } from './reports.js';
import type { SmsBatch, SmsGateway, SmsRecipientResult } from './types.js';

export interface AfricasTalkingSettings {
  username: string;
  apiKey: string;
  /** https://api.sandbox.africastalking.com, https://api.africastalking.com, or a stand-in */
  apiUrl: string;
  /** the registered sender ID or short code used when a batch names none; null: Africa's Talking's shared one */
  senderId: string | null;
}

export interface AfricasTalkingOptions {
  fetch?: Fetch;
  timeoutMs?: number;
}

export interface RecipientStatus {
  name: string;
  reason: string;
  /** the same message to the same number may go through later */
  temporary: boolean;
  /** about the account, not the number: the others will be refused the same way */
  account: boolean;
}

/** Africa's Talking's per-recipient statusCode for a refused message (https://developers.africastalking.com/docs/sms/sending/bulk) */
export const REFUSALS: Readonly<Record<number, RecipientStatus>> = {
  401: { name: 'RiskHold', reason: "Africa's Talking is holding messages from this account for a risk review.", temporary: false, account: true },
  402: { name: 'InvalidSenderId', reason: 'The sender ID is not registered for this account or not allowed on this network.', temporary: false, account: true },
  403: { name: 'InvalidPhoneNumber', reason: 'The phone number is not valid.', temporary: false, account: false },
  404: { name: 'UnsupportedNumberType', reason: 'The number cannot receive SMS from this sender (a landline or an unsupported network).', temporary: false, account: false },
  405: { name: 'InsufficientBalance', reason: "The Africa's Talking account has too little balance to send.", temporary: true, account: true },
  406: { name: 'UserInBlacklist', reason: 'The number has blocked messages from this sender.', temporary: false, account: false },
  407: { name: 'CouldNotRoute', reason: 'No route to the number’s network was available.', temporary: true, account: false },
  409: { name: 'DoNotDisturbRejection', reason: 'The number is on its network’s do-not-disturb list for promotional messages.', temporary: false, account: false },
  500: { name: 'InternalServerError', reason: "Africa's Talking had an internal error with this message.", temporary: true, account: false },
  501: { name: 'GatewayError', reason: 'The network’s gateway had an error with this message.', temporary: true, account: false },
  502: { name: 'RejectedByGateway', reason: 'The network’s gateway rejected the message.', temporary: false, account: false },
};

/** 100 Processed, 101 Sent, 102 Queued */
const ACCEPTED = new Set([100, 101, 102]);
const BY_NAME = new Map(Object.values(REFUSALS).map((r) => [r.name, r]));

export const E164 = /^\+[1-9]\d{6,14}$/;
/** an alphanumeric sender ID (up to 11 characters) or a short code / long number */
const SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ._-]{1,11}$|^\+?\d{3,15}$/;
/** the most numbers in one request: the form body stays well under Africa's Talking's request size */
export const AT_MAX_BATCH = 1000;

/**
 * Africa's Talking bulk SMS over HTTP: `POST /version1/messaging`, form-encoded, the `apiKey`
 * header; success is 201 with one entry per number in SMSMessageData.Recipients.
 */
export class AfricasTalkingSms extends SmsCallbackReader implements SmsGateway {
  readonly name = 'africastalking' as const;
  readonly maxBatch = AT_MAX_BATCH;
  private fetch: Fetch;
  private timeoutMs: number;

  constructor(
    private settings: AfricasTalkingSettings,
    appKey: string,
    options: AfricasTalkingOptions = {},
  ) {
    super(new CallbackSecrets(appKey));
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async send(batch: SmsBatch): Promise<SmsRecipientResult[]> {
    const { to, from } = checkBatch(batch, this.maxBatch, this.settings.senderId);
    const form = new URLSearchParams({ username: this.settings.username, to: to.join(','), message: batch.message, bulkSMSMode: '1', enqueue: '1' });
    if (from) form.set('from', from);
    const label = `Sending an SMS to ${to.length === 1 ? '1 number' : `${to.length} numbers`}`;
    let answer;
    try {
      answer = await callProviderText('africastalking', label, this.fetch, `${this.settings.apiUrl.replace(/\/+$/, '')}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: this.settings.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }, this.timeoutMs);
    } catch (e) {
      if (e instanceof ProviderError && e.mayHaveArrived) return to.map((n) => ({ to: n, outcome: 'unknown', reason: `${e.message} It may have been sent: its delivery report will tell.` }));
      throw e;
    }
    if (answer.status === 502 || answer.status === 504) {
      // a proxy in front of Africa's Talking lost its answer: the request may have been taken
      return to.map((n) => ({ to: n, outcome: 'unknown', reason: `Africa's Talking answered ${answer.status} (a gateway between us lost the answer); its delivery report will tell.` }));
    }
    if (answer.status !== 200 && answer.status !== 201) {
      const text = answer.text.trim().slice(0, 200) || `HTTP ${answer.status}`;
      throw new ProviderError('africastalking', `${label}: Africa's Talking refused the request (${answer.status}): ${text}`, answer.status, null, false, answer.status >= 500 || answer.status === 429);
    }
    return readRecipients(answer.text, to);
  }
}

/** the batch's numbers and sender, or SmsRequestInvalid before any HTTP */
export function checkBatch(batch: SmsBatch, max: number, defaultSender: string | null): { to: string[]; from: string | null } {
  if (typeof batch.message !== 'string' || !batch.message.trim()) throw new SmsRequestInvalid('The message is empty.', 'message');
  if (!Array.isArray(batch.to) || batch.to.length === 0) throw new SmsRequestInvalid('The batch has no numbers.', 'to');
  if (batch.to.length > max) throw new SmsRequestInvalid(`A batch takes at most ${max} numbers, not ${batch.to.length}.`, 'to');
  const seen = new Set<string>();
  for (const n of batch.to) {
    if (typeof n !== 'string' || !E164.test(n)) throw new SmsRequestInvalid(`"${String(n)}" is not a phone number in international form (+254712345678).`, 'to');
    if (seen.has(n)) throw new SmsRequestInvalid(`${n} is twice in the batch: each number is sent once.`, 'to');
    seen.add(n);
  }
  const from = batch.from?.trim() || defaultSender;
  if (from && !SENDER.test(from)) throw new SmsRequestInvalid(`"${from}" is not a sender ID (up to 11 letters and digits) or a short code.`, 'from');
  return { to: batch.to, from };
}

/** one answer per number of `to`, in its order, from the 201 body */
export function readRecipients(text: string, to: string[]): SmsRecipientResult[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const data = isRecord(body) && isRecord(body.SMSMessageData) ? body.SMSMessageData : null;
  const list = data && Array.isArray(data.Recipients) ? data.Recipients.filter(isRecord) : null;
  if (!data || !list) return to.map((n) => ({ to: n, outcome: 'unknown', reason: "Africa's Talking said it took the request but its answer could not be read; the delivery report will tell." }));
  // no recipient at all, and the summary names a refusal: the whole batch was refused for it
  const summary = typeof data.Message === 'string' ? data.Message.trim() : '';
  const whole = list.length === 0 ? BY_NAME.get(summary) : undefined;
  if (whole) return to.map((n) => ({ to: n, outcome: 'refused', code: whole.name, reason: whole.reason, temporary: whole.temporary, account: whole.account }));
  const byNumber = new Map(list.map((r) => [String(r.number ?? ''), r]));
  return to.map((n): SmsRecipientResult => {
    const r = byNumber.get(n);
    if (!r) return { to: n, outcome: 'unknown', reason: "Africa's Talking's answer did not mention this number; the delivery report will tell." };
    const code = Number(r.statusCode);
    const status = typeof r.status === 'string' ? r.status : '';
    if (ACCEPTED.has(code)) {
      const messageId = typeof r.messageId === 'string' && r.messageId && r.messageId !== 'None' ? r.messageId : null;
      if (!messageId) return { to: n, outcome: 'unknown', reason: "Africa's Talking accepted the message without a message id." };
      const parts = Number(r.messageParts);
      return { to: n, outcome: 'accepted', messageId, cost: parseCost(r.cost), parts: Number.isInteger(parts) && parts > 0 ? parts : null };
    }
    const known = REFUSALS[code] ?? BY_NAME.get(status);
    if (known) return { to: n, outcome: 'refused', code: known.name, reason: known.reason, temporary: known.temporary, account: known.account };
    return { to: n, outcome: 'refused', code: status || String(r.statusCode), reason: `Africa's Talking refused the message (${status || `status ${String(r.statusCode)}`}).`, temporary: false, account: false };
  });
}

/** "KES 0.8000" → { currency: 'KES', amount: '0.8000' }; "0", "None" or nothing → null */
export function parseCost(cost: unknown): { currency: string; amount: string } | null {
  const m = typeof cost === 'string' ? /^([A-Z]{3})\s+(\d+(?:\.\d+)?)$/.exec(cost.trim()) : null;
  return m ? { currency: m[1], amount: m[2] } : null;
}
