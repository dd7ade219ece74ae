import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProcess } from '../testing/server-process.js';

/**
 * The server started as `npm start` starts it (`node --import tsx server/main.ts`, the command
 * scripts/start.mjs runs with its own stdio passed through), its stdout and stderr piped to this
 * process, which stops reading them once the server is listening. The server logs every request
 * at LOG_LEVEL=trace with a long URL, so several MB of output pile up behind the full pipe: it must
 * keep answering, report the lines it had to drop once the pipe drains, and still stop on SIGTERM
 * within its 10 s budget with exit code 0.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHUTDOWN_BUDGET_MS = 10_000;
const READY_TIMEOUT_MS = 60_000;
// ~10 KB of URL (within Node's 16 KB header limit), logged with every request: 600 requests put
// ~6 MB behind the pipe, more than the pipe and the destination's 4 MB buffer hold together
const PAD = 'x'.repeat(10_000);
const REQUESTS = 600;

describe('logging never stops the server (stdout piped to a reader that stops reading)', () => {
  let dataDir: string;
  let child: ChildProcess;
  let baseURL: string;
  let output = '';
  const watchers = new Set<() => void>();
  let exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | null = null;
  const exited = new Set<() => void>();

  /** Resolves once `text` has been read from the server's output; rejects at the deadline. */
  const waitForOutput = (text: string, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          clearTimeout(timer);
          watchers.delete(check);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`"${text}" not seen in the server's output within ${ms} ms${exit ? ` (the server ${describeExit()})` : ''}`));
      }, ms);
      watchers.add(check);
      check();
    });

  /** Resolves with the exit once the server has exited; rejects at the deadline. */
  const waitForExit = (ms: number) =>
    new Promise<NonNullable<typeof exit>>((resolve, reject) => {
      const check = () => {
        if (exit) {
          clearTimeout(timer);
          exited.delete(check);
          resolve(exit);
        }
      };
      const timer = setTimeout(() => {
        exited.delete(check);
        reject(new Error(`the server was still running ${ms} ms after SIGTERM`));
      }, ms);
      exited.add(check);
      check();
    });

  const describeExit = () => (exit?.signal ? `was killed by ${exit.signal}` : `exited with code ${exit?.code}`);

  const stopReading = () => {
    child.stdout!.pause();
    child.stderr!.pause();
  };
  const readAgain = () => {
    child.stdout!.resume();
    child.stderr!.resume();
  };

  /**
   * Sends `count` requests, eight at a time; returns what went wrong (a status other than 200, an
   * error, no answer within 20 s), stopping at the first such failure.
   */
  async function flood(count: number): Promise<string[]> {
    let sent = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < count && failures.length === 0) {
          sent++;
          try {
            const res = await fetch(`${baseURL}/health?pad=${PAD}&n=${sent}`, { signal: AbortSignal.timeout(20_000) });
            const body = await res.text();
            if (res.status !== 200 || !body.includes('"ok"')) failures.push(`request ${sent}: ${res.status} ${body.slice(0, 80)}`);
          } catch (error) {
            failures.push(`request ${sent}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
    return failures;
  }

  beforeAll(async () => {
    const started = await serverProcess('kazi-log-', { SEED_DEMO: 'false', LOG_LEVEL: 'trace' });
    baseURL = started.base;
    dataDir = started.dataDir;
    const env = started.env;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output += chunk;
        for (const watcher of [...watchers]) watcher();
      });
    }
    child.on('exit', (code, signal) => {
      exit = { code, signal, at: Date.now() };
      for (const watcher of [...exited, ...watchers]) watcher();
    });
    await waitForOutput('Kazi is running at', READY_TIMEOUT_MS);
  }, READY_TIMEOUT_MS + 10_000);

  afterAll(() => {
    if (child && !exit) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request while its stdout is not read', async () => {
    stopReading();
    expect(await flood(REQUESTS)).toEqual([]);
  }, 60_000);

  it('reports the log lines it had to drop once the pipe drains', async () => {
    readAgain();
    await waitForOutput('log lines dropped', 20_000);
    const report = output.split('\n').find((line) => line.includes('log lines dropped'))!;
    expect(JSON.parse(report)).toMatchObject({ level: 40, droppedLines: expect.any(Number) });
    expect(JSON.parse(report).droppedLines).toBeGreaterThan(0);
  }, 30_000);

  it('stops on SIGTERM within its budget, exit code 0, with the pipe full again', async () => {
    stopReading();
    expect(await flood(REQUESTS)).toEqual([]);
    const sent = Date.now();
    child.kill('SIGTERM');
    const { code, signal, at } = await waitForExit(SHUTDOWN_BUDGET_MS + 5_000);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at - sent).toBeLessThan(SHUTDOWN_BUDGET_MS);
    readAgain();
  }, 60_000);
});
