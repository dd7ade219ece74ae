import type { PaymentDriver } from '../../../common/wallet.js';
import type { Config } from '../../config.js';
import { LogGateway, type LineLogger } from './log.js';
import { MpesaGateway, type MpesaOptions } from './mpesa.js';
import { OfflineGateway } from './offline.js';
import { StripeGateway, type StripeOptions } from './stripe.js';
import type { PaymentGateway } from './types.js';

export { PaymentRequestInvalid, ProviderError } from './errors.js';
export { paymentReference } from './reference.js';
export { WebhookRejected } from './types.js';
export type { IncomingWebhook, OutcomeStatus, PaymentGateway, ProviderEvent, ProviderOutcome, StartedPayment, StartPayment } from './types.js';

export interface GatewayDeps {
  log: LineLogger;
  stripe?: StripeOptions;
  mpesa?: MpesaOptions;
}

/**
 * The driver called `name`, built from the configuration; an Error when the driver is not one
 * of the enabled ones (server/config.ts has already checked the enabled ones have their keys).
 */
export function gatewayFor(name: PaymentDriver, config: Pick<Config, 'payments' | 'appKey'>, deps: GatewayDeps): PaymentGateway {
  const p = config.payments;
  if (!p.drivers.includes(name)) throw new Error(`The ${name} payment driver is not enabled (PAYMENT_DRIVERS=${p.drivers.join(',')}).`);
  switch (name) {
    case 'stripe':
      if (!p.stripe) throw new Error('The stripe payment driver has no keys.');
      return new StripeGateway(p.stripe, deps.stripe);
    case 'mpesa':
      if (!p.mpesa) throw new Error('The mpesa payment driver has no keys.');
      return new MpesaGateway(p.mpesa, config.appKey, deps.mpesa);
    case 'offline':
      if (!p.offlineInstructions) throw new Error('The offline payment driver has no instructions.');
      return new OfflineGateway(p.offlineInstructions);
    case 'log':
      return new LogGateway(deps.log);
  }
}

/**
 * Every enabled driver, once, by name, in the configured order. Build it once per process: the
 * M-Pesa driver keeps its OAuth token between payments.
 */
export function enabledGateways(config: Pick<Config, 'payments' | 'appKey'>, deps: GatewayDeps): Map<PaymentDriver, PaymentGateway> {
  return new Map(config.payments.drivers.map((name) => [name, gatewayFor(name, config, deps)]));
}
