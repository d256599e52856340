import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect } from '@playwright/test';

/*
 * For a spec that needs the API configured otherwise than the shared e2e server (playwright.config.ts):
 * the production build (`node apps/api/dist/server.js`) on a port and data folder of its own.
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the built API; `env` adds to (or overrides) the e2e servers' settings. */
export function startOwnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  label = 'own server',
): ChildProcess {
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      NODE_ENV: 'production',
      WEB_MODE: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  }).on('spawn', function (this: ChildProcess) {
    this.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk}`));
  });
}

/** Waits until the server answers its health check (a fresh data folder is migrated and seeded first). */
export async function waitForHealth(base: string, timeout = 90_000) {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout, intervals: [250] },
    )
    .toBe(200);
}

/** Stops the server (SIGTERM) and waits for it to exit. */
export async function stopOwnServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
