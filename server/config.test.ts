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
