import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Test files run side by side (decision 014): one per core, at least two. vitest's own default is
 * "cores − 1", i.e. one file at a time on a 2-core machine. Every API test file has its own database (a
 * PGlite copy or a PostgreSQL clone), so files are independent. More workers than cores was tried on
 * PostgreSQL (4 on 2 cores) and starved the files that start real server processes into timeouts.
 * VITEST_MAX_WORKERS (read by vitest) overrides it.
 */
const maxWorkers = Math.max(2, availableParallelism());

/** API test files that start the real server in child processes: they run last, alone (`api-processes`). */
const PROCESS_TESTS = ['test/server.test.ts', 'test/exam-crash.test.ts', 'test/cluster.test.ts'];

const apiTest = {
  globalSetup: ['./test/global-setup.ts'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

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
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
          ...apiTest,
        },
      },
      {
        // After all the others, one file at a time, as before decision 014: each starts real server
        // processes (tsx-compiled) that must be ready within a minute.
        test: {
          name: 'api-processes',
          root: 'apps/api',
          include: PROCESS_TESTS,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          ...apiTest,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A test's first import of a module is transformed then: seconds when the machine is busy (the
          // api-client test's first case took 4.7 s of its 5 s default beside the API files).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
