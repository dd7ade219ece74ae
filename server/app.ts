import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { installErrorHandling } from './http/error-handler.js';
import { loadRootView } from './http/root-view.js';
import { inertiaPlugin } from './inertia/index.js';
import { JobQueue } from './jobs/queue.js';
import { stdoutLog } from './log/destination.js';
import { Mailer } from './mail/mailer.js';
import { strictFormBodies } from './http/form-body.js';
import { refuseNulCharacters } from './http/validate.js';
import { securityHeaders } from './http/security-headers.js';
import { MODULES } from './modules/registry.js';
import { RealtimeHub } from './realtime/hub.js';
import { authPlugin } from './plugins/auth.js';
import { sessionPlugin } from './plugins/session.js';
import { sharedProps } from './http/shared-props.js';

export interface BuildOptions {
  /** an already open database (tests pass a cloned one); otherwise opened from config */
  database?: Database;
  /** apply migrations on start (default true) */
  migrate?: boolean;
  /** pino logger options or false */
  logger?: boolean | object;
  /** called as each step of the build ends (main.ts logs how long each took) */
  onPhase?: (name: string) => void;
  /**
   * Return only once the job queue has started (default true). With false the queue starts once
   * the server listens (main.ts, which then waits for `ctx.queue.ready()`): a job sent before
   * then waits for the queue, nothing is lost (docs/decisions/0022-start-up.md).
   */
  waitForQueue?: boolean;
}

/** How long after listening the job queue starts when buildApp is not waiting for it (main.ts). */
export const QUEUE_START_DELAY_MS = 1_000;

const publicDir = fileURLToPath(new URL('../public', import.meta.url));

/**
 * Builds the whole application: external plugins first (cookies, helmet, body
 * parsers, static files), then Kazi's own (session → auth → Inertia), then the
 * modules. Nothing listens here; main.ts does that.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // stdout without ever waiting for it (docs/decisions/0019-logging.md)
    logger: opts.logger ?? { level: config.logLevel, stream: stdoutLog() },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // ids in URLs are short; a giant path is an attack, not a request
    routerOptions: { maxParamLength: 200 },
  });

  const phase = opts.onPhase ?? (() => undefined);
  phase('fastify');
  const database = opts.database ?? (await openDatabase(config));
  phase('database');
  if (opts.migrate !== false) await migrate(database);
  phase('migrate');
  const queue = new JobQueue(database, app.log);
  const mailer = new Mailer(config, queue, app.log);
  const realtime = new RealtimeHub({ config, database, log: app.log });
  const ctx: AppContext = { config, database, queue, mailer, realtime, log: app.log };
  app.decorate('ctx', ctx);
  // websockets on the app's own port (docs/decisions/0044-realtime.md); their connections end
  // before the HTTP server closes, which would otherwise wait for them
  await realtime.start(app.server);
  app.addHook('preClose', async () => realtime.close());

  app.addHook('onClose', async () => {
    await queue.stop();
    mailer.close();
    if (!opts.database) await database.close();
  });

  await app.register(cookie);
  strictFormBodies(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 } });
  // helmet's headers once, a CSP with a fresh nonce per request (docs/decisions/0055-content-security-policy.md);
  // HSTS goes only on answers served over HTTPS
  securityHeaders(app, {
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    // Inertia's "back" after a failed form needs the Referer of our own pages
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (existsSync(`${publicDir}/build`)) {
    await app.register(fastifyStatic, {
      root: `${publicDir}/build`,
      prefix: '/build/',
      immutable: true,
      maxAge: '1y',
      decorateReply: false,
    });
  }

  await app.register(sessionPlugin, { database, secure: config.appUrl.startsWith('https://'), });
  await app.register(authPlugin, { database });
  // each API token has its own budget of requests per minute; sessions are not counted here
  // (login and password resets keep their own throttles). After auth: the token is known by then.
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: config.apiTokenRateLimit,
    timeWindow: 60_000,
    allowList: (req) => !req.apiToken,
    keyGenerator: (req) => (req.apiToken ? `token:${req.apiToken.tenantId}:${req.apiToken.id}` : req.ip),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: `Too many requests with this API token. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.` }),
  });
  const root = loadRootView(publicDir);
  await app.register(inertiaPlugin, {
    version: () => root.version,
    renderRoot: (pageHtml, _page, req) => root.render(pageHtml, req.cspNonce),
    nonce: (req) => req.cspNonce,
    share: sharedProps,
    flash: {
      put: (req, key, value) => req.session.flash(key, value),
      pull: (req, key) => req.session?.pull(key),
      reflash: (req) => req.session.reflash(),
    },
  });
  installErrorHandling(app);
  // after the session (CSRF) and auth hooks: a NUL in any body field is a 422 naming it
  refuseNulCharacters(app);

  app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  // one plugin per module, in the modules' dependency order (server/modules/registry.ts)
  for (const m of MODULES) if (m.plugin) await app.register(m.plugin);
  phase('plugins');

  if (opts.waitForQueue === false) {
    // pg-boss's start (on PGlite its statements share the one connection and our one thread)
    // waits until the server has listened for QUEUE_START_DELAY_MS: the first requests, a page
    // and its assets, do not queue behind it
    const listening = new Promise<void>((resolve) => app.addHook('onListen', async () => resolve()));
    void queue.start(config.inProcessWorkers, { after: listening.then(() => new Promise((resolve) => setTimeout(resolve, QUEUE_START_DELAY_MS))) });
  } else {
    await queue.start(config.inProcessWorkers);
    phase('queue');
  }
  return app;
}
