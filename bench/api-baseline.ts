// API baseline: the real production server's /api/health next to a bare Fastify hello-world, measured with
// autocannon in the same run, plus the server's start-up time on a fresh DATA_DIR and on a warm one.
// Prints figures only; nothing here asserts a timing.
//
// Knobs (environment): BENCH_DURATION seconds per target (10), BENCH_CONNECTIONS (50),
// BENCH_LOG_LEVEL for the real server (info, as in production; /api/health logs only warnings).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/api/dist/server.js');
const helloEntry = path.join(root, 'bench/support/hello-fastify.ts');
const tsxLoader = import.meta.resolve('tsx');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';

const children = new Set<ChildProcess>();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-'));

function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(130));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/** Collects a child's output so a failed start can show it. */
function capture(child: ChildProcess): () => string {
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => output;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function stop(child: ChildProcess): Promise<number> {
  const started = performance.now();
  if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited(child);
  clearTimeout(timer);
  children.delete(child);
  return performance.now() - started;
}

interface StartedServer {
  child: ChildProcess;
  url: string;
  startupMs: number;
  reportedMs: number | undefined;
}

/** Spawns the production server on DATA_DIR and waits until /api/health answers 200. */
async function startRealServer(): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output = capture(child);
  let gone = false;
  void exited(child).then(() => {
    gone = true;
  });

  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (gone) throw new Error(`the server exited during start-up:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        const startupMs = performance.now() - started;
        // server.ts prints `started in 1.23 s`; accept `… ms` too.
        const reported = /started in ([\d.]+) (ms|s)\b/.exec(output());
        const reportedMs = reported ? Number(reported[1]) * (reported[2] === 's' ? 1000 : 1) : undefined;
        return { child, url, startupMs, reportedMs };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`/api/health did not answer within 120 s:\n${output()}`);
}

async function startHello(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', tsxLoader, helloEntry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output = capture(child);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hello-world did not start:\n${output()}`)), 30_000);
    child.stdout?.on('data', () => {
      const match = /listening (\d+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error(`hello-world exited:\n${output()}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/` };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function load(url: string): Promise<Load> {
  // A short warm-up so the JIT and the connection pool settle before the measured run.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  // The same check `npm start` uses: a build stamp whose fingerprint matches the sources.
  const buildLib = (await import(pathToFileURL(path.join(root, 'scripts/lib.mjs')).href)) as {
    buildIsCurrent(): boolean;
  };
  if (!buildLib.buildIsCurrent()) {
    console.info('The production build is missing or stale: running npm run build');
    await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
  }
  console.info(
    `node ${process.version} · ${os.cpus().length} CPUs · ${connections} connections · ${duration} s per target · server LOG_LEVEL=${logLevel}`,
  );

  // 1. First start on an empty DATA_DIR (creates the database, migrates, seeds), then stop by PID.
  const first = await startRealServer();
  const firstStop = await stop(first.child);

  // 2. Warm start on the same DATA_DIR; this instance also serves the load test.
  const warm = await startRealServer();

  const startupRows = [
    ['start-up', 'until /api/health', 'server says', 'SIGTERM → exit'],
    [
      'first (fresh DATA_DIR)',
      ms(first.startupMs),
      first.reportedMs === undefined ? '–' : ms(first.reportedMs),
      ms(firstStop),
    ],
  ];

  const real = await load(`${warm.url}/api/health`);
  const warmStop = await stop(warm.child);
  startupRows.push([
    'warm (same DATA_DIR)',
    ms(warm.startupMs),
    warm.reportedMs === undefined ? '–' : ms(warm.reportedMs),
    ms(warmStop),
  ]);

  const hello = await startHello();
  const baseline = await load(hello.url);
  await stop(hello.child);

  const row = (name: string, result: Load) => [
    name,
    result.rps.toFixed(0),
    `${result.p50} ms`,
    `${result.p99} ms`,
    String(result.requests),
    String(result.non2xx + result.errors),
  ];
  console.info(`\n${table(startupRows)}\n`);
  console.info(
    table([
      ['target', 'req/s', 'p50', 'p99', 'requests', 'non-2xx/errors'],
      row('prepwise GET /api/health', real),
      row('bare fastify GET /', baseline),
      [
        'ratio prepwise / bare',
        (real.rps / baseline.rps).toFixed(2),
        baseline.p50 > 0 ? (real.p50 / baseline.p50).toFixed(2) : '–',
        baseline.p99 > 0 ? (real.p99 / baseline.p99).toFixed(2) : '–',
        '',
        '',
      ],
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
