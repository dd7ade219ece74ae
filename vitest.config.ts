import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // each file clones the migrated template database; two cores → two forks
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          globalSetup: ['server/testing/global-setup.ts'],
          // One module graph per fork, not per file: importing the whole server again for each of
          // ~150 files cost half the step's time. Every file still gets its own database and app;
          // what modules keep is keyed by the app or request (WeakMaps), never by a tenant id
          // (docs/decisions/0051-test-suite-speed.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.ts'],
          // the store tests stub fetch and mock modules: they keep their own module graph
          isolate: true,
        },
      },
    ],
  },
});
