import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { stdoutLog } from './log/destination.js';
import { DEMO_EMAIL, DEMO_PASSWORD, demoExists, isEmpty, seedDemo } from './seed/demo.js';

/** From SIGTERM or SIGINT to exit: closing the app and writing out the last log lines share it. */
const SHUTDOWN_BUDGET_MS = 10_000;
/** The most of it spent waiting for stdout to take the last log lines; a stuck stdout loses them. */
const LOG_FLUSH_MS = 2_000;

/**
 * How long each step of the start took, in ms, logged once the server listens ("started"):
 * `modules` is the time from the process's start to main(), i.e. loading the code
 * (docs/decisions/0022-start-up.md).
 */
const startup: Record<string, number> = {};
let lastMark = 0;
function phase(name: string) {
  const now = performance.now();
  startup[name] = Math.round(now - lastMark);
  lastMark = now;
}

/** Starts Kazi: config → app (migrations, queue) → demo seed when fitting → listen. */
async function main() {
  phase('modules');
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config, { onPhase: phase, waitForQueue: false });
  const { database } = app.ctx;

  // the demo seeds itself on an empty embedded database, or wherever SEED_DEMO=true asks for it
  const wantDemo = config.seedDemo ?? database.kind === 'pglite';
  if (wantDemo && (await isEmpty(database))) {
    await seedDemo(database, new Date(), config);
    app.log.info('seeded the demo tenant "Acme"');
  }
  phase('demo');

  const out = stdoutLog();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const deadline = Date.now() + SHUTDOWN_BUDGET_MS;
    app.log.info({ signal }, 'shutting down');
    // process.exit waits for no log output (the destination registers no exit hook, unlike pino's
    // default one, whose flushSync loops forever on a pipe nobody reads), so this always fires
    const force = setTimeout(() => process.exit(1), SHUTDOWN_BUDGET_MS);
    force.unref();
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    }
    await out.flush(Math.min(LOG_FLUSH_MS, deadline - Date.now()));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  const where = config.appUrl;
  // in order with the log lines, and never waited for
  out.print(`\nKazi is running at ${where}\n`);
  if (await demoExists(database)) out.print(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`);
  // pg-boss starts once the server listens (buildApp's waitForQueue: false); a job sent before it
  // is ready waits for it. Should it fail, the start fails as when it was awaited before listening.
  await app.ctx.queue.ready();
  phase('queue');
  app.log.info({ startup_ms: { ...startup, total: Math.round(performance.now()) } }, 'started');
}

main().catch(async (err) => {
  process.stderr.write(`Kazi could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  await stdoutLog().flush(LOG_FLUSH_MS);
  process.exit(1);
});
