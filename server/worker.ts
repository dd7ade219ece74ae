import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { stdoutLog } from './log/destination.js';

/**
 * `npm run worker`: runs the job handlers in their own process. Start the web
 * process with WORKERS=none when you use it. (Embedded PGlite is single-process:
 * a separate worker needs DATABASE_URL.)
 */
async function main() {
  let config;
  try {
    config = { ...loadConfig(), inProcessWorkers: true };
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl) {
    process.stderr.write('npm run worker needs DATABASE_URL: the embedded database belongs to the web process.\n');
    process.exit(1);
  }
  const app = await buildApp(config);
  await app.ready();
  app.log.info('worker running');
  const stop = async () => {
    await app.close();
    // the last log lines get two seconds; a stdout nobody reads never holds the exit (server/log/destination.ts)
    await stdoutLog().flush(2_000);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
