/**
 * What every benchmark needs: the real app on a throwaway database (PGlite, or a fresh
 * database on DATABASE_URL's server), one signed-in tenant owner, and autocannon run in
 * another process so the server keeps its event loop to itself.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { hashPassword } from '../server/modules/auth/passwords.js';
import { createTenant } from '../server/modules/tenancy/service.js';

const run = promisify(execFile);
const autocannonBin = join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function startBench() {
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

  // sign in like a browser: guest session + XSRF cookie, then the form post
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      jar.set(k, v);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/login`));
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!) },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password' }),
  });
  keep(login);
  if (login.status !== 204 && login.status !== 303) throw new Error(`login failed: ${login.status}`);

  return {
    app,
    database,
    tenantId,
    base,
    kind: databaseUrl ? 'PostgreSQL' : 'PGlite',
    cookie: cookie(),
    /** autocannon against `path` for `seconds`, 10 connections */
    async load(path: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
      const args = ['-j', '-c', '10', '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), base + path];
      const { stdout } = await run(process.execPath, [autocannonBin, ...args], { maxBuffer: 1 << 24 });
      const r = JSON.parse(stdout);
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
    },
    async close() {
      await app.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
