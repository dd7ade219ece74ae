import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/** A port nobody listens on right now, for a server started as its own process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * What a test needs to start the server as `npm start` does, in its own process: a free port, a
 * fresh data directory (with the run's migrated embedded template, when there is one, so the
 * server skips its migrations) and the environment of the default embedded mode, whatever the
 * shell running the suite points at. `env` adds or overrides variables (LOG_LEVEL, SEED_DEMO…).
 */
export async function serverProcess(prefix: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  if (!inject('dbUrl')) cpSync(inject('dbTemplate'), join(dataDir, 'pgdata'), { recursive: true });
  const processEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(processEnv)) {
    if (name === 'DATABASE_URL' || name === 'NODE_ENV' || name === 'SEED_DEMO' || name.startsWith('VITEST')) delete processEnv[name];
  }
  Object.assign(processEnv, { PORT: String(port), HOST: '127.0.0.1', APP_URL: base, DATA_DIR: dataDir, MAIL_URL: 'log', FORCE_COLOR: '0', ...env });
  return { port, base, dataDir, env: processEnv };
}
