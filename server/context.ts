import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import type { RealtimeHub } from './realtime/hub.js';

/** What every module gets: configuration and the shared services. */
export interface AppContext {
  config: Config;
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  /** the websocket server; `broadcast()` (server/realtime/broadcast.ts) publishes through it */
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
