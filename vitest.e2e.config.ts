import { defineConfig } from 'vitest/config';

// Browser flows (`npm run test:e2e`, last step of `npm test`): a real server started once by
// e2e/global-setup.ts and Debian's chromium driven by playwright-core. One file at a time in
// one fork: a browser and the server already share this machine's two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A flow that failed once on a loaded machine should fail loudly, not be retried into green.
    retry: 0,
  },
});
