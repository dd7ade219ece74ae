import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kazi-cfg-'));
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, mailUrl: 'log', appUrl: 'http://localhost:3000', seedDemo: null, inProcessWorkers: true });
    // APP_KEY is generated into DATA_DIR once and reused
    expect(c.appKey).toBe(readFileSync(join(dir, 'app.key'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).appKey).toBe(c.appKey);
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/kazi',
      APP_URL: 'https://kazi.example/',
      APP_KEY: 'k'.repeat(40),
      MAIL_URL: 'smtp://mail:25',
      REDIS_URL: 'redis://cache:6379',
      SEED_DEMO: 'false',
      WORKERS: 'none',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/kazi',
      appUrl: 'https://kazi.example',
      mailUrl: 'smtp://mail:25',
      redisUrl: 'redis://cache:6379',
      seedDemo: false,
      inProcessWorkers: false,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ MAIL_URL: 'carrier-pigeon' }, /MAIL_URL must be "log" or an smtp:\/\/ URL/],
    [{ APP_KEY: 'short' }, /APP_KEY must be at least 32 characters/],
    [{ SEED_DEMO: 'perhaps' }, /SEED_DEMO must be true or false/],
    [{ PORT: '70000' }, /PORT must be a port number between 0 and 65535/],
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(message);
  });

  describe('payment drivers', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    const mpesa = { MPESA_CONSUMER_KEY: 'key', MPESA_CONSUMER_SECRET: 'secret', MPESA_SHORTCODE: '600999', MPESA_PASSKEY: 'pass' };
    const prod = { NODE_ENV: 'production', APP_KEY: 'k'.repeat(40) };

    it('development offers offline and log, with default bank instructions; the providers default to their public APIs', () => {
      const c = loadConfig({ DATA_DIR: tmpdir() });
      expect(c.payments).toMatchObject({ drivers: ['offline', 'log'], stripe: null, mpesa: null, offlineInstructions: expect.stringContaining('{reference}') });
      const keyed = loadConfig({ DATA_DIR: tmpdir(), ...stripe, ...mpesa });
      expect(keyed.payments).toEqual({
        drivers: ['stripe', 'mpesa', 'offline', 'log'],
        stripe: { secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc', apiUrl: 'https://api.stripe.com' },
        mpesa: { consumerKey: 'key', consumerSecret: 'secret', shortcode: '600999', passkey: 'pass', apiUrl: 'https://sandbox.safaricom.co.ke' },
        offlineInstructions: expect.any(String),
      });
    });

    it('production offers only what is configured, never log', () => {
      expect(loadConfig({ DATA_DIR: tmpdir(), ...prod }).payments).toEqual({ drivers: [], stripe: null, mpesa: null, offlineInstructions: null });
      const c = loadConfig({ DATA_DIR: tmpdir(), ...prod, ...mpesa, MPESA_API_URL: 'https://api.safaricom.co.ke/', OFFLINE_PAYMENT_INSTRUCTIONS: 'Pay to KCB 1234, reference {reference}' });
      expect(c.payments).toMatchObject({ drivers: ['mpesa', 'offline'], mpesa: { apiUrl: 'https://api.safaricom.co.ke' }, offlineInstructions: 'Pay to KCB 1234, reference {reference}' });
    });

    it('PAYMENT_DRIVERS chooses and orders the drivers', () => {
      const c = loadConfig({ DATA_DIR: tmpdir(), ...stripe, PAYMENT_DRIVERS: ' log, stripe,log ', STRIPE_API_URL: 'http://127.0.0.1:4010' });
      expect(c.payments.drivers).toEqual(['log', 'stripe']);
      expect(c.payments.stripe?.apiUrl).toBe('http://127.0.0.1:4010');
    });

    it.each([
      [{ PAYMENT_DRIVERS: 'stripe,paypal' }, 'Invalid configuration: PAYMENT_DRIVERS must be a comma list of stripe, mpesa, offline, log'],
      [{ PAYMENT_DRIVERS: 'stripe' }, 'Invalid configuration: PAYMENT_DRIVERS names stripe, but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set'],
      [{ PAYMENT_DRIVERS: 'mpesa' }, 'Invalid configuration: PAYMENT_DRIVERS names mpesa, but the MPESA_ keys are not set'],
      [{ ...prod, PAYMENT_DRIVERS: 'log' }, 'Invalid configuration: PAYMENT_DRIVERS names log, which approves every payment at once and is for development only'],
      [{ ...prod, PAYMENT_DRIVERS: 'offline' }, 'Invalid configuration: PAYMENT_DRIVERS names offline, but OFFLINE_PAYMENT_INSTRUCTIONS is not set'],
      [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'Invalid configuration: STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY'],
      [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)'],
      [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' }, 'Invalid configuration: STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)'],
      [{ ...mpesa, MPESA_PASSKEY: undefined }, 'Invalid configuration: MPESA_PASSKEY must be set with MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE'],
      [{ ...mpesa, MPESA_SHORTCODE: '12' }, 'Invalid configuration: MPESA_SHORTCODE must be the paybill or till number (5 to 7 digits)'],
      [{ MPESA_API_URL: 'sandbox' }, 'Invalid configuration: MPESA_API_URL must be a URL'],
      [{ OFFLINE_PAYMENT_INSTRUCTIONS: 'pay us' }, 'Invalid configuration: OFFLINE_PAYMENT_INSTRUCTIONS must say where to pay (at least 10 characters)'],
    ])('rejects %o with one clear line', (env, message) => {
      expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(new ConfigError(message));
    });
  });

  it('npm start with bad config prints one line and exits 1, no stack trace', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'kazi-cfg-')) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a port number between 0 and 65535']);
  });
});
