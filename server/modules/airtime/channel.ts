import type { FastifyInstance } from 'fastify';
import { AirtimeRequestInvalid, enabledAirtimeGateways, type AirtimeDriver, type AirtimeGateway } from '../../providers/airtime/index.js';
import { ProviderError } from '../../providers/payments/errors.js';
import { DispatchFailed, driversPerApp, firstDriver, ownWebhook, type ChannelRules, type ClaimedRow, type DeliveryChannel, type RowOutcome, type SendRecord } from '../delivery/index.js';

export const AIRTIME_STATUS_PATH = '/webhooks/airtime/status';

/**
 * This app's airtime drivers (AIRTIME_DRIVERS), built once. The log driver posts its Success
 * status callbacks into this app's own status route, so development exercises the whole path.
 */
export const airtimeGateways: (app: FastifyInstance) => Map<AirtimeDriver, AirtimeGateway> = driversPerApp((app) =>
  enabledAirtimeGateways(app.ctx.config, { log: app.log, logDriver: { statusPath: AIRTIME_STATUS_PATH, sink: ownWebhook(app) } }),
);

/** Replaces (or adds) a driver of this app: tests hand in drivers pointed at their stand-ins. */
export function useAirtimeGateway(app: FastifyInstance, gateway: AirtimeGateway) {
  airtimeGateways(app).set(gateway.name, gateway);
}

/** the default driver: the first configured */
export const defaultAirtimeDriver = (app: FastifyInstance): AirtimeDriver => firstDriver(airtimeGateways(app), 'AIRTIME_DRIVERS');

/**
 * Airtime's sending rules: no quiet hours (a top-up is not a message), and a pause once half of
 * at least 20 answers were refusals or unknown — money is at stake, so it stops early.
 */
export const AIRTIME_RULES: ChannelRules = { quiet: null, pauseErrorRate: 50, pauseMinSample: 20 };

/** provider requests of one batch in flight at once (one recipient per request) */
const PARALLEL_REQUESTS = 8;

/**
 * The provider's idempotency key of an outbox row: a retry after an unknown answer carries the
 * same key, so it can never top the phone up twice; after an outright refusal (nothing sent) the
 * key moves on, or the provider would answer the resumed send with the refusal it remembers.
 */
export const airtimeKey = (row: { id: number; refusals: number }) => (row.refusals > 0 ? `kazi-delivery-${row.id}-${row.refusals}` : `kazi-delivery-${row.id}`);

/** a refusal about the account (the provider's balance), not the number: the send pauses */
const ACCOUNT_REFUSAL = /insufficient|balance/i;

/**
 * Airtime as a delivery channel: every claimed recipient is its own provider request, keyed by
 * its outbox row id, so a request sent again (after a lost answer, a restart) is recognised by
 * the provider and never tops up twice. The status callback settles each row (webhooks.ts).
 */
export function airtimeChannel(app: FastifyInstance): DeliveryChannel {
  return {
    name: 'airtime',
    service: 'airtime',
    batchSize: 50,
    throttleKeys: (send) => [`provider:${send.driver}-airtime`],
    rules: async () => AIRTIME_RULES,
    async dispatch(send: SendRecord, claimed: ClaimedRow[]): Promise<RowOutcome[]> {
      const gateway = airtimeGateways(app).get(send.driver as AirtimeDriver);
      if (!gateway) throw new DispatchFailed(`The ${send.driver} airtime driver is not enabled here.`, false);
      if (!send.amount || !send.currency) throw new DispatchFailed('This airtime send has no amount or currency.', false);
      const out: RowOutcome[] = [];
      let next = 0;
      const work = async () => {
        while (next < claimed.length) {
          const row = claimed[next++];
          out.push(await topUp(gateway, send, row));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, claimed.length) }, work));
      return out;
    },
  };
}

/** the send's amount as the provider takes it: at most two decimals, no trailing zeros beyond them ("100.0000" → "100", "50.5000" → "50.50") */
export function providerAmount(amount: string): string {
  const [whole, frac = ''] = amount.split('.');
  const two = frac.padEnd(2, '0').slice(0, 2);
  return two === '00' ? whole : `${whole}.${two}`;
}

async function topUp(gateway: AirtimeGateway, send: SendRecord, row: ClaimedRow): Promise<RowOutcome> {
  try {
    const [res] = await gateway.send({
      tenantId: String(send.tenantId),
      recipients: [{ phoneNumber: row.address, amount: providerAmount(send.amount!), currency: send.currency! }],
      idempotencyKey: airtimeKey(row),
    });
    if (!res) return { id: row.id, outcome: 'unknown', reason: "The provider's answer did not mention this number; its status callback will settle it." };
    if (res.outcome === 'accepted') return { id: row.id, outcome: 'accepted', providerId: res.requestId, status: 'Sent' };
    if (res.outcome === 'refused') {
      const account = ACCOUNT_REFUSAL.test(res.reason);
      return { id: row.id, outcome: 'refused', code: account ? 'InsufficientBalance' : 'Refused', reason: res.reason, temporary: false, account };
    }
    return { id: row.id, outcome: 'unknown', reason: res.reason };
  } catch (err) {
    if (err instanceof AirtimeRequestInvalid) return { id: row.id, outcome: 'refused', code: 'InvalidRequest', reason: err.message, temporary: false, account: false };
    // nothing was sent: the request was refused as a whole (credentials, an outage)
    if (err instanceof ProviderError && !err.mayHaveArrived) {
      return { id: row.id, outcome: 'refused', code: err.code ?? 'RequestFailed', reason: err.message, temporary: err.temporary, account: !err.temporary, outage: err.temporary };
    }
    // anything else may have left: never sent again blindly
    return { id: row.id, outcome: 'unknown', reason: `The request to the provider failed after it may have left (${(err as Error).message}); the status callback will settle it.` };
  }
}
