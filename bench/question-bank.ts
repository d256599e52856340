// Question bank at scale: fills 100,000 questions and prints p50/p95/p99 of the filtered, paginated bank
// list (GET /api/admin/questions) through the real app, in-process (app.inject: handler + database,
// no network). Prints figures only; nothing here asserts a timing. Target: p95 < 50 ms on PostgreSQL.
//
// Knobs: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is
// created beside it and dropped at the end), BENCH_QUESTIONS (100000), BENCH_REQUESTS per scenario (200),
// BENCH_DRIVER=pglite to measure the embedded database instead, BENCH_KEEP=1 to keep the filled database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { localUploads } from '../apps/api/src/lib/storage';
import { seedDatabase } from '../apps/api/src/seed';
import { demoAccountsStep } from '../apps/api/src/seed/demo-accounts';
import { examStructureStep } from '../apps/api/src/seed/exam-structure';

const questionCount = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const driver = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-bank-'));
const benchDatabase = `prepwise_bench_${process.pid}`;

function urlFor(database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir });
    return { database, drop: async () => {} };
  }
  const admin = await openDatabase({ driver: 'postgres', url: urlFor('postgres'), poolSize: 1 });
  await admin.executeSql(`CREATE DATABASE ${benchDatabase}`);
  await admin.close();
  const database = await openDatabase({ driver: 'postgres', url: urlFor(benchDatabase), poolSize: 10 });
  return {
    database,
    drop: async () => {
      if (process.env.BENCH_KEEP) return console.info(`kept database ${benchDatabase}`);
      const cleaner = await openDatabase({ driver: 'postgres', url: urlFor('postgres'), poolSize: 1 });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

/** Inserts the questions in SQL batches, spread over the seeded parts, levels, types and a few tags. */
async function fill(database: Database) {
  const started = performance.now();
  const batch = 20_000;
  for (let done = 0; done < questionCount; done += batch) {
    const size = Math.min(batch, questionCount - done);
    await database.executeSql(`
      WITH f AS (SELECT array_agg(id ORDER BY id) AS ids FROM exam_formats),
           l AS (SELECT array_agg(id ORDER BY position) AS ids FROM levels WHERE organization_id IS NULL),
           t AS (SELECT id FROM question_types WHERE answer_kind = 'single_choice' AND organization_id IS NULL LIMIT 1)
      INSERT INTO questions (format_id, level_id, question_type_id, stem, stem_text, options, answer, tags, created_at)
      SELECT f.ids[1 + (g % array_length(f.ids, 1))],
             l.ids[1 + ((g / 7) % array_length(l.ids, 1))],
             t.id,
             '<p>Benchmark question ' || g || ' about ' || (array['meetings','travel','invoices','hiring','shipping'])[1 + g % 5] || '</p>',
             'Benchmark question ' || g || ' about ' || (array['meetings','travel','invoices','hiring','shipping'])[1 + g % 5],
             '[{"key":"A","content":"one"},{"key":"B","content":"two"},{"key":"C","content":"three"},{"key":"D","content":"four"}]'::jsonb,
             '{"key":"A"}'::jsonb,
             array[(array['grammar','vocabulary','listening','reading'])[1 + g % 4]],
             now() - (g || ' seconds')::interval
      FROM generate_series(${done + 1}, ${done + size}) AS g, f, l, t`);
  }
  await database.executeSql('ANALYZE questions');
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const { database, drop } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const storage = localUploads(dataDir);
    await seedDatabase(database.db, {
      demo: true,
      steps: [examStructureStep, demoAccountsStep],
      context: { storage },
    });
    const fillMs = await fill(database);
    const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_MODE: 'none' });
    const app = await buildApp({ config, database, logger: false, storage, jobs: { supervise: false } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'admin@prepwise.vn', password: 'Demo@12345' },
    });
    const headers = { authorization: `Bearer ${login.json().result.access_token}` };
    const formats = (await database.executeSql('SELECT id FROM exam_formats ORDER BY id LIMIT 2')).rows.map(
      (r) => String(r.id),
    );
    const level = String((await database.executeSql("SELECT id FROM levels WHERE code = 'B1'")).rows[0]?.id);
    const scenarios: [string, string][] = [
      ['newest, page 1', '/api/admin/questions?page=1&pageSize=20'],
      ['deep page (250)', '/api/admin/questions?page=250&pageSize=20'],
      ['by part', `/api/admin/questions?format_id=${formats[0]}&pageSize=20`],
      ['by part + level', `/api/admin/questions?format_id=${formats[1]}&level_id=${level}&pageSize=20`],
      ['by tag', '/api/admin/questions?tag=listening&pageSize=20'],
      ['text search', '/api/admin/questions?search=invoices&pageSize=20'],
    ];
    console.info(
      `\nQuestion bank: ${questionCount.toLocaleString('en')} questions on ${driver} (filled in ${(fillMs / 1000).toFixed(1)} s), ${requests} requests per scenario\n`,
    );
    console.info('scenario            total     p50 ms   p95 ms   p99 ms');
    for (const [name, url] of scenarios) {
      for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        total = response.json().result.total;
      }
      times.sort((a, b) => a - b);
      console.info(
        `${name.padEnd(18)} ${String(total).padStart(7)}   ${percentile(times, 50).toFixed(1).padStart(6)}   ${percentile(times, 95).toFixed(1).padStart(6)}   ${percentile(times, 99).toFixed(1).padStart(6)}`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
