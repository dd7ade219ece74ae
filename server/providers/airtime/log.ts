import { randomUUID } from 'node:crypto';
import type { LineLogger } from '../payments/log.js';
import { CallbackSecrets } from '../sms/callbacks.js';
import type { WebhookSink } from '../sms/log.js';
import { checkAirtime, readAirtimeStatus } from './africastalking.js';
import type { AirtimeGateway, AirtimeRecipientResult, AirtimeRequest, AirtimeStatus, IncomingWebhook } from './types.js';

export interface LogAirtimeOptions {
  /** receives a "Success" status callback for every accepted top-up, after `send` has answered */
  sink?: WebhookSink;
  statusPath?: string;
}

/**
 * The development default: every top-up is accepted at once (a line in the log), and given a
 * sink a "Success" status callback shaped like Africa's Talking's follows, read by the same
 * reader. A repeated idempotency key answers what the first request did and sends nothing.
 * Never enabled in production.
 */
export class LogAirtime implements AirtimeGateway {
  readonly name = 'log' as const;
  private secrets: CallbackSecrets;
  private seen = new Map<string, AirtimeRecipientResult[]>();

  constructor(
    private log: LineLogger,
    appKey: string,
    private options: LogAirtimeOptions = {},
  ) {
    this.secrets = new CallbackSecrets(appKey);
  }

  async send(request: AirtimeRequest): Promise<AirtimeRecipientResult[]> {
    const recipients = checkAirtime(request);
    const before = this.seen.get(request.idempotencyKey);
    if (before) return before;
    const results = recipients.map((r): AirtimeRecipientResult => ({
      phoneNumber: r.phoneNumber,
      outcome: 'accepted',
      requestId: `log_${randomUUID()}`,
      amount: { currency: r.currency, amount: r.amount },
      discount: null,
    }));
    this.seen.set(request.idempotencyKey, results);
    recipients.forEach((r) => this.log.info({ tenant: request.tenantId, to: r.phoneNumber, key: request.idempotencyKey }, `airtime of ${r.currency} ${r.amount} to ${r.phoneNumber} accepted by the log driver`));
    const sink = this.options.sink;
    if (sink) {
      const url = this.secrets.url(this.options.statusPath ?? '/webhooks/airtime/status', 'airtime-status', request.tenantId);
      setImmediate(() => {
        results.forEach((r, i) => {
          if (r.outcome !== 'accepted') return;
          const body = JSON.stringify({ requestId: r.requestId, status: 'Success', phoneNumber: r.phoneNumber, value: `${recipients[i].currency} ${recipients[i].amount}`, discount: `${recipients[i].currency} 0.00`, description: 'Airtime delivered' });
          void Promise.resolve()
            .then(() => sink({ url, headers: { 'content-type': 'application/json' }, rawBody: Buffer.from(body) }))
            .catch((e: unknown) => this.log.info({ err: e instanceof Error ? e.message : String(e) }, `the log driver's airtime status for ${r.phoneNumber} was not taken`));
        });
      });
    }
    return results;
  }

  readStatus(webhook: IncomingWebhook): AirtimeStatus {
    return readAirtimeStatus(this.secrets, webhook);
  }
}
