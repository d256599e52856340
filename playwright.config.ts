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
 * A second server runs with 6-second access tokens and Google sign-in configured, for the specs
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

/*
 * With E2E_POSTGRES_URL (a PostgreSQL server the user may create databases on; `npm test` passes
 * TEST_DATABASE_URL), each server gets a fresh database of its own there instead of embedded PGlite:
 * PGlite answers every query on the server's own thread, PostgreSQL in its own processes, which is what
 * production runs and leaves the server's CPU to rendering.
 */
function freshPostgresDatabase(serverUrl: string, name: string): string {
  const script = `const pg=require('pg');(async()=>{const u=new URL(process.argv[1]);u.pathname='/postgres';const c=new pg.Client({connectionString:u.toString()});await c.connect();await c.query('DROP DATABASE IF EXISTS '+process.argv[2]+' WITH (FORCE)');await c.query('CREATE DATABASE '+process.argv[2]);await c.end()})().catch(e=>{console.error(e.message);process.exit(1)})`;
  execFileSync(process.execPath, ['-e', script, serverUrl, name], {
    cwd: fileURLToPath(new URL('apps/api', import.meta.url)),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
if (process.env.E2E_POSTGRES_URL && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_URL = freshPostgresDatabase(process.env.E2E_POSTGRES_URL, 'prepwise_e2e');
  process.env.E2E_SHORT_DATABASE_URL = freshPostgresDatabase(
    process.env.E2E_POSTGRES_URL,
    'prepwise_e2e_short',
  );
}
const databaseEnv = (url: string | undefined): Record<string, string> => (url ? { DATABASE_URL: url } : {});

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const shortPort = Number(process.env.E2E_SHORT_PORT);
const shortBaseURL = `http://127.0.0.1:${shortPort}`;
/** Specs that record through Chromium's fake microphone (project `speaking`). */
const SPEAKING_SPECS = /(speaking-recorder|ielts-four-skills)\.spec\.ts$/;
const FAKE_MICROPHONE = fileURLToPath(new URL('e2e/fixtures/audio/speech-tone.wav', import.meta.url));
/** Specs that need the short-token server. */
const SHORT_TOKEN_SPECS = /(token-refresh|google-sign-in|expired-session)\.spec\.ts$/;

/** How many times the local timeouts CI allows (see `timeout` below). */
const TIMEOUT_FACTOR = Number(process.env.E2E_TIMEOUT_FACTOR) || (process.env.CI ? 2 : 1);

const serverEnv = {
  HOST: '127.0.0.1',
  APP_ENV: 'test',
  NODE_ENV: 'production',
  WEB_MODE: 'production',
  LOG_LEVEL: 'warn',
  // Every spec signs in from 127.0.0.1; the limits have their own API tests (rate-limits.test.ts).
  RATE_LIMITS: 'false',
};

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  // Two spec files at a time, in CI too (decisions 014 and 021): specs make their own accounts and rows
  // with unique names and check seeded rows by name. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // CI shares a 2-core machine whose speed varies fourfold from one hour to the next (a bare hello-world
  // answered 32,092 req/s in one session and 7,950 in the next): CI gives each step twice the local time,
  // so a loading state that takes 6 s on a crowded host is not a failure. E2E_TIMEOUT_FACTOR overrides it.
  timeout: 30_000 * TIMEOUT_FACTOR,
  expect: { timeout: 5_000 * TIMEOUT_FACTOR },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    headless: true,
    // Tracing took a third of the run on this 2-core machine (the admin specs: 4.7 min with traces, 3.3
    // without their screencast, 3.0 with none). CI keeps no artifacts, so it records none (E2E_TRACE=1
    // turns them on); a failure still prints its page snapshot and keeps its screenshot.
    trace:
      process.env.CI && !process.env.E2E_TRACE ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [SHORT_TOKEN_SPECS, SPEAKING_SPECS],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'speaking',
      testMatch: SPEAKING_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            ...CHROMIUM_ARGS,
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
            `--use-file-for-fake-audio-capture=${FAKE_MICROPHONE}`,
          ],
        },
      },
    },
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
      env: {
        ...serverEnv,
        ...databaseEnv(process.env.E2E_DATABASE_URL),
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
      },
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
        ...databaseEnv(process.env.E2E_SHORT_DATABASE_URL),
        PORT: String(shortPort),
        DATA_DIR: process.env.E2E_SHORT_DATA_DIR,
        ACCESS_TOKEN_TTL: '6',
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      },
    },
  ],
});
