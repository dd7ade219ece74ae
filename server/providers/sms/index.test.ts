import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { airtimeGatewayFor, enabledAirtimeGateways } from '../airtime/index.js';
import { enabledSmsGateways, smsGatewayFor } from './index.js';

const log = { info: () => {} };
const APP_KEY = 'k'.repeat(40);

describe('building the SMS and airtime drivers from the configuration', () => {
  it('development has the log drivers only; asking for Africa\'s Talking without its keys is an error', () => {
    const config = loadConfig({ DATA_DIR: tmpdir(), APP_KEY });
    expect([...enabledSmsGateways(config, { log }).keys()]).toEqual(['log']);
    expect([...enabledAirtimeGateways(config, { log }).keys()]).toEqual(['log']);
    expect(() => smsGatewayFor('africastalking', config, { log })).toThrow('The africastalking SMS driver is not enabled (SMS_DRIVERS=log).');
    expect(() => airtimeGatewayFor('africastalking', config, { log })).toThrow('The africastalking airtime driver is not enabled (AIRTIME_DRIVERS=log).');
  });

  it('with keys, the Africa\'s Talking drivers come first', () => {
    const config = loadConfig({ DATA_DIR: tmpdir(), APP_KEY, AT_USERNAME: 'sandbox', AT_API_KEY: 'atsk_0123456789abcdef' });
    const sms = enabledSmsGateways(config, { log });
    expect([...sms.values()].map((g) => [g.name, g.maxBatch])).toEqual([
      ['africastalking', 1000],
      ['log', 1000],
    ]);
    expect(airtimeGatewayFor('africastalking', config, { log }).name).toBe('africastalking');
  });
});
