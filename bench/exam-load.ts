// Exam load: N examinees start the seeded TOEIC test in a burst, then save answers at realistic intervals
// (one change every 0.2–0.8 s each), against PGlite and against PostgreSQL. Prints starts/s, saves/s,
// p50/p95/p99 latencies, errors, answers lost (every acknowledged save is read back at the end) and the
// save throughput next to a bare Fastify hello-world measured in the same run. Prints figures only.
// The server runs in its own process (bench/support/exam-server.ts), as hello-world does, so the load
// client never takes CPU from the server's event loop.
//
// Flags: --examinees N (1000) · --seconds S of saving (15) · --driver pglite|postgres|both (both) ·
// --workers N|auto (server processes on PostgreSQL, as WORKERS in production; default 1, auto = one per
// CPU; PGlite always runs one) · --timeline (saves and latencies second by second, and each server
// process's event-loop use, GC time and answer-writer batching) · --cpu-prof DIR (a V8 CPU profile
// of each server process).
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
// database is created there and dropped afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { type Database, openDatabase } from '../apps/api/src/db/client';

const { values: flags } = parseArgs({
  options: {
    examinees: { type: 'string', default: process.env.BENCH_EXAMINEES ?? '1000' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '15' },
    driver: { type: 'string', default: process.env.BENCH_DRIVER ?? 'both' },
    // One: on a 2-core machine that also runs the load client and PostgreSQL, a second server process
    // only adds contention (see docs/ARCHITECTURE.md §9); `auto` is one per CPU.
    workers: { type: 'string', default: process.env.BENCH_WORKERS ?? '1' },
    /** Print the saves and their latencies second by second. */
    timeline: { type: 'boolean', default: false },
    /** Write a V8 CPU profile of the server process into this folder (open it in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
  },
});
const examinees = Number(flags.examinees);
const saveSeconds = Number(flags.seconds);
const postgresWorkers = flags.workers === 'auto' ? os.availableParallelism() : Number(flags.workers);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOEIC = 'toeic-listening-reading-de-luyen-1';
const JWT = 'bench-jwt-secret-that-is-long-enough-0000000';

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! : 0;
const summarize = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms · p95 ${percentile(sorted, 0.95).toFixed(1)} ms · p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One connection pool per server (256 connections, as many browsers' worth as a class needs at once). */
const pools = new Map<string, Pool>();
function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: 256, pipelining: 1 });
    pools.set(origin, pool);
  }
  return pool;
}

/**
 * A request through undici, the lightest HTTP client for Node: the load client shares the 2 cores with
 * the server, so every microsecond it spends is one the server does not get (hello-world uses it too).
 */
async function send(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  body?: object,
): Promise<{ status: number; json: () => { result: Record<string, unknown> } & Record<string, unknown> }> {
  const target = new URL(`${base}${url}`);
  const response = await poolFor(target.origin).request({
    method,
    path: `${target.pathname}${target.search}`,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.body.text();
  return { status: response.statusCode, json: () => JSON.parse(text) };
}

/** Requests per second of a bare Fastify hello-world in another process, closed loop, same client. */
async function helloWorldRate(concurrency: number, seconds: number): Promise<number> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/support/hello-fastify.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error('hello-world exited')));
    });
    const base = `http://127.0.0.1:${port}`;
    let done = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          await send(base, 'GET', '/');
          done++;
        }
      }),
    );
    return done / seconds;
  } finally {
    child.kill('SIGTERM');
  }
}

/** Starts bench/support/exam-server.ts in its own process; resolves once it listens. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`] : []),
      '--import',
      'tsx',
      path.join(root, 'bench/support/exam-server.ts'),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the exam server exited (${code})`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { port, stop };
}

async function runAgainst(driver: 'pglite' | 'postgres', helloRate: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-exam-'));
  const databaseName = `prepwise_bench_exam_${process.pid}`;
  const pgUrl = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  if (driver === 'postgres') {
    const admin = await openDatabase({ driver: 'postgres', url: pgUrl('postgres'), poolSize: 1 });
    await admin.executeSql(`CREATE DATABASE ${databaseName}`);
    await admin.close();
  }
  const tokensFile = path.join(dataDir, 'tokens.json');
  try {
    const server = await startServer({
      BENCH_DRIVER: driver,
      BENCH_DATA_DIR: dataDir,
      BENCH_DATABASE_URL: pgUrl(databaseName),
      BENCH_EXAMINEES: String(examinees),
      BENCH_WORKERS: String(driver === 'postgres' ? postgresWorkers : 1),
      BENCH_JWT_SECRET: JWT,
      BENCH_TRACE: flags.timeline ? '1' : '0',
      TOKENS_FILE: tokensFile,
    });
    const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
    const base = `http://127.0.0.1:${server.port}/api`;
    let stopped = false;
    try {
      // The burst: every examinee starts at once.
      const startLatencies: number[] = [];
      let startErrors = 0;
      const burstStarted = performance.now();
      const attemptIds = await Promise.all(
        tokens.map(async (token) => {
          const sent = performance.now();
          const response = await send(base, 'POST', `/user/tests/${TOEIC}/attempts`, token, {}).catch(
            () => null,
          );
          startLatencies.push(performance.now() - sent);
          if (response?.status !== 201 && response?.status !== 200) {
            startErrors++;
            return null;
          }
          return response.json().result.id as string;
        }),
      );
      const burstSeconds = (performance.now() - burstStarted) / 1000;

      const paper = (await send(base, 'GET', `/user/attempts/${attemptIds.find(Boolean)}`, tokens[0])).json()
        .result;
      const questions = (
        paper.sections as {
          items: {
            kind: string;
            question?: { id: string; answer_kind: string };
            group?: { questions: { id: string; answer_kind: string }[] };
          }[];
        }[]
      )
        .flatMap((section) => section.items)
        .flatMap((item) => (item.kind === 'question' ? [item.question!] : item.group!.questions))
        .filter((question) => question.answer_kind === 'single_choice');

      // Saving: each examinee changes one answer every 0.2–0.8 s.
      const saveLatencies: number[] = [];
      /** Latencies by the second the save was sent in (`--timeline`). */
      const bySecond: number[][] = [];
      let saveErrors = 0;
      const acknowledged = new Map<string, { key: string; seq: number }>();
      const until = performance.now() + saveSeconds * 1000;
      const savingStarted = performance.now();
      await Promise.all(
        attemptIds.map(async (attemptId, index) => {
          if (!attemptId) return;
          let seq = 0;
          await sleep(Math.random() * 500);
          while (performance.now() < until) {
            const question = questions[(index + seq) % questions.length]!;
            const key = ['A', 'B', 'C', 'D'][(index + seq) % 3]!;
            const change = { question_id: question.id, answer: { key }, seq: ++seq };
            const sent = performance.now();
            const response = await send(base, 'PUT', `/user/attempts/${attemptId}/answers`, tokens[index], {
              answers: [change],
            }).catch(() => null);
            saveLatencies.push(performance.now() - sent);
            const second = Math.floor((sent - savingStarted) / 1000);
            const bucket = bySecond[second] ?? [];
            bucket.push(performance.now() - sent);
            bySecond[second] = bucket;
            if (response?.status === 200)
              acknowledged.set(`${attemptId}:${question.id}`, { key, seq: change.seq });
            else saveErrors++;
            await sleep(200 + Math.random() * 600);
          }
        }),
      );
      const savingSeconds = (performance.now() - savingStarted) / 1000;
      if (flags.timeline) {
        for (const [second, samples] of bySecond.entries()) {
          if (samples)
            console.info(
              `  second ${String(second).padStart(2)} (${new Date(performance.timeOrigin + savingStarted + second * 1000).toISOString().slice(11, 19)}): ${samples.length} saves · ${summarize(samples)}`,
            );
        }
      }

      // The server stops first (PGlite allows one process), then every acknowledged save is read back.
      await server.stop();
      stopped = true;
      const rows = await readAnswers(driver, dataDir, pgUrl(databaseName));
      const stored = new Map(rows.map((row) => [`${row.attempt_id}:${row.question_id}`, row]));
      let lost = 0;
      for (const [key, expected] of acknowledged) {
        const row = stored.get(key);
        if (!row || Number(row.seq) !== expected.seq || (row.answer as { key: string }).key !== expected.key)
          lost++;
      }
      const saveRate = saveLatencies.length / savingSeconds;
      const where =
        driver === 'pglite'
          ? 'PGlite (embedded), 1 server process'
          : `PostgreSQL, ${postgresWorkers} server process(es)`;
      console.info(`\n${where} · ${examinees} examinees`);
      console.info(
        `  starts: ${examinees} in ${burstSeconds.toFixed(2)} s = ${(examinees / burstSeconds).toFixed(0)}/s · ${summarize(startLatencies)} · errors ${startErrors}`,
      );
      console.info(
        `  saves:  ${saveLatencies.length} in ${savingSeconds.toFixed(1)} s = ${saveRate.toFixed(0)}/s · ${summarize(saveLatencies)} · errors ${saveErrors}`,
      );
      console.info(
        `  lost answers: ${lost} of ${acknowledged.size} acknowledged · saves/s ÷ hello-world req/s (${helloRate.toFixed(0)}/s) = ${(saveRate / helloRate).toFixed(3)}`,
      );
    } finally {
      if (!stopped) await server.stop();
    }
  } finally {
    if (driver === 'postgres') {
      const cleaner = await openDatabase({ driver: 'postgres', url: pgUrl('postgres'), poolSize: 1 });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleaner.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every stored answer, read straight from the database once the server has stopped. */
async function readAnswers(driver: 'pglite' | 'postgres', dataDir: string, url: string) {
  const database: Database =
    driver === 'pglite'
      ? await openDatabase({ driver: 'pglite', dataDir })
      : await openDatabase({ driver: 'postgres', url, poolSize: 1 });
  try {
    const { rows } = await database.executeSql(
      'select attempt_id, question_id, answer, seq from attempt_answers',
    );
    return rows;
  } finally {
    await database.close();
  }
}

const drivers =
  flags.driver === 'both' ? (['pglite', 'postgres'] as const) : [flags.driver as 'pglite' | 'postgres'];
const helloRate = await helloWorldRate(100, 5);
console.info(`bare Fastify hello-world: ${helloRate.toFixed(0)} req/s (100 connections, same client)`);
for (const driver of drivers) await runAgainst(driver, helloRate);
await Promise.all([...pools.values()].map((pool) => pool.close()));
