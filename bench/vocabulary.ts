// Vocabulary reviews at scale: one learner with 50,000 cards and 1,000,000 review logs; prints p50/p95/p99
// of "next due cards" (GET /api/user/vocabulary/review) and of recording a rating (POST …/reviews)
// through the real app in-process (app.inject: handler + database, no network), then the ratings per
// second recorded by 500 learners at once (the review service called concurrently, one rating each in
// turn). Prints figures only; nothing here asserts a timing. Targets: p95 ≤ 20 ms on PostgreSQL.
//
// Knobs: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created
// beside it and dropped at the end), BENCH_CARDS (50000), BENCH_LOGS (1000000), BENCH_REQUESTS (200),
// BENCH_LEARNERS (500), BENCH_DRIVER=pglite to measure the embedded database instead.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { localUploads } from '../apps/api/src/lib/storage';
import { review } from '../apps/api/src/modules/vocabulary/review.service';
import { seedDatabase } from '../apps/api/src/seed';
import { demoAccountsStep } from '../apps/api/src/seed/demo-accounts';

const cardCount = Number(process.env.BENCH_CARDS ?? 50_000);
const logCount = Number(process.env.BENCH_LOGS ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const learners = Number(process.env.BENCH_LEARNERS ?? 500);
const driver = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-vocabulary-'));
const benchDatabase = `prepwise_bench_vocab_${process.pid}`;

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
  const database = await openDatabase({ driver: 'postgres', url: urlFor(benchDatabase), poolSize: 20 });
  return {
    database,
    drop: async () => {
      const cleaner = await openDatabase({ driver: 'postgres', url: urlFor('postgres'), poolSize: 1 });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

/**
 * The words, one published topic, the demo learner's cards (reviewed, due spread over ±60 days) and
 * their logs, and `learners` more learners with 20 cards due each.
 */
async function fill(database: Database, learnerId: string) {
  const started = performance.now();
  await database.executeSql(`
    INSERT INTO vocabulary_words (headword, part_of_speech, meaning_vi, definition_en, level)
    SELECT 'word' || g, 'noun', 'nghĩa ' || g, 'meaning ' || g, 'B1' FROM generate_series(1, ${cardCount}) AS g`);
  await database.executeSql(
    `
    INSERT INTO vocabulary_cards (user_id, word_id, state, due, stability, difficulty, scheduled_days, reps, last_review, created_at)
    SELECT $1, w.id, 2, now() + ((row_number() OVER (ORDER BY w.id) % 120) - 60) * interval '1 day',
           10, 5, 10, 3, now() - interval '10 days', now() - interval '90 days'
    FROM vocabulary_words w`,
    [learnerId],
  );
  const batch = 200_000;
  for (let done = 0; done < logCount; done += batch) {
    const size = Math.min(batch, logCount - done);
    await database.executeSql(
      `
      WITH c AS (SELECT array_agg(id) AS ids FROM vocabulary_cards WHERE user_id = $1)
      INSERT INTO vocabulary_review_logs (user_id, card_id, rating, state_before, state_after, elapsed_days,
        scheduled_days, stability_after, difficulty_after, due_after, desired_retention, card_before, reviewed_at)
      SELECT $1, c.ids[1 + (g % array_length(c.ids, 1))], 1 + g % 4, 2, 2, 5, 10, 10, 5, now(), 0.9,
             '{"state":2,"due":"2026-01-01T00:00:00.000Z","stability":10,"difficulty":5,"elapsedDays":5,"scheduledDays":10,"learningSteps":0,"reps":3,"lapses":0,"lastReview":null}'::jsonb,
             now() - (g || ' minutes')::interval
      FROM generate_series(${done + 1}, ${done + size}) AS g, c`,
      [learnerId],
    );
  }
  await database.executeSql(`
    INSERT INTO users (email, full_name, scope)
    SELECT 'bench' || g || '@example.vn', 'Bench ' || g, 'user' FROM generate_series(1, ${learners}) AS g`);
  await database.executeSql(`
    INSERT INTO vocabulary_cards (user_id, word_id, state, due, stability, difficulty, scheduled_days, reps, last_review)
    SELECT u.id, w.id, 2, now() - interval '1 hour', 10, 5, 10, 3, now() - interval '10 days'
    FROM users u CROSS JOIN LATERAL (SELECT id FROM vocabulary_words ORDER BY id LIMIT 20) w
    WHERE u.email LIKE 'bench%@example.vn'`);
  await database.executeSql('ANALYZE vocabulary_cards; ANALYZE vocabulary_review_logs');
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const line = (name: string, times: number[]) => {
  times.sort((a, b) => a - b);
  console.info(
    `${name.padEnd(24)} ${percentile(times, 50).toFixed(1).padStart(6)}   ${percentile(times, 95).toFixed(1).padStart(6)}   ${percentile(times, 99).toFixed(1).padStart(6)}`,
  );
};

async function main() {
  const { database, drop } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const storage = localUploads(dataDir);
    await seedDatabase(database.db, { demo: true, steps: [demoAccountsStep], context: { storage } });
    const learner = await database.executeSql("SELECT id FROM users WHERE email = 'learner@prepwise.vn'");
    const learnerId = String(learner.rows[0]?.id);
    const fillMs = await fill(database, learnerId);
    const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_MODE: 'none' });
    const app = await buildApp({ config, database, logger: false, storage, jobs: { supervise: false } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: 'learner@prepwise.vn', password: 'Demo@12345' },
    });
    const headers = { authorization: `Bearer ${login.json().result.access_token}` };
    console.info(
      `\nVocabulary: ${cardCount.toLocaleString('en')} cards and ${logCount.toLocaleString('en')} review logs for one learner on ${driver} (filled in ${(fillMs / 1000).toFixed(1)} s), ${requests} requests per scenario\n`,
    );
    console.info('scenario                 p50 ms   p95 ms   p99 ms');

    const queueTimes: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/user/vocabulary/review', headers });
      if (response.statusCode !== 200)
        throw new Error(`queue answered ${response.statusCode}: ${response.body}`);
      if (i >= 10) queueTimes.push(performance.now() - started);
    }
    line('next due cards', queueTimes);

    const due = await database.executeSql(
      `SELECT id FROM vocabulary_cards WHERE user_id = $1 AND state <> 0 AND due <= now() ORDER BY due LIMIT ${requests}`,
      [learnerId],
    );
    const rateTimes: number[] = [];
    for (const row of due.rows) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/user/vocabulary/cards/${String(row.id)}/reviews`,
        headers,
        payload: { rating: 3 },
      });
      if (response.statusCode !== 200)
        throw new Error(`rating answered ${response.statusCode}: ${response.body}`);
      rateTimes.push(performance.now() - started);
    }
    line('record a rating', rateTimes);

    // 500 learners at once: each rates its 20 due cards one after the other, all learners together.
    const cards = await database.executeSql(`
      SELECT c.user_id, array_agg(c.id) AS ids FROM vocabulary_cards c JOIN users u ON u.id = c.user_id
      WHERE u.email LIKE 'bench%@example.vn' GROUP BY c.user_id`);
    const started = performance.now();
    let recorded = 0;
    await Promise.all(
      cards.rows.map(async (row) => {
        for (const id of row.ids as string[]) {
          await review(database.db, String(row.user_id), id, { rating: 3 }, new Date());
          recorded++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `\n${cards.rows.length} learners at once: ${recorded.toLocaleString('en')} ratings in ${seconds.toFixed(1)} s = ${Math.round(recorded / seconds).toLocaleString('en')} ratings/s`,
    );
    await app.close();
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
