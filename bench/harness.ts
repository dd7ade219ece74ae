/**
 * What every benchmark needs: the real app on a throwaway database (PGlite, or a fresh
 * database on DATABASE_URL's server), one signed-in tenant owner, and autocannon run in
 * another process so the server keeps its event loop to itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { hashPassword } from '../server/modules/auth/passwords.js';
import { createTenant } from '../server/modules/tenancy/service.js';
import { load, signIn, type LoadResult } from './load.js';

export type { LoadResult };

/** `env`: more settings for the app (a provider's stand-in, say) */
export async function startBench(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kazi-bench-'));
  let databaseUrl = process.env.DATABASE_URL ?? null;
  let dropDb: (() => Promise<void>) | null = null;
  if (databaseUrl) {
    const name = `kazi_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  const { database } = app.ctx;
  const { tenantId } = await createTenant(
    database,
    { companyName: 'Bench' },
    { name: 'Bench', email: 'bench@example.test', passwordHash: await hashPassword('bench-password'), emailVerified: true },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const cookie = await signIn(base, 'bench@example.test', 'bench-password');

  return {
    app,
    database,
    tenantId,
    base,
    kind: databaseUrl ? 'PostgreSQL' : 'PGlite',
    /** the throwaway database's connection string (null on PGlite) */
    url: databaseUrl,
    cookie,
    /** autocannon against `path` for `seconds`, 10 connections */
    async load(path: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
      return load(base + path, headers, { seconds, connections: 10 });
    },
    async close() {
      await app.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
