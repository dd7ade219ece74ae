import type { Config } from '../../config.js';
import type { LineLogger } from '../payments/log.js';
import { AfricasTalkingAirtime, type AfricasTalkingAirtimeOptions } from './africastalking.js';
import { LogAirtime, type LogAirtimeOptions } from './log.js';
import type { AirtimeDriver, AirtimeGateway } from './types.js';

export { AfricasTalkingAirtime, AIRTIME_MAX_BATCH } from './africastalking.js';
export { LogAirtime } from './log.js';
export * from './types.js';

export interface AirtimeGatewayDeps {
  log: LineLogger;
  africastalking?: AfricasTalkingAirtimeOptions;
  logDriver?: LogAirtimeOptions;
}

/** the airtime driver called `name`; an Error when it is not enabled */
export function airtimeGatewayFor(name: AirtimeDriver, config: Pick<Config, 'airtime' | 'appKey'>, deps: AirtimeGatewayDeps): AirtimeGateway {
  if (!config.airtime.drivers.includes(name)) throw new Error(`The ${name} airtime driver is not enabled (AIRTIME_DRIVERS=${config.airtime.drivers.join(',')}).`);
  if (name === 'log') return new LogAirtime(deps.log, config.appKey, deps.logDriver);
  if (!config.airtime.africastalking) throw new Error("The africastalking airtime driver has no Africa's Talking keys.");
  return new AfricasTalkingAirtime(config.airtime.africastalking, config.appKey, deps.africastalking);
}

/** every enabled airtime driver by name, in the configured order (the first is the default) */
export function enabledAirtimeGateways(config: Pick<Config, 'airtime' | 'appKey'>, deps: AirtimeGatewayDeps): Map<AirtimeDriver, AirtimeGateway> {
  return new Map(config.airtime.drivers.map((name) => [name, airtimeGatewayFor(name, config, deps)]));
}
