import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LogDestination } from './destination.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LINE = `${JSON.stringify({ level: 30, msg: 'y'.repeat(1_000) })}\n`;

/** A stream that takes chunks and confirms none of them until `release()`: a pipe nobody reads. */
function stuckSink() {
  const held: Array<() => void> = [];
  const chunks: string[] = [];
  let flowing = false;
  const sink = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      chunks.push(String(chunk));
      if (flowing) callback();
      else held.push(() => callback());
    },
  });
  return {
    sink,
    chunks,
    release() {
      flowing = true;
      for (const done of held.splice(0)) done();
    },
  };
}

describe('LogDestination', () => {
  it('drops and counts lines once maxPending is waiting, without waiting itself', async () => {
    const { sink, chunks, release } = stuckSink();
    const dest = new LogDestination({ sink, maxPending: 64 * 1024 });
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) if (dest.write(LINE)) accepted++;

    // every call returned (the loop ended), about 64 KB is held, the rest was counted as dropped
    expect(accepted).toBe(Math.floor((64 * 1024) / LINE.length));
    expect(dest.dropped).toBe(10_000 - accepted);
    expect(dest.pending).toBeLessThanOrEqual(64 * 1024);
    // a flush on a stuck sink gives up at its deadline
    expect(await dest.flush(50)).toBe(false);

    // the pipe drains: everything held is written, then one line tells how many were lost
    release();
    expect(await dest.flush(5_000)).toBe(true);
    const report = JSON.parse(chunks.at(-1)!);
    expect(report).toMatchObject({ level: 40, droppedLines: 10_000 - accepted });
    expect(report.msg).toContain(`${10_000 - accepted} log lines dropped`);
    expect(chunks.filter((c) => c === LINE)).toHaveLength(accepted);
    // it is reported once; lines are accepted again
    expect(dest.write(LINE)).toBe(true);
    expect(await dest.flush(5_000)).toBe(true);
    expect(chunks.filter((c) => c.includes('log lines dropped'))).toHaveLength(1);
  });

  it('prints the lines people wait for even when the bound is reached, in order', async () => {
    const { sink, chunks, release } = stuckSink();
    const dest = new LogDestination({ sink, maxPending: 4 * 1024 });
    for (let i = 0; i < 10; i++) dest.write(LINE);
    dest.print('Kazi is running at http://localhost:3000\n');
    release();
    expect(await dest.flush(5_000)).toBe(true);
    const printed = chunks.indexOf('Kazi is running at http://localhost:3000\n');
    expect(printed).toBeGreaterThan(0);
    expect(chunks.slice(0, printed).every((c) => c === LINE)).toBe(true);
  });

  it('stops writing, without throwing, once the sink fails (the reader went away)', async () => {
    const { sink } = stuckSink();
    const dest = new LogDestination({ sink });
    dest.write(LINE);
    sink.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await new Promise((resolve) => sink.once('close', resolve));
    expect(dest.write(LINE)).toBe(false);
    expect(() => dest.print('Demo login: x\n')).not.toThrow();
    expect(await dest.flush(5_000)).toBe(false);
  });

  it("on a real stdout pipe nobody reads: writes never wait and process.exit doesn't either", async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/log/fixtures/stuck-stdout.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // stdout is never read; stderr carries the child's report
    let report = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (report += chunk));
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still running after 20 s; stderr: ${report}`)), 20_000);
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    }).finally(() => child.kill('SIGKILL'));
    expect(exit).toEqual({ code: 0, signal: null });
    const counts = JSON.parse(report.trim().split('\n').at(-1)!);
    expect(counts.flushed).toBe(false);
    expect(counts.dropped).toBeGreaterThan(10_000);
    expect(counts.pending).toBeGreaterThan(0);
  });
});
