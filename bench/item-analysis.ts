// Item analysis at scale (issue 15): fills submitted attempts of the seeded TOEIC test (200 questions) and
// prints how long the `item-analysis.refresh` job takes to recompute the version (both scopes: first
// attempts and all), per 1,000 submitted attempts, plus p50/p95 of the page's API call. Prints figures
// only; nothing here asserts a timing.
//
// How the job keeps up: a submit only marks its version pending (one upsert in the submit's transaction)
// and wakes the job at most once a second per process; one run recomputes every pending version from all
// its attempts. So the job keeps up with any submission rate as long as a run takes less than the time the
// analysis may lag behind: at 2,000 submissions a minute, the page is at most (one run + 1 s) old.
//
// Knobs: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created
// beside it and dropped at the end), BENCH_ATTEMPTS (comma-separated totals, default 1000,5000,10000),
// BENCH_DRIVER=pglite for the embedded database, BENCH_KEEP=1 to keep the filled database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { localUploads } from '../apps/api/src/lib/storage';
import {
  computeItemAnalysis,
  versionQuestions,
} from '../apps/api/src/modules/item-analysis/item-analysis.service';
import { seedDatabase } from '../apps/api/src/seed';
import { demoAccountsStep } from '../apps/api/src/seed/demo-accounts';
import { examStructureStep } from '../apps/api/src/seed/exam-structure';
import { practiceTestsStep } from '../apps/api/src/seed/practice-tests';

const scales = (process.env.BENCH_ATTEMPTS ?? '1000,5000,10000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => value > 0)
  .sort((a, b) => a - b);
const driver = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-items-'));
const benchDatabase = `prepwise_bench_items_${process.pid}`;
const TOEIC = 'toeic-listening-reading-de-luyen-1';

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

/**
 * Adds `count` submitted full attempts (one learner each; every fifth learner of the batch also has a
 * second attempt counted under "all") with an answer to every single-choice question: right when the
 * learner's ability plus some noise clears the question's difficulty, otherwise a random option.
 */
async function fill(
  database: Database,
  test: { id: string; version: number; sections: string[] },
  questions: { id: string; key: string; difficulty: number }[],
  from: number,
  count: number,
) {
  const batch = 500;
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    const first = from + done + 1;
    await database.executeSql(
      `WITH learners AS (
         INSERT INTO users (email, full_name, password_hash, scope)
         SELECT 'bench.' || g || '@example.vn', 'Bench ' || g, 'x', 'user'
         FROM generate_series($1::int, $2::int) AS g
         RETURNING id, full_name
       ), made AS (
         INSERT INTO attempts (user_id, test_id, test_version, mode, section_ids, status, started_at,
                               submitted_at, submit_reason, grading, score_total, max_score, question_count)
         SELECT l.id, $3, $4, 'full', $5::jsonb, 'submitted', now() - interval '1 hour', now(), 'learner',
                'complete', 0, 0, $6
         FROM learners l
         RETURNING id
       )
       INSERT INTO attempt_answers (attempt_id, question_id, answer, seq, outcome, points)
       SELECT m.id, q.id, jsonb_build_object('key', c.chosen), 1,
              CASE WHEN c.chosen = q.key THEN 'correct' ELSE 'wrong' END,
              CASE WHEN c.chosen = q.key THEN 1 ELSE 0 END
       FROM made m
       CROSS JOIN jsonb_to_recordset($7::jsonb) AS q(id uuid, key text, difficulty float8)
       CROSS JOIN LATERAL (
         SELECT CASE
           WHEN (abs(hashtext(m.id::text)) % 1000) / 1000.0
                + (abs(hashtext(m.id::text || q.id::text)) % 1000) / 2500.0 - 0.2 > q.difficulty
             THEN q.key
           ELSE (ARRAY['A', 'B', 'C', 'D'])[1 + abs(hashtext(q.id::text || m.id::text)) % 4]
         END AS chosen
       ) AS c`,
      [
        first,
        first + size - 1,
        test.id,
        test.version,
        JSON.stringify(test.sections),
        questions.length,
        JSON.stringify(questions),
      ],
    );
  }
  await database.executeSql('ANALYZE attempts');
  await database.executeSql('ANALYZE attempt_answers');
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
      steps: [examStructureStep, demoAccountsStep, practiceTestsStep],
      context: { storage },
    });
    const row = (
      await database.executeSql('SELECT id, published_version FROM tests WHERE slug = $1', [TOEIC])
    ).rows[0] as { id: string; published_version: number } | undefined;
    if (!row) throw new Error('The seeded TOEIC test is missing');
    const sections = (
      await database.executeSql(
        "SELECT jsonb_path_query_array(snapshot, '$.sections[*].id') AS ids FROM test_versions WHERE test_id = $1 AND version = $2",
        [row.id, row.published_version],
      )
    ).rows[0] as { ids: string[] };
    const all = await versionQuestions(database.db, row.id, row.published_version);
    const questions = all
      .filter((question) => question.kind === 'single_choice')
      .map((question, index) => ({
        id: question.id,
        key: String((question.answer as { key?: string }).key),
        difficulty: 0.1 + ((index * 37) % 80) / 100,
      }));
    const test = { id: row.id, version: row.published_version, sections: sections.ids };

    const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_MODE: 'none' });
    const app = await buildApp({ config, database, logger: false, storage, jobs: { supervise: false } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'admin@prepwise.vn', password: 'Demo@12345' },
    });
    const headers = { authorization: `Bearer ${login.json().result.access_token}` };

    console.info(
      `\nItem analysis on ${driver}: TOEIC test, ${all.length} questions (${questions.length} answered per attempt), both scopes per run\n`,
    );
    console.info(
      'attempts   fill s   job run s   ms per 1,000 attempts   page p50 ms   p95 ms   behind at 2,000/min',
    );
    let filled = 0;
    for (const scale of scales) {
      const fillStarted = performance.now();
      await fill(database, test, questions, filled, scale - filled);
      filled = scale;
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      await computeItemAnalysis(database.db, test.id, test.version, new Date()); // warm the model cache
      const runs: number[] = [];
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        await computeItemAnalysis(database.db, test.id, test.version, new Date());
        runs.push(performance.now() - started);
      }
      runs.sort((a, b) => a - b);
      const jobMs = runs[1]!;
      const times: number[] = [];
      for (let request = 0; request < 60; request++) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/admin/tests/${test.id}/item-analysis?scope=${request % 2 ? 'all' : 'first'}`,
          headers,
        });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`item analysis answered ${response.statusCode}`);
        if (response.json().result.test.attempts !== scale) throw new Error('the analysis missed attempts');
      }
      times.sort((a, b) => a - b);
      console.info(
        `${scale.toLocaleString('en').padStart(8)}   ${fillSeconds.toFixed(1).padStart(6)}   ${(jobMs / 1000).toFixed(2).padStart(9)}   ${((jobMs / scale) * 1000).toFixed(0).padStart(21)}   ${percentile(times, 50).toFixed(1).padStart(11)}   ${percentile(times, 95).toFixed(1).padStart(6)}   ${((jobMs + 1000) / 1000).toFixed(1).padStart(13)} s`,
      );
    }
    console.info(
      '\nA run recomputes the whole version, so at 2,000 submissions a minute (33 a second) the analysis trails the',
    );
    console.info("newest submission by at most one run plus the 1 s wake-up throttle ('behind' above).");
    await app.close();
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
