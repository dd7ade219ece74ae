import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

interface Definition {
  handler: JobHandler<any>;
  batchSize: number;
  concurrency: number;
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
  private started = false;

  constructor(
    database: Database,
    private log: FastifyBaseLogger,
  ) {
    this.boss = database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite as never), schema: 'pgboss', supervise: true, schedule: false })
      : new PgBoss({ connectionString: poolUrl(database), schema: 'pgboss', max: 4, schedule: false });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  define<T>(name: string, handler: JobHandler<T>, opts: { batchSize?: number; concurrency?: number } = {}) {
    this.defs.set(name, { handler, batchSize: opts.batchSize ?? 5, concurrency: opts.concurrency ?? 2 });
  }

  async start(runWorkers: boolean) {
    await this.boss.start();
    this.started = true;
    for (const name of this.defs.keys()) await this.boss.createQueue(name).catch(() => undefined);
    if (!runWorkers) return;
    for (const [name, def] of this.defs) {
      await this.boss.work<unknown>(
        name,
        { batchSize: def.batchSize, localConcurrency: def.concurrency, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true },
        async (jobs) => {
          for (const job of jobs) await def.handler(job.data);
        },
      );
    }
  }

  async send<T extends object>(name: string, data: T, opts: { singletonKey?: string; singletonSeconds?: number; startAfter?: number | Date } = {}) {
    if (!this.defs.has(name)) throw new Error(`Unknown job ${name}`);
    if (!this.started) throw new Error('Job queue is not started');
    return this.boss.send(name, data, { retryLimit: 5, retryDelay: 5, retryBackoff: true, ...opts });
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
  }
}

function poolUrl(database: Database): string {
  const opts = (database.pool as unknown as { options: { connectionString?: string } }).options;
  if (!opts.connectionString) throw new Error('pg-boss needs the DATABASE_URL connection string');
  return opts.connectionString;
}
