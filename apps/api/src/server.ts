import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { webRoot } from './lib/paths';
import { StorageError } from './lib/storage';
import { uploadStorage } from './lib/upload-storage';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const migrations = await migrateDatabase(database);
    const storage = uploadStorage(config);
    const seed = await seedDatabase(database.db, { demo: config.seedDemo, context: { storage } });
    app = await buildApp({ config, database, storage });
    app.log.info(
      {
        driver: database.driver,
        migrationsApplied: migrations.applied,
        seeded: seed.applied,
        storage: storage.description,
      },
      'database ready',
    );
    if (config.webMode !== 'none') {
      const { registerWeb } = await import('./plugins/web');
      await registerWeb(app, { mode: config.webMode, webRoot });
    }
    await app.jobs.start();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
    throw error;
  }

  const { port } = app.server.address() as AddressInfo;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const where = database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const banner = [
    `Prepwise is ready at http://localhost:${port} (started in ${seconds} s, database: ${where})`,
    `API documentation: http://localhost:${port}/api/docs`,
  ];
  if (config.seedDemo) {
    banner.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) banner.push(`  ${account.email.padEnd(22)} ${account.what}`);
  }
  console.info(banner.join('\n'));

  const running = app;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    running.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await running.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StorageError) {
    console.error(`Prepwise cannot start: ${error.message}`);
  } else {
    console.error('Prepwise failed to start:', error);
  }
  process.exit(1);
});
