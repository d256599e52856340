import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { adminUrl, databaseUrlFor } from './postgres';

export interface TestDatabase extends Database {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
  /** Where a PostgreSQL clone lives (absent for PGlite), for tests that open it another way. */
  url?: string;
}

/** A fresh, migrated database for one test file: PGlite from the run's snapshot, or a PostgreSQL clone. */
export async function createTestDatabase(kind: 'default' | 'pglite' = 'default'): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (kind === 'default' && serverUrl && template) return clonePostgres(serverUrl, template);
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const database = await openDatabase({ driver: 'pglite', memory: true, loadDataDir: snapshot });
  return { ...database, destroy: () => database.close() };
}

async function clonePostgres(serverUrl: string, template: string): Promise<TestDatabase> {
  const name = `prepwise_t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const admin = await openDatabase({ driver: 'postgres', url: adminUrl(serverUrl), poolSize: 1 });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.executeSql(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant: PostgreSQL refuses one; try again.
        if (attempt >= 10 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.close();
  }
  const database = await openDatabase({
    driver: 'postgres',
    url: databaseUrlFor(serverUrl, name),
    poolSize: 5,
  });
  return {
    ...database,
    url: databaseUrlFor(serverUrl, name),
    async destroy() {
      await database.close();
      const cleaner = await openDatabase({ driver: 'postgres', url: adminUrl(serverUrl), poolSize: 1 });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prepwise-data-')),
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-000000',
    COOKIE_SECRET: 'test-cookie-secret-that-is-long-enough-0000',
    LOG_LEVEL: 'silent',
    WEB_MODE: 'none',
    // Test files sign in and register many times from one address; the rate-limit tests turn them on.
    RATE_LIMITS: 'false',
    ...env,
  });
}

export async function createTestApp(options: { env?: Record<string, string>; database?: TestDatabase } = {}) {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    logger: false,
    jobs: { pollingIntervalSeconds: 0.5, supervise: false },
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
