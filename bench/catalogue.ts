// Test catalogue at scale: fills published tests (each with a 7-part, 210-question snapshot), learners
// and attempts, prints the query plans of the catalogue page (EXPLAIN ANALYZE) and p50/p95/p99 of the
// public catalogue, the filter bar, a test's detail and a learner's history through the real app
// (app.inject: handler + database, no network). Prints figures only; nothing here asserts a timing.
//
// Knobs: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created
// beside it and dropped at the end), BENCH_TESTS (2000), BENCH_ATTEMPTS (300000), BENCH_REQUESTS per
// scenario (100), BENCH_DRIVER=pglite for the embedded database, BENCH_PLANS=0 to skip the plans.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { localUploads } from '../apps/api/src/lib/storage';
import { type CatalogueQuery, catalogueRowsQuery } from '../apps/api/src/modules/catalogue/catalogue.service';
import { seedDatabase } from '../apps/api/src/seed';
import { demoAccountsStep } from '../apps/api/src/seed/demo-accounts';
import { examStructureStep } from '../apps/api/src/seed/exam-structure';

const testCount = Number(process.env.BENCH_TESTS ?? 2000);
const attemptCount = Number(process.env.BENCH_ATTEMPTS ?? 300_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const driver = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prepwise-bench-catalogue-'));
const benchDatabase = `prepwise_bench_cat_${process.pid}`;
const LEARNERS = 5000;

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
      const cleaner = await openDatabase({ driver: 'postgres', url: urlFor('postgres'), poolSize: 1 });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

/** Tests on TOEIC L&R (a tenth drafts, a tenth in organizations), their versions, learners and attempts. */
async function fill(database: Database) {
  const started = performance.now();
  const sql = (text: string) => database.executeSql(text);
  await sql(
    `INSERT INTO organizations (name, slug, email, status) VALUES ('Bench centre', 'bench-centre', 'c@example.vn', 'approved')`,
  );
  await sql(`
    WITH e AS (SELECT x.id FROM exams x JOIN categories c ON c.id = x.category_id WHERE c.slug = 'toeic' AND c.organization_id IS NULL LIMIT 1),
         l AS (SELECT array_agg(id ORDER BY position) AS ids FROM levels WHERE organization_id IS NULL),
         o AS (SELECT id FROM organizations LIMIT 1)
    INSERT INTO tests (organization_id, exam_id, title, slug, description, level_id, duration_minutes, status, access,
                       published_version, published_at, created_at)
    SELECT CASE WHEN g % 10 = 9 THEN o.id END, e.id,
           'Đề luyện ' || (array['ngữ pháp','đọc hiểu','nghe hiểu','từ vựng','tổng hợp'])[1 + g % 5] || ' số ' || g,
           'de-luyen-' || g,
           '<p>Đề luyện số ' || g || ' bám sát cấu trúc đề thi thật, có giải thích chi tiết cho từng câu hỏi.</p>',
           l.ids[1 + g % array_length(l.ids, 1)], 120,
           (CASE WHEN g % 10 = 8 THEN 'draft' ELSE 'published' END)::test_status,
           (CASE WHEN g % 4 = 0 THEN 'pack' ELSE 'free' END)::test_access,
           1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${testCount}) AS g, e, l, o`);
  await sql(`
    INSERT INTO test_sections (test_id, format_id, position)
    SELECT t.id, f.id, f.position FROM tests t JOIN exam_formats f ON f.exam_id = t.exam_id`);
  // A snapshot of about the real size: 7 parts of 30 questions with stems and options.
  await sql(`
    INSERT INTO test_versions (test_id, version, question_count, snapshot)
    SELECT t.id, 1, 210, jsonb_build_object('sections', (
      SELECT jsonb_agg(jsonb_build_object(
               'id', s.id,
               'format', jsonb_build_object('id', f.id, 'name', f.name, 'skill', f.skill, 'time_limit_minutes', f.time_limit_minutes),
               'items', (SELECT jsonb_agg(jsonb_build_object('kind', 'question', 'question', jsonb_build_object(
                           'id', gen_random_uuid(), 'stem', '<p>Question ' || q || ' of test ' || t.slug || ', about ' || repeat('meetings and invoices ', 4) || '</p>',
                           'options', '[{"key":"A","content":"one"},{"key":"B","content":"two"},{"key":"C","content":"three"},{"key":"D","content":"four"}]'::jsonb,
                           'answer', '{"key":"A"}'::jsonb)))
                         FROM generate_series(1, 30) q)) ORDER BY s.position)
      FROM test_sections s JOIN exam_formats f ON f.id = s.format_id WHERE s.test_id = t.id))
    FROM tests t`);
  await sql(`
    INSERT INTO users (email, full_name, password_hash, scope)
    SELECT 'learner' || g || '@bench.vn', 'Học viên ' || g, 'x', 'user' FROM generate_series(1, ${LEARNERS}) g`);
  // Attempts skewed towards the first tests (popularity), all submitted, spread over a year.
  await sql(`
    WITH t AS (SELECT array_agg(id ORDER BY created_at DESC) AS ids FROM tests WHERE status = 'published'),
         u AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE '%@bench.vn')
    INSERT INTO attempts (user_id, test_id, test_version, mode, section_ids, status, started_at, submitted_at,
                          time_spent_seconds, grading, score_total, max_score, correct_count, question_count, result)
    SELECT u.ids[(1 + (g::bigint * 7919) % array_length(u.ids, 1))::int],
           t.ids[1 + floor(power(random(), 3) * array_length(t.ids, 1))::int],
           1, 'full', '[]'::jsonb, 'submitted',
           now() - ((g % 525600) || ' minutes')::interval, now() - ((g % 525600) || ' minutes')::interval + interval '100 minutes',
           6000, 'complete', 10 + g % 980, 990, g % 200, 200,
           '{"sections":[],"counts":{},"parts":[]}'::jsonb
    FROM generate_series(1, ${attemptCount}) g, t, u`);
  // As autovacuum would have by then: visibility map set, so counts read attempts_test_idx alone.
  await sql('VACUUM ANALYZE');
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
    const one = async (text: string) => (await database.executeSql(text)).rows[0] ?? {};
    const level = String(
      (await one("SELECT id FROM levels WHERE code = 'B1' AND organization_id IS NULL")).id,
    );
    const busyLearner = String(
      (
        await one(
          'SELECT u.email FROM users u JOIN attempts a ON a.user_id = u.id GROUP BY u.email ORDER BY count(*) DESC LIMIT 1',
        )
      ).email,
    );
    await database.executeSql('UPDATE users SET password_hash = $1 WHERE email = $2', [
      await hashPassword('Bench@12345'),
      busyLearner,
    ]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { email: busyLearner, password: 'Bench@12345' },
    });
    const learnerHeaders = { authorization: `Bearer ${login.json().result.access_token}` };

    const base: CatalogueQuery = { page: 1, pageSize: 20, sort: 'newest' };
    const plans: [string, CatalogueQuery][] = [
      ['newest, page 1', base],
      ['popular, page 1', { ...base, sort: 'popular' }],
      ['title, page 5', { ...base, sort: 'title', page: 5 }],
      ['search "ngu phap"', { ...base, search: 'ngu phap' }],
      ['level + access', { ...base, level_id: level, access: 'free' }],
    ];
    const counts = await one(
      "SELECT (SELECT count(*) FROM tests WHERE status = 'published' AND organization_id IS NULL) AS published, (SELECT count(*) FROM attempts) AS attempts",
    );
    console.info(
      `\nCatalogue: ${counts.published} published platform tests of ${testCount}, ${counts.attempts} attempts, ${LEARNERS} learners on ${driver} (filled in ${(fillMs / 1000).toFixed(1)} s)\n`,
    );
    if (process.env.BENCH_PLANS !== '0') {
      for (const [name, query] of plans) {
        const { sql: text, params } = catalogueRowsQuery(database.db, query).toSQL();
        const plan = await database.executeSql(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params);
        console.info(`-- plan: ${name}`);
        for (const row of plan.rows) console.info(`   ${String(Object.values(row)[0])}`);
      }
    }

    const slug = String(
      (await one("SELECT slug FROM tests WHERE status = 'published' AND organization_id IS NULL LIMIT 1"))
        .slug,
    );
    const scenarios: [string, string, Record<string, string> | undefined][] = [
      ['learner history', '/api/user/test-history', learnerHeaders],
      ['newest, page 1', '/api/public/tests', undefined],
      ['newest, page 50', '/api/public/tests?page=50', undefined],
      ['popular', '/api/public/tests?sort=popular', undefined],
      ['title', '/api/public/tests?sort=title', undefined],
      ['search', `/api/public/tests?search=${encodeURIComponent('ngữ pháp')}`, undefined],
      ['level + access', `/api/public/tests?level_id=${level}&access=free`, undefined],
      ['filters', '/api/public/test-filters', undefined],
      ['detail', `/api/public/tests/${slug}`, undefined],
    ];
    console.info('\nscenario            p50 ms   p95 ms   p99 ms');
    for (const [name, url, headers] of scenarios) {
      for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      }
      times.sort((a, b) => a - b);
      console.info(
        `${name.padEnd(18)} ${percentile(times, 50).toFixed(1).padStart(6)}   ${percentile(times, 95).toFixed(1).padStart(6)}   ${percentile(times, 99).toFixed(1).padStart(6)}`,
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
