import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { relaySiblingMessages } from './lib/cluster';
import { webRoot } from './lib/paths';
import { StorageError } from './lib/storage';
import { uploadStorage } from './lib/upload-storage';
import { seedDatabase } from './seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';

const SHUTDOWN_TIMEOUT_MS = 15_000;

/** Which worker of a clustered server this process is (1…WORKERS), or undefined when not clustered. */
const workerNumber = cluster.isWorker ? Number(process.env.PREPWISE_WORKER) : undefined;

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  return runServer(config);
}

/** One server process: the whole application, or one worker of a clustered server. */
async function runServer(config: Config) {
  const started = performance.now();
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const storage = uploadStorage(config);
    if (workerNumber === undefined) {
      const migrations = await migrateDatabase(database);
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
    } else {
      // The primary migrated and seeded; job maintenance and schedules run in the first worker only.
      app = await buildApp({ config, database, storage, jobs: { supervise: workerNumber === 1 } });
    }
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

  const running = app;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C forces the exit; a worker may get both the terminal's signal and the primary's.
      if (workerNumber === undefined) process.exit(1);
      return;
    }
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

  // "Ready" only once a stop signal is handled: whoever waits for this line may send SIGTERM at once, and a
  // process preempted between printing and registering died by the signal's default action (server.test).
  if (workerNumber === undefined) {
    const { port } = app.server.address() as AddressInfo;
    const where = database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
    printBanner(config, port, started, where);
  }
}

function printBanner(config: Config, port: number, started: number, where: string) {
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const banner = [
    `Prepwise is ready at http://localhost:${port} (started in ${seconds} s, database: ${where})`,
    `API documentation: http://localhost:${port}/api/docs`,
  ];
  if (config.seedDemo) {
    banner.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) banner.push(`  ${account.email.padEnd(22)} ${account.what}`);
  }
  console.info(banner.join('\n'));
}

/**
 * WORKERS > 1 (PostgreSQL): this process migrates and seeds once, then runs WORKERS server processes
 * sharing the port (node:cluster), passes their cache notices between them, replaces one that dies and
 * stops them all on SIGTERM/SIGINT.
 */
async function runPrimary(config: Config) {
  const started = performance.now();
  const database = await openDatabase({ driver: 'postgres', url: config.databaseUrl! });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demo: config.seedDemo, context: { storage: uploadStorage(config) } });
  } finally {
    await database.close();
  }

  relaySiblingMessages();
  let stopping = false;
  const numbers = new Map<number, number>();
  const fork = (number: number) => {
    const worker = cluster.fork({ PREPWISE_WORKER: String(number) });
    numbers.set(worker.id, number);
  };
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === config.workers)
      printBanner(config, address.port, started, `PostgreSQL, ${config.workers} server processes`);
  });
  const recentExits: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    const number = numbers.get(worker.id);
    numbers.delete(worker.id);
    if (stopping) {
      if (numbers.size === 0) process.exit();
      return;
    }
    if (number === undefined) return;
    // A process that cannot start at all would be replaced forever: give up after a burst of exits.
    const now = Date.now();
    recentExits.push(now);
    while (recentExits.length > 0 && recentExits[0]! < now - 60_000) recentExits.shift();
    if (recentExits.length > 2 * config.workers) {
      console.error('Server processes keep stopping; giving up.');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (numbers.size === 0) process.exit();
      return;
    }
    console.error(`Server process ${number} stopped (${signal ?? `exit ${code}`}); starting a new one.`);
    setTimeout(() => fork(number), 1000).unref();
  });
  for (let number = 1; number <= config.workers; number++) fork(number);

  const shutdown = () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 2_000).unref();
    if (numbers.size === 0) process.exit();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
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
