// The Prepwise API for bench/exam-load.ts, in its own process (as in production), so the load client
// never shares the server's event loop. Migrates and seeds the practice tests, creates the examinees with
// live sessions, writes their access tokens to TOKENS_FILE, listens on 127.0.0.1 on a free port and prints
// `listening <port>`. SIGTERM closes the app and the database (PGlite is then free for the parent to read).
//
// Environment: BENCH_DRIVER pglite|postgres, BENCH_DATA_DIR (always; PGlite's data lives there),
// BENCH_DATABASE_URL (postgres), BENCH_EXAMINEES, TOKENS_FILE, BENCH_JWT_SECRET, BENCH_POOL_SIZE (per
// process), BENCH_WORKERS (postgres only: server processes sharing the port through node:cluster, as
// `WORKERS` runs the real server; this process then prepares the data and the workers serve), BENCH_TRACE=1
// (each serving process prints to stderr, second by second: event-loop use, its longest delay, time in
// garbage collection and the answer writer's statements and the saves they carried).
import cluster from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { localUploads } from '../../apps/api/src/lib/storage';
import { signAccessToken } from '../../apps/api/src/lib/tokens';
import { answerWriter } from '../../apps/api/src/modules/attempts/answer-writer';
import { seedDatabase } from '../../apps/api/src/seed';
import { examStructureStep } from '../../apps/api/src/seed/exam-structure';
import { practiceTestsStep } from '../../apps/api/src/seed/practice-tests';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const driver = env('BENCH_DRIVER') as 'pglite' | 'postgres';
const dataDir = env('BENCH_DATA_DIR');
const examinees = Number(env('BENCH_EXAMINEES'));
const jwtSecret = env('BENCH_JWT_SECRET');

const workers = driver === 'postgres' ? Number(process.env.BENCH_WORKERS ?? 1) : 1;
const openIt = (): Promise<Database> =>
  driver === 'pglite'
    ? openDatabase({ driver: 'pglite', dataDir })
    : openDatabase({
        driver: 'postgres',
        url: env('BENCH_DATABASE_URL'),
        poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20),
      });

/** Migrates, seeds the practice tests and creates the examinees, each with a live session. */
async function prepare(database: Database) {
  await migrateDatabase(database);
  await seedDatabase(database.db, {
    demo: true,
    steps: [examStructureStep, practiceTestsStep],
    context: { storage: localUploads(dataDir) },
  });
  const { rows } = await database.executeSql(
    `with made as (
       insert into users (email, full_name, scope, password_hash)
       select 'examinee' || n || '@bench.prepwise.vn', 'Thí sinh ' || n, 'user', 'not-a-password-hash'
       from generate_series(1, ${examinees}) as n returning id
     )
     insert into sessions (user_id, strategy, expires_at)
     select id, 'user', now() + interval '1 day' from made returning id, user_id`,
  );
  const tokens = await Promise.all(
    rows.map((row) =>
      signAccessToken(jwtSecret, { sub: String(row.user_id), sid: String(row.id), strategy: 'user' }, 3600),
    ),
  );
  writeFileSync(env('TOKENS_FILE'), JSON.stringify(tokens));
}

/** Builds the app on this process's own connection pool and listens on `port` (0: any free port). */
async function serve(database: Database, port: number) {
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    COOKIE_SECRET: 'bench-cookie-secret-that-is-long-enough-00000',
    LOG_LEVEL: 'warn',
    WEB_MODE: 'none',
  });
  const app = await buildApp({ config, database, storage: localUploads(dataDir), logger: false });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  await app.listen({ host: '127.0.0.1', port });
  if (process.env.BENCH_TRACE === '1') trace(database);
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected listen address');
  return address.port;
}

/** Prints one line a second to stderr: how busy the event loop was, GC pauses and the writer's batching. */
function trace(database: Database) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let gcMs = 0;
  let gcCount = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcCount += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  const writer = answerWriter(database);
  let last = performance.eventLoopUtilization();
  let statements = writer.stats.statements;
  let saves = writer.stats.saves;
  const started = Date.now();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const use = performance.eventLoopUtilization(now, last).utilization;
    const newStatements = writer.stats.statements - statements;
    const newSaves = writer.stats.saves - saves;
    if (newSaves > 0 || use > 0.05) {
      const time = new Date().toISOString().slice(11, 19);
      process.stderr.write(
        `  [server ${process.pid} ${time} +${Math.round((Date.now() - started) / 1000)}s] loop busy ${(use * 100).toFixed(0)}% · longest delay ${(delay.max / 1e6).toFixed(0)} ms · gc ${gcMs.toFixed(0)} ms in ${gcCount} · ${newSaves} saves in ${newStatements} statements\n`,
      );
    }
    last = now;
    statements = writer.stats.statements;
    saves = writer.stats.saves;
    gcMs = 0;
    gcCount = 0;
    delay.reset();
  }, 1000).unref();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

if (workers === 1) {
  const database = await openIt();
  await prepare(database);
  process.stdout.write(`listening ${await serve(database, 0)}\n`);
} else if (cluster.isPrimary) {
  const database = await openIt();
  await prepare(database);
  await database.close();
  const port = await freePort();
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) process.stdout.write(`listening ${port}\n`);
  });
  for (let i = 0; i < workers; i++) cluster.fork({ BENCH_PORT: String(port) });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  await serve(await openIt(), Number(env('BENCH_PORT')));
}
