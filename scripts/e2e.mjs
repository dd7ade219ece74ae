#!/usr/bin/env node
// `npm run test:e2e`: the browser flows alone (`vitest run --config vitest.e2e.config.ts`).
// Extra arguments go to vitest, e.g. `npm run test:e2e -- e2e/auth.e2e.ts -t "demo"`.
// Set E2E_SERVER_OUTPUT=1 to see the server's output as it runs (it is always written to
// test-results/e2e-server.log). Set E2E_DATABASE_URL=postgres://… to run the server on a fresh
// PostgreSQL database created on that server (and dropped after) instead of embedded PGlite.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './build-if-stale.mjs';

const vitest = join(ROOT, 'node_modules', '.bin', 'vitest');
const child = spawn(vitest, ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`Could not run vitest: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
