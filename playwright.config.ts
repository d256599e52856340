import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_GOOGLE_CLIENT_ID } from './e2e/support/constants';

/*
 * E2E runs against the production build (`npm run build` first): `node apps/api/dist/server.js` on a
 * free port with a fresh DATA_DIR. The config is evaluated again in every worker, so ports and
 * folders are chosen once, in the main process, and passed on through the environment. Data folders
 * are wiped at the start of the next run rather than at the end, so a failed run can be inspected.
 *
 * A second server runs with 3-second access tokens and Google sign-in configured, for the specs
 * that need them (project `short-tokens`); everything else runs against the first one.
 */
function findFreePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

process.env.E2E_PORT ??= String(findFreePort());
process.env.E2E_SHORT_PORT ??= String(findFreePort());
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fileURLToPath(new URL('.tmp/e2e-data', import.meta.url));
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
if (!process.env.E2E_SHORT_DATA_DIR) {
  process.env.E2E_SHORT_DATA_DIR = fileURLToPath(new URL('.tmp/e2e-data-short', import.meta.url));
  rmSync(process.env.E2E_SHORT_DATA_DIR, { recursive: true, force: true });
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const shortPort = Number(process.env.E2E_SHORT_PORT);
const shortBaseURL = `http://127.0.0.1:${shortPort}`;
/** Specs that need the short-token server. */
const SHORT_TOKEN_SPECS = /(token-refresh|google-sign-in|expired-session)\.spec\.ts$/;

const serverEnv = {
  HOST: '127.0.0.1',
  APP_ENV: 'test',
  NODE_ENV: 'production',
  WEB_MODE: 'production',
  LOG_LEVEL: 'warn',
  // Every spec signs in from 127.0.0.1; the limits have their own API tests (rate-limits.test.ts).
  RATE_LIMITS: 'false',
};

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  // Specs are written to run two files at a time (decision 014: own accounts and rows with unique
  // names, per-test demo sessions through `signInAs`), but two workers have not yet had a whole run on
  // a quiet machine: CI keeps one until they do; E2E_WORKERS=2 runs two (locally the default).
  workers: Number(process.env.E2E_WORKERS) || (process.env.CI ? 1 : 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: SHORT_TOKEN_SPECS, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'short-tokens',
      testMatch: SHORT_TOKEN_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: shortBaseURL },
    },
  ],
  webServer: [
    {
      command: 'node apps/api/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // PUBLIC_URL: the address the browser uses, so the payment gateway's return lands on the same cookies.
      env: { ...serverEnv, PORT: String(port), PUBLIC_URL: baseURL, DATA_DIR: process.env.E2E_DATA_DIR },
    },
    {
      command: 'node apps/api/dist/server.js',
      url: `${shortBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(shortPort),
        DATA_DIR: process.env.E2E_SHORT_DATA_DIR,
        ACCESS_TOKEN_TTL: '3',
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      },
    },
  ],
});
