import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/*
 * Test files run side by side (decision 014): one per core, at least two. vitest's own default is
 * "cores − 1", i.e. one file at a time on a 2-core machine. Every API test file has its own database (a
 * PGlite copy or a PostgreSQL clone), so files are independent. More workers than cores was tried on
 * PostgreSQL (4 on 2 cores) and starved the files that start real server processes into timeouts.
 * VITEST_MAX_WORKERS (read by vitest) overrides it.
 */
const maxWorkers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
