import type { FastifyInstance } from 'fastify';
import { PAYMENT_DRIVERS, type PaymentDriver } from '../../../common/wallet.js';
import { fieldError } from '../../http/errors.js';
import { gatewayFor } from '../../providers/payments/index.js';
import type { PaymentGateway } from '../../providers/payments/types.js';

/**
 * Which payment drivers this installation has (server/providers/payments/, PAYMENT_DRIVERS and
 * the providers' keys): each enabled driver is built once per app, on first use (the M-Pesa
 * driver keeps its OAuth token between payments); a test may put its own gateway in place of
 * a driver with `useGateway`.
 */
const build = (app: FastifyInstance, driver: PaymentDriver): PaymentGateway | null =>
  app.ctx.config.payments.drivers.includes(driver) ? gatewayFor(driver, app.ctx.config, { log: app.log }) : null;

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
  if (!map.has(driver)) map.set(driver, build(app, driver));
  return map.get(driver) ?? null;
}

/** The driver, or a 422 on `driver` when it is not offered here. */
export function gatewayOf(app: FastifyInstance, driver: PaymentDriver): PaymentGateway {
  const g = findGateway(app, driver);
  if (!g) throw fieldError('driver', `Payment by ${driverLabel(driver)} is not available.`);
  return g;
}

/** The drivers a payer may choose here, in the configured order (a test's own gateways after them). */
export function availableDrivers(app: FastifyInstance): PaymentDriver[] {
  const configured = app.ctx.config.payments.drivers;
  return [...configured, ...PAYMENT_DRIVERS.filter((d) => !configured.includes(d))].filter((d) => findGateway(app, d) !== null);
}

export const driverLabel = (d: PaymentDriver) => ({ stripe: 'card (Stripe)', mpesa: 'M-Pesa', offline: 'bank transfer', log: 'the test driver' })[d];
