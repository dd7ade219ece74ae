import type { FastifyInstance } from 'fastify';
import { PAYMENT_DRIVERS, type PaymentDriver } from '../../../common/wallet.js';
import type { Config } from '../../config.js';
import { fieldError } from '../../http/errors.js';
import type { PaymentGateway } from '../../providers/payments/types.js';

/**
 * Which payment drivers this installation has (server/providers/payments/): the drivers are
 * built once per app from its configuration by the providers' factory; a test may put its own
 * gateway (one talking to a stand-in server) in place of a driver with `useGateway`.
 */
export type GatewayFactory = (driver: PaymentDriver, config: Config) => PaymentGateway | null;

let factory: GatewayFactory = () => null;

/** Installs the providers' factory (server/modules/payments/module.ts does, once). */
export function setGatewayFactory(f: GatewayFactory) {
  factory = f;
}

const built = new WeakMap<object, Map<PaymentDriver, PaymentGateway | null>>();

function gateways(app: FastifyInstance) {
  let map = built.get(app.ctx);
  if (!map) {
    map = new Map();
    built.set(app.ctx, map);
  }
  return map;
}

/** Replaces (or adds) one driver of this app: tests hand in drivers pointed at their stand-in servers. */
export function useGateway(app: FastifyInstance, gateway: PaymentGateway | null, name: PaymentDriver = gateway!.name) {
  gateways(app).set(name, gateway);
}

/** The driver, or null when this installation does not offer it (no keys configured). */
export function findGateway(app: FastifyInstance, driver: PaymentDriver): PaymentGateway | null {
  const map = gateways(app);
  if (!map.has(driver)) map.set(driver, factory(driver, app.ctx.config));
  return map.get(driver) ?? null;
}

/** The driver, or a 422 on `driver` when it is not offered here. */
export function gatewayOf(app: FastifyInstance, driver: PaymentDriver): PaymentGateway {
  const g = findGateway(app, driver);
  if (!g) throw fieldError('driver', `Payment by ${driverLabel(driver)} is not available.`);
  return g;
}

/** The drivers a payer may choose here, in the order the checkout shows them. */
export function availableDrivers(app: FastifyInstance): PaymentDriver[] {
  return PAYMENT_DRIVERS.filter((d) => findGateway(app, d) !== null);
}

export const driverLabel = (d: PaymentDriver) => ({ stripe: 'card (Stripe)', mpesa: 'M-Pesa', offline: 'bank transfer', log: 'the test driver' })[d];
