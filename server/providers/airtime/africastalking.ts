import { isDecimal, toUnits } from '../../../common/money.js';
import { ProviderError } from '../payments/errors.js';
import { callProviderText, isRecord, type Fetch } from '../payments/http.js';
import { CallbackSecrets, callbackFields, optional, required } from '../sms/callbacks.js';
import { E164, parseCost } from '../sms/africastalking.js';
import {
  AirtimeRequestInvalid,
  type AirtimeGateway,
  type AirtimeRecipient,
  type AirtimeRecipientResult,
  type AirtimeRequest,
  type AirtimeStatus,
  type IncomingWebhook,
} from './types.js';

export interface AfricasTalkingAirtimeSettings {
  username: string;
  apiKey: string;
  apiUrl: string;
}

export interface AfricasTalkingAirtimeOptions {
  fetch?: Fetch;
  timeoutMs?: number;
}

/** the most recipients one request takes (Africa's Talking's documented limit is higher; a small batch keeps retries cheap) */
export const AIRTIME_MAX_BATCH = 100;

/**
 * Africa's Talking airtime: `POST /version1/airtime/send`, form-encoded `username` and
 * `recipients` (JSON `[{"phoneNumber":"+254711000111","amount":"KES 100.00"}]`: the amount
 * carries its currency, as the API takes it; the SDKs' separate currencyCode is joined into it
 * on the client), the `apiKey` and `Idempotency-Key` headers. The final outcome comes to the
 * status callback.
 */
export class AfricasTalkingAirtime implements AirtimeGateway {
  readonly name = 'africastalking' as const;
  private fetch: Fetch;
  private timeoutMs: number;
  private secrets: CallbackSecrets;

  constructor(
    private settings: AfricasTalkingAirtimeSettings,
    appKey: string,
    options: AfricasTalkingAirtimeOptions = {},
  ) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.secrets = new CallbackSecrets(appKey);
  }

  async send(request: AirtimeRequest): Promise<AirtimeRecipientResult[]> {
    const recipients = checkAirtime(request);
    const form = new URLSearchParams({
      username: this.settings.username,
      recipients: JSON.stringify(recipients.map((r) => ({ phoneNumber: r.phoneNumber, amount: `${r.currency} ${r.amount}` }))),
    });
    const label = `Sending airtime to ${recipients.length === 1 ? '1 number' : `${recipients.length} numbers`}`;
    const unknown = (reason: string) => recipients.map((r): AirtimeRecipientResult => ({ phoneNumber: r.phoneNumber, outcome: 'unknown', reason }));
    let answer;
    try {
      answer = await callProviderText('africastalking', label, this.fetch, `${this.settings.apiUrl.replace(/\/+$/, '')}/version1/airtime/send`, {
        method: 'POST',
        headers: {
          apiKey: this.settings.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': request.idempotencyKey,
        },
        body: form.toString(),
      }, this.timeoutMs);
    } catch (e) {
      if (e instanceof ProviderError && e.mayHaveArrived) return unknown(`${e.message} It may have been sent: send again with the same idempotency key, or wait for its status callback.`);
      throw e;
    }
    if (answer.status === 502 || answer.status === 504) return unknown(`Africa's Talking answered ${answer.status} (a gateway between us lost the answer).`);
    if (answer.status !== 200 && answer.status !== 201) {
      const text = answer.text.trim().slice(0, 200) || `HTTP ${answer.status}`;
      throw new ProviderError('africastalking', `${label}: Africa's Talking refused the request (${answer.status}): ${text}`, answer.status, null, false, answer.status >= 500 || answer.status === 429);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return unknown("Africa's Talking took the request but its answer could not be read.");
    }
    if (!isRecord(body)) return unknown("Africa's Talking took the request but its answer could not be read.");
    const overall = typeof body.errorMessage === 'string' && body.errorMessage !== 'None' ? body.errorMessage : null;
    const list = Array.isArray(body.responses) ? body.responses.filter(isRecord) : [];
    if (list.length === 0) {
      // "A duplicate request was received within the last 5 minutes": the earlier request's outcome stands
      if (overall && /duplicate/i.test(overall)) return unknown(`Africa's Talking says this request was already received (${overall}); its status callback settles it.`);
      if (overall) return recipients.map((r) => ({ phoneNumber: r.phoneNumber, outcome: 'refused', reason: `Africa's Talking refused the airtime: ${overall}` }));
      return unknown("Africa's Talking's answer named no recipient.");
    }
    const byNumber = new Map(list.map((r) => [String(r.phoneNumber ?? ''), r]));
    return recipients.map((rec): AirtimeRecipientResult => {
      const r = byNumber.get(rec.phoneNumber);
      if (!r) return { phoneNumber: rec.phoneNumber, outcome: 'unknown', reason: "Africa's Talking's answer did not mention this number." };
      const status = typeof r.status === 'string' ? r.status : '';
      const error = typeof r.errorMessage === 'string' && r.errorMessage !== 'None' ? r.errorMessage : null;
      const requestId = typeof r.requestId === 'string' && r.requestId && r.requestId !== 'None' ? r.requestId : null;
      if (/^(Sent|Queued|Success)$/.test(status) && requestId) {
        return { phoneNumber: rec.phoneNumber, outcome: 'accepted', requestId, amount: parseCost(r.amount), discount: parseCost(r.discount) };
      }
      return { phoneNumber: rec.phoneNumber, outcome: 'refused', reason: `Africa's Talking refused the airtime: ${error ?? (status || 'no reason given')}.` };
    });
  }

  readStatus(webhook: IncomingWebhook): AirtimeStatus {
    return readAirtimeStatus(this.secrets, webhook);
  }
}

export function readAirtimeStatus(secrets: CallbackSecrets, webhook: IncomingWebhook): AirtimeStatus {
  const what = 'airtime status callback';
  const tenantId = secrets.verify('airtime-status', webhook, what);
  const f = callbackFields(webhook, what);
  const requestId = required(f, 'requestId', what);
  const status = required(f, 'status', what);
  const state = status === 'Success' ? 'delivered' : status === 'Failed' ? 'failed' : 'pending';
  const description = optional(f, 'description') ?? optional(f, 'errorMessage');
  return {
    tenantId,
    requestId,
    state,
    status,
    phoneNumber: optional(f, 'phoneNumber'),
    amount: parseCost(f.value ?? f.amount),
    discount: parseCost(f.discount),
    reason: state === 'failed' ? `The airtime was not delivered${description && description !== 'None' ? `: ${description}` : '.'}` : null,
  };
}

/** the recipients with their currency and amount normalised, or AirtimeRequestInvalid */
export function checkAirtime(request: AirtimeRequest): AirtimeRecipient[] {
  const key = request.idempotencyKey;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AirtimeRequestInvalid('The idempotency key must be 8 to 100 printable characters without spaces.', 'idempotencyKey');
  }
  if (!Array.isArray(request.recipients) || request.recipients.length === 0) throw new AirtimeRequestInvalid('The request has no recipients.', 'recipients');
  if (request.recipients.length > AIRTIME_MAX_BATCH) throw new AirtimeRequestInvalid(`A request takes at most ${AIRTIME_MAX_BATCH} recipients, not ${request.recipients.length}.`, 'recipients');
  const seen = new Set<string>();
  return request.recipients.map((r) => {
    if (typeof r.phoneNumber !== 'string' || !E164.test(r.phoneNumber)) throw new AirtimeRequestInvalid(`"${String(r.phoneNumber)}" is not a phone number in international form (+254712345678).`, 'phoneNumber');
    if (seen.has(r.phoneNumber)) throw new AirtimeRequestInvalid(`${r.phoneNumber} is twice in the request.`, 'recipients');
    seen.add(r.phoneNumber);
    const currency = typeof r.currency === 'string' ? r.currency.trim().toUpperCase() : '';
    if (!/^[A-Z]{3}$/.test(currency)) throw new AirtimeRequestInvalid(`The currency must be an ISO 4217 code such as KES, not "${String(r.currency)}".`, 'currency');
    const amount = typeof r.amount === 'string' ? r.amount.trim() : '';
    if (!isDecimal(amount) || amount.startsWith('-') || toUnits(amount, 12) <= 0n || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      throw new AirtimeRequestInvalid(`The amount must be a positive number with at most two decimals, not "${String(r.amount)}".`, 'amount');
    }
    return { phoneNumber: r.phoneNumber, amount, currency };
  });
}
