import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createTenant } from '../modules/tenancy/service.js';
import { withDatabase } from './global-setup.js';

/** A fresh database cloned from the migrated template (PGlite directory or PostgreSQL TEMPLATE). */
export async function cloneDatabase(): Promise<{ database: Database; dataDir: string; url: string | null; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  const url = inject('dbUrl');
  const dataDir = mkdtempSync(join(tmpdir(), 'kazi-test-'));
  if (url) {
    const name = `kazi_t_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const cloneUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl: cloneUrl, dataDir, poolSize: 5 });
    return {
      database,
      dataDir,
      url: cloneUrl,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  const database = await openDatabase({ databaseUrl: null, dataDir });
  return {
    database,
    dataDir,
    url: null,
    drop: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/** The real application on a fresh database, for `app.inject` tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  extraRoutes?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const { database, dataDir, drop, url } = await cloneDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_KEY: 'test-key-0123456789-0123456789-0123456789',
    APP_URL: 'http://kazi.test',
    LOG_LEVEL: 'silent',
    MAIL_URL: 'log',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp(config, { database, migrate: false, logger: false });
    extraRoutes?.(app);
    await app.ready();
  } catch (error) {
    // a failed start (some tests expect one) must not leave its cloned database behind
    await app?.close().catch(() => undefined);
    await drop();
    throw error;
  }
  const started = app;
  return {
    app: started,
    database,
    config,
    close: async () => {
      await started.close();
      await drop();
    },
  };
}

let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'correct-horse-battery';
/** scrypt is slow on purpose; tests hash the shared password once. */
export const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

/** A tenant and its owner, made through the same helper registration uses. */
export async function seedTenant(database: Database, company: string, email = `${company.toLowerCase().replace(/\W+/g, '-')}@example.test`) {
  const ids = await createTenant(
    database,
    { companyName: company },
    { name: `${company} Owner`, email, passwordHash: await testPasswordHash(), emailVerified: true },
  );
  return { ...ids, email, password: TEST_PASSWORD };
}
