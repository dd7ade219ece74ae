import { randomUUID } from 'node:crypto';
import type { LineLogger } from '../payments/log.js';
import { CallbackSecrets } from './callbacks.js';
import { AT_MAX_BATCH, checkBatch } from './africastalking.js';
import { SmsCallbackReader } from './reports.js';
import { messageParts } from './segments.js';
import type { IncomingWebhook, SmsBatch, SmsGateway, SmsRecipientResult } from './types.js';

/** where the log driver posts its delivery reports: the same route Africa's Talking's would reach */
export type WebhookSink = (webhook: IncomingWebhook) => void | Promise<void>;

export interface LogSmsOptions {
  /** receives a "Success" delivery report for every accepted message, after `send` has answered */
  sink?: WebhookSink;
  /** the path of the delivery-report route (the report's address, its secret appended) */
  deliveryPath?: string;
}

/**
 * The development default: every message is accepted at once and a line in the log shows it.
 * Given a sink, it then posts each message a "Success" delivery report shaped like Africa's
 * Talking's, read by the same reader: development exercises the whole path without a provider.
 * Never enabled in production (server/config.ts refuses it).
 */
export class LogSms extends SmsCallbackReader implements SmsGateway {
  readonly name = 'log' as const;
  readonly maxBatch = AT_MAX_BATCH;

  constructor(
    private log: LineLogger,
    appKey: string,
    private options: LogSmsOptions = {},
  ) {
    super(new CallbackSecrets(appKey));
  }

  async send(batch: SmsBatch): Promise<SmsRecipientResult[]> {
    const { to, from } = checkBatch(batch, this.maxBatch, null);
    const parts = messageParts(batch.message).parts;
    const results = to.map((n): SmsRecipientResult => ({ to: n, outcome: 'accepted', messageId: `log_${randomUUID()}`, cost: null, parts }));
    for (const r of results) {
      this.log.info({ tenant: batch.tenantId, to: r.to, from, parts, messageId: r.outcome === 'accepted' ? r.messageId : null }, `SMS to ${r.to} (${parts} part${parts === 1 ? '' : 's'}) accepted by the log driver: ${batch.message}`);
    }
    const sink = this.options.sink;
    if (sink) {
      const url = this.secrets.url(this.options.deliveryPath ?? '/webhooks/sms/delivery', 'sms-delivery', batch.tenantId);
      // after the caller has stored the message ids the reports refer to
      setImmediate(() => {
        for (const r of results) {
          if (r.outcome !== 'accepted') continue;
          const body = new URLSearchParams({ id: r.messageId, status: 'Success', phoneNumber: r.to, networkCode: '00000', retryCount: '0' });
          void Promise.resolve()
            .then(() => sink({ url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: Buffer.from(body.toString()) }))
            .catch((e: unknown) => this.log.info({ err: e instanceof Error ? e.message : String(e) }, `the log driver's delivery report for ${r.to} was not taken`));
        }
      });
    }
    return results;
  }
}
