import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DEMO_EMAIL, DEMO_PASSWORD, demoExists, isEmpty, seedDemo } from './seed/demo.js';

/** Starts Kazi: config → app (migrations, queue) → demo seed when fitting → listen. */
async function main() {
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
  const app = await buildApp(config);
  const { database } = app.ctx;

  // the demo seeds itself on an empty embedded database, or wherever SEED_DEMO=true asks for it
  const wantDemo = config.seedDemo ?? database.kind === 'pglite';
  if (wantDemo && (await isEmpty(database))) {
    await seedDemo(database);
    app.log.info('seeded the demo tenant "Acme"');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.appUrl;
  process.stdout.write(`\nKazi is running at ${where}\n`);
  if (await demoExists(database)) process.stdout.write(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`);
}

main().catch((err) => {
  process.stderr.write(`Kazi could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
