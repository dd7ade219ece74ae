import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../testing/app.js';
import type { Database } from '../db/client.js';
import { JobQueue } from './queue.js';

// main.ts listens while pg-boss starts (docs/decisions/0022-start-up.md): a job sent in that
// time must wait for the queue, not fail and not vanish.
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(() => drop());

describe('a job sent by the process that works its queue', () => {
  it('wakes the worker at once instead of waiting for its next poll', async () => {
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    const seen: string[] = [];
    // a poll a minute: only the wake-up can run the job within the wait below
    queue.define<{ n: string }>('test.wake', async ({ n }) => void seen.push(n), { pollSeconds: 60 });
    await queue.start(true);
    // the worker's first fetch happens when it starts; wait until it idles
    await new Promise((r) => setTimeout(r, 300));
    await queue.send('test.wake', { n: 'now' });
    const until = Date.now() + 15_000;
    while (!seen.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['now']);
    await queue.stop();
  });
});

describe('a job sent while the queue is still starting', () => {
  it('waits for the start, is stored and runs', async () => {
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    const seen: string[] = [];
    queue.define<{ n: string }>('test.early', async ({ n }) => {
      seen.push(n);
    });
    let settled = false;
    const started = queue.start(true).then(() => {
      settled = true;
    });
    const sending = queue.send('test.early', { n: 'first' });
    expect(settled).toBe(false);
    expect(await sending).toEqual(expect.any(String));
    await started;
    const until = Date.now() + 15_000;
    while (!seen.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['first']);
    await queue.stop();
  });

  it('held until a promise settles (main.ts: until the server listens), then starts and runs its start hooks', async () => {
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    const seen: string[] = [];
    queue.define<{ n: string }>('test.held', async ({ n }) => {
      seen.push(n);
    });
    queue.onStarted(async () => {
      // a hook runs inside the start: its own send must not wait for that start
      await queue.send('test.held', { n: 'from the hook' });
    });
    let open!: () => void;
    const listening = new Promise<void>((resolve) => (open = resolve));
    const started = queue.start(true, { after: listening });
    const sending = queue.send('test.held', { n: 'early' });
    // nothing happens while it is held
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
    open();
    await started;
    expect(await sending).toEqual(expect.any(String));
    const until = Date.now() + 15_000;
    while (seen.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(seen.sort()).toEqual(['early', 'from the hook']);
    await queue.stop();
  });

  it('stopped while held: stop returns at once and the start never begins', async () => {
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    queue.define('test.never-held', async () => undefined);
    let open!: () => void;
    const started = queue.start(true, { after: new Promise<void>((resolve) => (open = resolve)) });
    await queue.stop();
    open();
    await expect(started).rejects.toThrow('Job queue stopped before it started');
  });

  it('a queue never started refuses the job at once', async () => {
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    queue.define('test.never', async () => undefined);
    await expect(queue.send('test.never', {})).rejects.toThrow('Job queue is not started');
    await expect(queue.ready()).rejects.toThrow('Job queue is not started');
  });

  it('stop while pg-boss is starting waits for that start, then stops it', async () => {
    const queue = new JobQueue(database, pino({ level: 'silent' }));
    queue.define('test.stop', async () => undefined);
    const started = queue.start(true);
    // pg-boss's start has begun (one turn of the event loop) and has not finished
    await new Promise((r) => setImmediate(r));
    await queue.stop();
    await expect(started).resolves.toBeUndefined();
    await expect(queue.send('test.stop', {})).rejects.toThrow('Job queue is not started');
  });
});
