/**
 * Start-up time of `npm start` on an existing embedded data directory: from spawning the command
 * to the first answered request (GET /health, polled every 10 ms), the server's own breakdown
 * (its "started" log line, ms per step), and the time from SIGTERM to exit.
 *
 *   npx tsx bench/startup.ts                 # node scripts/start.mjs, 5 runs
 *   RUNS=7 CMD=tsx npx tsx bench/startup.ts  # node --import tsx server/main.ts (no bundle)
 *   CMD=bundle npx tsx bench/startup.ts      # the bundle alone (node scripts/build-server.mjs first)
 *   DATA_DIR=./data-bench-lists npx tsx bench/startup.ts   # e.g. 100,000 contacts
 *
 * Without DATA_DIR it uses ./data-bench-startup, made (and the demo seeded) by a first,
 * unmeasured run. Prints every run, then the medians, with the load average before each run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const CMD = process.env.CMD ?? 'start';
const DATA_DIR = resolve(process.env.DATA_DIR ?? join(ROOT, 'data-bench-startup'));
const COMMANDS: Record<string, string[]> = {
  start: ['scripts/start.mjs'],
  tsx: ['--import', 'tsx', 'server/main.ts'],
  bundle: ['--enable-source-maps', 'build/server/main.mjs'],
};
const args = COMMANDS[CMD];
if (!args) throw new Error(`CMD must be one of ${Object.keys(COMMANDS).join(', ')}`);

const freePort = () =>
  new Promise<number>((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });

interface Run {
  load: number;
  /** spawn → first 200 from /health */
  firstAnswer: number;
  /** spawn → "Kazi is running at" */
  printed: number;
  /** SIGTERM → exit */
  shutdown: number;
  exitCode: number | null;
  steps: Record<string, number>;
}

async function once(): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const load = loadavg()[0];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: base, DATA_DIR, LOG_LEVEL: 'info', MAIL_URL: 'log', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let printed = 0;
  let exited: ((code: number | null) => void) | null = null;
  const exit = new Promise<number | null>((r) => (exited = r));
  child.on('exit', (code) => exited!(code));
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    if (!printed && out.includes('Kazi is running at')) printed = performance.now() - started;
  });
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  let firstAnswer = 0;
  const deadline = Date.now() + 120_000;
  while (!firstAnswer) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no answer from the server:\n${out}`);
    try {
      const res = await fetch(`${base}/health`);
      await res.arrayBuffer();
      if (res.status === 200) firstAnswer = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  // the breakdown is logged once the start is complete
  while (!/"msg":"started"/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const line = out.split('\n').find((l) => l.includes('"msg":"started"'));
  const steps = line ? (JSON.parse(line).startup_ms as Record<string, number>) : {};
  const sent = performance.now();
  child.kill('SIGTERM');
  const exitCode = await exit;
  return { load, firstAnswer, printed, shutdown: performance.now() - sent, exitCode, steps };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (n: number) => `${Math.round(n)}`.padStart(6);

if (!existsSync(join(DATA_DIR, 'pgdata'))) {
  console.log(`preparing ${DATA_DIR} (first start: migrations and the demo seed, not measured)`);
  await once();
}
console.log(`node ${args.join(' ')} on ${DATA_DIR}, ${RUNS} runs\n`);
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await once();
  runs.push(r);
  console.log(
    `run ${i + 1}: load ${r.load.toFixed(2)}  first answer ${ms(r.firstAnswer)} ms  printed ${ms(r.printed)} ms  shutdown ${ms(r.shutdown)} ms (exit ${r.exitCode})  steps ${JSON.stringify(r.steps)}`,
  );
}
const names = [...new Set(runs.flatMap((r) => Object.keys(r.steps)))];
console.log(
  `\nmedian: first answer ${Math.round(median(runs.map((r) => r.firstAnswer)))} ms, printed ${Math.round(median(runs.map((r) => r.printed)))} ms, shutdown ${Math.round(median(runs.map((r) => r.shutdown)))} ms; load ${runs.map((r) => r.load.toFixed(2)).join(' ')}`,
);
console.log(`median steps (ms): ${names.map((n) => `${n} ${median(runs.map((r) => r.steps[n] ?? 0))}`).join(', ')}`);
