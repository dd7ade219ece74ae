import type { Config } from '../../config.js';
import type { LineLogger } from '../payments/log.js';
import { AfricasTalkingSms, type AfricasTalkingOptions } from './africastalking.js';
import { LogSms, type LogSmsOptions } from './log.js';
import type { SmsDriver, SmsGateway } from './types.js';

export { AfricasTalkingSms, REFUSALS, parseCost } from './africastalking.js';
export { CallbackSecrets, type CallbackKind } from './callbacks.js';
export { SmsRequestInvalid } from './errors.js';
export { OPT_IN_WORDS, OPT_OUT_WORDS, inboundKind } from './keywords.js';
export { LogSms, type WebhookSink } from './log.js';
export { DELIVERY_STATES, FAILURE_REASONS } from './reports.js';
export { messageParts, type MessageParts, type SmsEncoding } from './segments.js';
export * from './types.js';

export interface SmsGatewayDeps {
  log: LineLogger;
  africastalking?: AfricasTalkingOptions;
  logDriver?: LogSmsOptions;
}

/** the SMS driver called `name`; an Error when it is not enabled (config.ts has checked the enabled ones have their keys) */
export function smsGatewayFor(name: SmsDriver, config: Pick<Config, 'sms' | 'appKey'>, deps: SmsGatewayDeps): SmsGateway {
  if (!config.sms.drivers.includes(name)) throw new Error(`The ${name} SMS driver is not enabled (SMS_DRIVERS=${config.sms.drivers.join(',')}).`);
  if (name === 'log') return new LogSms(deps.log, config.appKey, deps.logDriver);
  if (!config.sms.africastalking) throw new Error("The africastalking SMS driver has no Africa's Talking keys.");
  return new AfricasTalkingSms(config.sms.africastalking, config.appKey, deps.africastalking);
}

/** every enabled SMS driver by name, in the configured order (the first is the default) */
export function enabledSmsGateways(config: Pick<Config, 'sms' | 'appKey'>, deps: SmsGatewayDeps): Map<SmsDriver, SmsGateway> {
  return new Map(config.sms.drivers.map((name) => [name, smsGatewayFor(name, config, deps)]));
}
