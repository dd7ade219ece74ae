import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildIfStale, ROOT } from '../../scripts/build-if-stale.mjs';
import { serverCommand } from '../../scripts/build-server.mjs';
import { startBalancer } from './balancer.js';

/**
 * `npm run fleet -- --apps 3 --workers 2`: N app instances and M job workers on one PostgreSQL
 * (DATABASE_URL) behind the balancer on PORT (3000 by default); the instances listen on the
 * ports after it. The first instance starts alone (it migrates, and seeds the demo when SEED_DEMO
 * is true), then the others, with WORKERS=none; the workers run `server/worker.ts`. Every process
 * shares this environment (APP_KEY, DATA_DIR, MEDIA_*), so any instance reads what another wrote.
 * A process that dies is started again after a second, like a supervisor would; Ctrl+C stops all.
 * docs/decisions/0056-fleet.md.
 */
const { values } = parseArgs({
  options: {
    apps: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
  },
});
const apps = Number(values.apps);
const workers = Number(values.workers);
const port = Number(values.port);
if (!process.env.DATABASE_URL) {
  process.stderr.write('npm run fleet needs DATABASE_URL: several processes share one PostgreSQL (the embedded database belongs to one process).\n');
  process.exit(1);
}
if (!(apps >= 1 && workers >= 0 && port > 0)) {
  process.stderr.write('usage: npm run fleet -- --apps N (≥ 1) --workers M (≥ 0) [--port P]\n');
  process.exit(2);
}

await buildIfStale({ root: ROOT });
const appArgs = await serverCommand({ root: ROOT });
const workerArgs = ['--import', 'tsx', 'server/worker.ts'];
const env = { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` };
const children = new Map<string, ChildProcess>();
let stopping = false;

function run(name: string, args: string[], extra: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}\n`)
      .join('');
  child.stdout!.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`[fleet] ${name} ended (${signal ?? code}); starting it again in 1 s\n`);
    setTimeout(() => !stopping && children.set(name, run(name, args, extra)), 1_000);
  });
  children.set(name, child);
  return child;
}

async function healthy(p: number) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${p}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app instance on port ${p} did not start`);
}

const targets = Array.from({ length: apps }, (_, i) => ({ host: '127.0.0.1', port: port + 1 + i }));
run('app-1', appArgs, { PORT: String(targets[0].port), WORKERS: 'none' });
await healthy(targets[0].port);
for (let i = 1; i < apps; i++) run(`app-${i + 1}`, appArgs, { PORT: String(targets[i].port), WORKERS: 'none', SEED_DEMO: 'false' });
for (let i = 0; i < workers; i++) run(`worker-${i + 1}`, workerArgs, { SEED_DEMO: 'false' });
await Promise.all(targets.map((t) => healthy(t.port)));
const balancer = await startBalancer(targets, { port, host: '0.0.0.0' });
process.stdout.write(`[fleet] ${apps} app instance(s) and ${workers} worker(s) behind http://localhost:${balancer.port}\n`);

const stop = async () => {
  stopping = true;
  await balancer.close();
  for (const c of children.values()) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3_000).unref();
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
