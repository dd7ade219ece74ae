import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, serverCommand, serverStaleReason } from '../scripts/build-server.mjs';
import { loadRootView } from './http/root-view.js';
import { serverProcess } from './testing/server-process.js';

/**
 * `npm start` runs the server as a prebuilt bundle (scripts/build-server.mjs, docs/decisions/
 * 0022-start-up.md). These build that bundle the way scripts/start.mjs does (into a directory of
 * their own under build/), check that it is rebuilt only when stale, and run it as start.mjs runs
 * it: on an empty embedded data directory it seeds the demo, prints the login, answers requests
 * with the real client build's asset version (the bundle finds public/ and the migrations next to
 * the sources), and stops on SIGTERM within its 10 s budget with exit code 0.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = `build/test-${process.pid}`;
const SHUTDOWN_BUDGET_MS = 10_000;

afterAll(() => rmSync(join(ROOT, OUT_DIR), { recursive: true, force: true }));

describe('the server bundle of npm start', () => {
  it('is built when missing, reused while current, rebuilt once a source is newer', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    expect(serverStaleReason({ root: ROOT, outDir: OUT_DIR })).toBe(`${OUT_DIR}/main.mjs is missing`);
    expect(await buildServerIfStale({ root: ROOT, outDir: OUT_DIR, log })).toBe(true);
    expect(serverStaleReason({ root: ROOT, outDir: OUT_DIR })).toBeNull();
    expect(await buildServerIfStale({ root: ROOT, outDir: OUT_DIR, log })).toBe(false);

    // the exact inputs are recorded: the server's own files, none of node_modules
    const meta = JSON.parse(readFileSync(join(ROOT, OUT_DIR, 'meta.json'), 'utf8')) as { inputs: string[] };
    expect(meta.inputs).toContain('server/main.ts');
    expect(meta.inputs).toContain('server/db/migrate.ts');
    expect(meta.inputs.some((i) => i.includes('node_modules'))).toBe(false);

    // a bundle older than its sources (as after an edit or a checkout) is stale
    const bundle = join(ROOT, OUT_DIR, 'main.mjs');
    const old = new Date(statSync(join(ROOT, 'server/main.ts')).mtimeMs - 60_000);
    utimesSync(bundle, old, old);
    expect(serverStaleReason({ root: ROOT, outDir: OUT_DIR })).toMatch(/changed since the last build$/);
    expect(await buildServerIfStale({ root: ROOT, outDir: OUT_DIR, log })).toBe(true);
    expect(lines.filter((l) => l.startsWith('Server bundled in'))).toHaveLength(2);

    // and start.mjs runs that bundle, not tsx
    expect(await serverCommand({ root: ROOT, outDir: OUT_DIR, log })).toEqual(['--enable-source-maps', join(OUT_DIR, 'main.mjs')]);
  }, 60_000);

  it('prints one line and exits 1 on bad configuration, no stack trace', async () => {
    const args = await serverCommand({ root: ROOT, outDir: OUT_DIR, log: () => undefined });
    const res = spawnSync(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'kazi-start-cfg-')) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a port number between 0 and 65535']);
  }, 60_000);

  describe('run as npm start runs it, on an empty embedded data directory', () => {
    let dataDir: string;
    let child: ChildProcess;
    let base: string;
    let output = '';
    let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

    const waitFor = async (text: string, ms: number) => {
      const until = Date.now() + ms;
      while (!output.includes(text)) {
        if (Date.now() > until) throw new Error(`"${text}" not seen within ${ms} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    beforeAll(async () => {
      const args = await serverCommand({ root: ROOT, outDir: OUT_DIR, log: () => undefined });
      expect(args).toContain(join(OUT_DIR, 'main.mjs'));
      // SEED_DEMO unset: npm start's default, the demo seeded into the empty company
      const started = await serverProcess('kazi-start-', { LOG_LEVEL: 'info' });
      base = started.base;
      dataDir = started.dataDir;
      const env = started.env;
      child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor('Demo login: demo@kazi.test / password', 90_000);
    }, 120_000);

    afterAll(() => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('seeded the demo, printed where it runs and how long each step took', async () => {
      expect(output).toContain('seeded the demo tenant');
      expect(output).toContain(`Kazi is running at ${base}`);
      await waitFor('"msg":"started"', 30_000);
      const started = JSON.parse(output.split('\n').find((l) => l.includes('"msg":"started"'))!);
      expect(Object.keys(started.startup_ms)).toEqual(['modules', 'fastify', 'database', 'migrate', 'plugins', 'demo', 'listen', 'queue', 'total']);
    });

    it('answers, with the asset version of the client build in public/', async () => {
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const version = loadRootView(join(ROOT, 'public')).version;
      const page = await fetch(`${base}/login`, { headers: { 'x-inertia': 'true', 'x-inertia-version': version } });
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ component: 'Auth/Login', version });
    });

    it('stops on SIGTERM within its budget, exit code 0', async () => {
      const sent = Date.now();
      child.kill('SIGTERM');
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - sent).toBeLessThan(SHUTDOWN_BUDGET_MS);
    }, SHUTDOWN_BUDGET_MS + 5_000);
  });
});
