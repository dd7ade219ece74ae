import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { enabledGateways, gatewayFor, paymentReference, PaymentRequestInvalid } from './index.js';
import { LogGateway } from './log.js';
import { MpesaGateway } from './mpesa.js';
import { OfflineGateway } from './offline.js';
import { StripeGateway } from './stripe.js';
import type { StartPayment } from './types.js';

const request = (over: Partial<StartPayment> = {}): StartPayment => ({
  paymentId: '42',
  amount: '2500.00',
  currency: 'KES',
  description: '2,000 credits',
  returnUrl: 'http://kazi.test/wallet',
  cancelUrl: 'http://kazi.test/wallet',
  callbackUrl: 'http://kazi.test/webhooks/offline',
  ...over,
});

const dataDir = () => mkdtempSync(join(tmpdir(), 'kazi-pay-'));

describe('offline driver', () => {
  const offline = new OfflineGateway('Pay {currency} {amount} to Equity Bank 0123456789, reference {reference}.');

  it('answers the instructions with the amount and a short reference filled in, and stays pending', async () => {
    expect(await offline.start(request())).toEqual({
      providerRef: 'KZ000042V',
      action: { kind: 'instructions', text: 'Pay KES 2500.00 to Equity Bank 0123456789, reference KZ000042V.', reference: 'KZ000042V' },
    });
    expect(await offline.query('KZ000042V')).toEqual({ status: 'pending', providerRef: 'KZ000042V' });
    expect(offline.readWebhook()).toBeNull();
  });

  it('refuses an amount or currency that is not one', async () => {
    await expect(offline.start(request({ amount: '-3' }))).rejects.toThrow(PaymentRequestInvalid);
    await expect(offline.start(request({ currency: 'shillings' }))).rejects.toThrow(PaymentRequestInvalid);
  });
});

describe('payment references', () => {
  it('are short, carry a check letter, and differ for neighbouring ids', () => {
    expect(paymentReference('1')).toBe('KZ000001B');
    expect(paymentReference('123456789')).toHaveLength(12);
    expect(paymentReference('42')).not.toBe(paymentReference('43'));
    // a mistyped last digit changes the check letter
    expect(paymentReference('43').slice(-1)).not.toBe(paymentReference('42').slice(-1));
    const uuid = paymentReference('6f1c2d9e-7c1b-4c55-9a10-3b0b0e0a9f11');
    expect(uuid).toMatch(/^KZ[A-Z]{9}$/);
    expect(uuid).not.toMatch(/[IO]/);
    expect(paymentReference('6f1c2d9e-7c1b-4c55-9a10-3b0b0e0a9f11')).toBe(uuid);
  });
});

describe('log driver', () => {
  it('approves at once, and says so in the log', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const log = new LogGateway({ info: (obj, msg) => lines.push({ obj, msg }) });
    expect(await log.start(request())).toEqual({
      providerRef: 'log_42',
      action: { kind: 'done' },
      outcome: { status: 'succeeded', providerRef: 'log_42', paymentId: '42', amount: '2500.00', currency: 'KES', receipt: 'log_42' },
    });
    expect(lines).toEqual([{ obj: { payment: '42', amount: '2500.00', currency: 'KES' }, msg: 'payment 42 of KES 2500.00 approved by the log driver' }]);
    expect(await log.query('log_42')).toEqual({ status: 'succeeded', providerRef: 'log_42' });
    expect(log.readWebhook()).toBeNull();
  });
});

describe('gatewayFor / enabledGateways', () => {
  const log = { info: () => {} };

  it('development: log and offline; stripe and mpesa join when their keys are set', () => {
    const plain = loadConfig({ DATA_DIR: dataDir() });
    expect([...enabledGateways(plain, { log }).keys()]).toEqual(['offline', 'log']);
    const keyed = loadConfig({
      DATA_DIR: dataDir(),
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'p',
    });
    const gateways = enabledGateways(keyed, { log });
    expect([...gateways.keys()]).toEqual(['stripe', 'mpesa', 'offline', 'log']);
    expect(gateways.get('stripe')).toBeInstanceOf(StripeGateway);
    expect(gateways.get('mpesa')).toBeInstanceOf(MpesaGateway);
    expect(gateways.get('offline')).toBeInstanceOf(OfflineGateway);
    expect(gateways.get('log')).toBeInstanceOf(LogGateway);
  });

  it('a driver that is not enabled is an error, not a silent fallback', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PAYMENT_DRIVERS: 'offline' });
    expect(() => gatewayFor('log', config, { log })).toThrow('The log payment driver is not enabled (PAYMENT_DRIVERS=offline).');
    expect(gatewayFor('offline', config, { log })).toBeInstanceOf(OfflineGateway);
  });

  it('the M-Pesa callback secret follows APP_KEY', () => {
    const env = { MPESA_CONSUMER_KEY: 'k', MPESA_CONSUMER_SECRET: 's', MPESA_SHORTCODE: '174379', MPESA_PASSKEY: 'p' };
    const a = gatewayFor('mpesa', loadConfig({ DATA_DIR: dataDir(), APP_KEY: 'a'.repeat(40), ...env }), { log }) as MpesaGateway;
    const b = gatewayFor('mpesa', loadConfig({ DATA_DIR: dataDir(), APP_KEY: 'b'.repeat(40), ...env }), { log }) as MpesaGateway;
    expect(a.callbackToken('1')).not.toBe(b.callbackToken('1'));
    expect(a.callbackToken('1')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
