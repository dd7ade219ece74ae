import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

interface Definition {
  handler: JobHandler<any>;
  batchSize: number;
  concurrency: number;
  pollSeconds: number;
}

/**
 * The durable job queue (pg-boss) on the application's own database: sends,
 * imports and reminders survive restarts and need no Redis. Modules `define`
 * handlers; the web process runs them in-process unless WORKERS=none, and
 * `npm run worker` runs them in a separate process.
 */
export class JobQueue {
  private boss: PgBoss;
  private defs = new Map<string, Definition>();
  /** the start asked for (perhaps still waiting for its `after`), or done; null before start() and after stop() */
  private starting: Promise<void> | null = null;
  /** pg-boss's own start, once it has begun */
  private bossStart: Promise<void> | null = null;
  /** pg-boss has started and the queues exist: `send` goes straight through */
  private bossStarted = false;
  private stopped = false;
  private startedHooks: (() => Promise<void>)[] = [];
  /** this process's workers by queue: a job sent here wakes them instead of waiting for their next poll */
  private workerIds = new Map<string, string>();

  constructor(
    database: Database,
    private log: FastifyBaseLogger,
  ) {
    this.boss = database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite as never), schema: 'pgboss', supervise: true, schedule: false })
      : new PgBoss({ connectionString: poolUrl(database), schema: 'pgboss', max: 4, schedule: false });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  /** `pollSeconds`: how often idle workers look for jobs sent by other processes (0.5 s) */
  define<T>(name: string, handler: JobHandler<T>, opts: { batchSize?: number; concurrency?: number; pollSeconds?: number } = {}) {
    this.defs.set(name, { handler, batchSize: opts.batchSize ?? 5, concurrency: opts.concurrency ?? 2, pollSeconds: opts.pollSeconds ?? 0.5 });
  }

  /**
   * Starts pg-boss (its schema on first use, then its maintenance), the handlers when
   * `runWorkers`, then what `onStarted` asked for. Returns at once with a promise that settles
   * when all that is done; with `after`, the start itself waits for that promise first (main.ts:
   * until the server listens, so that a restart answers before pg-boss has run a statement;
   * docs/decisions/0022-start-up.md). A `send` made before the queue has started waits for it,
   * so no job is lost; `stop` stops it wherever it is.
   */
  start(runWorkers: boolean, opts: { after?: Promise<unknown> } = {}): Promise<void> {
    if (!this.starting) {
      this.stopped = false;
      this.starting = (async () => {
        await opts.after;
        if (this.stopped) throw new Error('Job queue stopped before it started');
        this.bossStart = this.startBoss(runWorkers);
        await this.bossStart;
      })();
      // handled here as well, so that a failure nobody has awaited yet is no unhandled rejection
      this.starting.catch(() => undefined);
    }
    return this.starting;
  }

  /** Settles when the queue has started (rejects when it could not); rejects when it was never started. */
  ready(): Promise<void> {
    return this.starting ?? Promise.reject(new Error('Job queue is not started'));
  }

  /**
   * Runs `fn` each time the queue has started (its handlers included), before `ready()` settles:
   * work a module queues "when the queue starts", such as its next scheduled run.
   */
  onStarted(fn: () => Promise<void>) {
    this.startedHooks.push(fn);
  }

  private async startBoss(runWorkers: boolean) {
    await this.boss.start();
    for (const name of this.defs.keys()) {
      if (this.stopped) return;
      await this.boss.createQueue(name).catch(() => undefined);
    }
    if (this.stopped) return;
    this.bossStarted = true;
    if (runWorkers) {
      for (const [name, def] of this.defs) {
        if (this.stopped) return;
        const workerId = await this.boss.work<unknown>(
          name,
          { batchSize: def.batchSize, localConcurrency: def.concurrency, pollingIntervalSeconds: def.pollSeconds, burstWhenBatchFull: true },
          async (jobs) => {
            for (const job of jobs) await def.handler(job.data);
          },
        );
        this.workerIds.set(name, workerId);
      }
    }
    for (const fn of this.startedHooks) {
      if (this.stopped) return;
      await fn().catch((err: unknown) => this.log.error({ err }, 'job queue start hook failed'));
    }
  }

  async send<T extends object>(name: string, data: T, opts: { singletonKey?: string; singletonSeconds?: number; startAfter?: number | Date } = {}) {
    if (!this.defs.has(name)) throw new Error(`Unknown job ${name}`);
    if (!this.starting) throw new Error('Job queue is not started');
    // before the start (not from a start hook, which runs inside it): wait for it
    if (!this.bossStarted) await this.starting;
    const id = await this.boss.send(name, data, { retryLimit: 5, retryDelay: 5, retryBackoff: true, ...opts });
    // a job due now starts at once when this process works the queue (others find it on their next poll)
    const worker = this.workerIds.get(name);
    if (worker && id && opts.startAfter === undefined) this.boss.notifyWorker(worker);
    return id;
  }

  /** Stops the queue: a start still waiting for its `after` never begins; one under way is finished first. */
  async stop() {
    if (!this.starting) return;
    this.starting = null;
    this.stopped = true;
    this.bossStarted = false;
    this.workerIds.clear();
    const bossStart = this.bossStart;
    this.bossStart = null;
    if (!bossStart) return;
    await bossStart.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
  }
}

function poolUrl(database: Database): string {
  const opts = (database.pool as unknown as { options: { connectionString?: string } }).options;
  if (!opts.connectionString) throw new Error('pg-boss needs the DATABASE_URL connection string');
  return opts.connectionString;
}
