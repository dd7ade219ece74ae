import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Tx } from '../../db/client.js';
import { ProviderError } from '../../providers/payments/errors.js';
import { enabledSmsGateways, SmsRequestInvalid, type SmsDriver, type SmsGateway } from '../../providers/sms/index.js';
import { DispatchFailed, driversPerApp, firstDriver, ownWebhook, type ChannelRules, type ClaimedRow, type DeliveryChannel, type RowOutcome, type SendRecord } from '../delivery/index.js';

export const SMS_DELIVERY_PATH = '/webhooks/sms/delivery';

/**
 * This app's SMS drivers (SMS_DRIVERS), built once. The log driver posts its Success reports
 * into this app's own delivery-report route, so development exercises the whole path.
 */
export const smsGateways: (app: FastifyInstance) => Map<SmsDriver, SmsGateway> = driversPerApp((app) =>
  enabledSmsGateways(app.ctx.config, { log: app.log, logDriver: { deliveryPath: SMS_DELIVERY_PATH, sink: ownWebhook(app) } }),
);

/** Replaces (or adds) a driver of this app: tests hand in drivers pointed at their stand-ins. */
export function useSmsGateway(app: FastifyInstance, gateway: SmsGateway) {
  smsGateways(app).set(gateway.name, gateway);
}

/** the default driver: the first configured */
export const defaultSmsDriver = (app: FastifyInstance): SmsDriver => firstDriver(smsGateways(app), 'SMS_DRIVERS');

export const DEFAULT_SMS_RULES = { quiet_hours_enabled: true, quiet_start: '20:00', quiet_end: '08:00', pause_error_rate: 20, pause_min_sample: 200 };

export async function smsRules(tx: Tx, tenantId: number): Promise<ChannelRules> {
  const [s] = await rows<{ quiet_hours_enabled: boolean; quiet_start: string; quiet_end: string; pause_error_rate: number; pause_min_sample: number }>(
    tx,
    sql`select quiet_hours_enabled, quiet_start, quiet_end, pause_error_rate, pause_min_sample from sms_settings where tenant_id = ${tenantId}`,
  );
  const r = s ?? DEFAULT_SMS_RULES;
  return {
    quiet: r.quiet_hours_enabled ? { start: r.quiet_start, end: r.quiet_end } : null,
    pauseErrorRate: Number(r.pause_error_rate),
    pauseMinSample: Number(r.pause_min_sample),
  };
}

/** provider requests of one batch in flight at once (a personalised send has a request per distinct text) */
const PARALLEL_REQUESTS = 8;

/**
 * SMS as a delivery channel: a claimed batch is grouped by text (one text for a plain send, one
 * per distinct rendering for a personalised one) and each group goes in one request per
 * `maxBatch` numbers. Answers per number come back as the engine's outcomes.
 */
export function smsChannel(app: FastifyInstance): DeliveryChannel {
  return {
    name: 'sms',
    service: 'sms',
    batchSize: 1000,
    throttleKeys: (send) => [`provider:${send.driver}`, `sender:${send.driver}:${send.senderId ?? 'default'}`],
    rules: smsRules,
    async dispatch(send: SendRecord, claimed: ClaimedRow[]): Promise<RowOutcome[]> {
      const gateway = smsGateways(app).get(send.driver as SmsDriver);
      if (!gateway) throw new DispatchFailed(`The ${send.driver} SMS driver is not enabled here.`, false);
      const groups = new Map<string, ClaimedRow[]>();
      for (const row of claimed) {
        const text = row.body ?? send.body;
        const list = groups.get(text);
        if (list) list.push(row);
        else groups.set(text, [row]);
      }
      const requests: { text: string; rows: ClaimedRow[] }[] = [];
      for (const [text, list] of groups) for (let i = 0; i < list.length; i += gateway.maxBatch) requests.push({ text, rows: list.slice(i, i + gateway.maxBatch) });
      const out: RowOutcome[] = [];
      let next = 0;
      const work = async () => {
        while (next < requests.length) {
          const r = requests[next++];
          out.push(...(await sendOne(gateway, send, r.text, r.rows)));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, requests.length) }, work));
      return out;
    },
  };
}

async function sendOne(gateway: SmsGateway, send: SendRecord, text: string, list: ClaimedRow[]): Promise<RowOutcome[]> {
  const byNumber = new Map(list.map((r) => [r.address, r]));
  try {
    const results = await gateway.send({ tenantId: String(send.tenantId), to: list.map((r) => r.address), message: text, from: send.senderId ?? undefined });
    return results.flatMap((res): RowOutcome[] => {
      const row = byNumber.get(res.to);
      if (!row) return [];
      if (res.outcome === 'accepted') return [{ id: row.id, outcome: 'accepted', providerId: res.messageId, status: 'Sent' }];
      if (res.outcome === 'refused') return [{ id: row.id, outcome: 'refused', code: res.code, reason: res.reason, temporary: res.temporary, account: res.account }];
      return [{ id: row.id, outcome: 'unknown', reason: res.reason }];
    });
  } catch (err) {
    if (err instanceof SmsRequestInvalid) {
      return list.map((r) => ({ id: r.id, outcome: 'refused', code: 'InvalidRequest', reason: err.message, temporary: false, account: false }));
    }
    // nothing was sent: the whole request was refused (credentials, an outage) — per row, so the other requests' answers stand
    if (err instanceof ProviderError && !err.mayHaveArrived) {
      return list.map((r) => ({ id: r.id, outcome: 'refused', code: err.code ?? 'RequestFailed', reason: err.message, temporary: err.temporary, account: !err.temporary, outage: err.temporary }));
    }
    // anything else may have left: never sent again blindly
    return list.map((r) => ({ id: r.id, outcome: 'unknown', reason: `The request to the provider failed after it may have left (${(err as Error).message}); the delivery report will settle it.` }));
  }
}
